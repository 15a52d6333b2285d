package dev.snailbench.inference.messaging;

import dev.snailbench.inference.client.ModelClient;
import dev.snailbench.inference.support.WorkItems;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.PromptOptions;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.FakeOpenAi;
import dev.snailbench.testkit.InFlightSamples;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * A job through the whole hop (Kafka in, prompt, model call, extraction, PostgreSQL, Kafka out) against the fake
 * model answering in 10 ms, with the topic at 32 partitions, 32 consumers and backend concurrency 32. Prints the
 * requests in flight at the model and the throughput. Run on request:
 * {@code mvn -B -q test -Dtest=InferenceJobBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 * Beyond the in-memory tier: a whole job's throughput over the real broker and PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
@TestProfile(InferenceJobBenchmark.Scaled.class)
class InferenceJobBenchmark {

    static final int PARTITIONS = 32;
    static final int ITEMS = Integer.getInteger("bench.items", 3_000);
    static final int LATENCY_MS = Integer.getInteger("bench.latency-ms", 10);

    public static class Scaled implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "mp.messaging.incoming.queries-to-infer.concurrency",
                    Integer.toString(PARTITIONS),
                    "snailbench.inference.backends.fake.concurrency",
                    Integer.toString(PARTITIONS),
                    "snailbench.inference.backends.fake.request-timeout",
                    "10s",
                    "quarkus.datasource.reactive.max-size",
                    "40",
                    "quarkus.log.level",
                    "WARN");
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(PartitionedTopics.class));
        }
    }

    /** Creates the topics with 32 partitions before the application subscribes (auto-creation would make 2). */
    public static class PartitionedTopics implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            Properties props = new Properties();
            props.put(
                    AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                    LocalStack.kafka().bootstrapServers());
            try (AdminClient admin = AdminClient.create(props)) {
                Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
                List<NewTopic> topics = Set.of(Topics.QUERIES_TO_INFER, Topics.SQL_TO_EXECUTE).stream()
                        .filter(t -> !existing.contains(t))
                        .map(t -> new NewTopic(t, PARTITIONS, (short) 1))
                        .toList();
                admin.createTopics(topics).all().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("cannot create the benchmark topics", e);
            }
            return Map.of();
        }

        @Override
        public void stop() {}
    }

    @Inject
    ModelClient models;

    @Test
    void keepsTheBackendBusyThroughTheWholeHop() throws Exception {
        FakeOpenAi fake = FakeOpenAi.instance();
        fake.defaultDelay(LATENCY_MS);
        String model = "bench-" + UUID.randomUUID();
        ModelRef ref = new ModelRef("bench", "fake", model, null, null, null);
        run(ref, 300, "warm-up"); // JIT, connection pools, partition assignment
        fake.resetInFlightStats();
        InFlightSamples inFlight =
                InFlightSamples.start(() -> models.backend("fake").inFlight(), fake::inFlight);
        long start = System.nanoTime();
        run(ref, ITEMS, "job");
        double seconds = (System.nanoTime() - start) / 1e9;
        inFlight.close();
        System.out.printf(
                "InferenceJobBenchmark: %d items through Kafka → inference → Kafka, %d partitions and "
                        + "consumers, backend concurrency %d, model latency %d ms: max in flight at the model %d; average "
                        + "in flight (1 ms samples) backend %.1f, model %.1f; %.0f items/s; %.2f s%n",
                ITEMS,
                PARTITIONS,
                PARTITIONS,
                LATENCY_MS,
                fake.maxInFlight(),
                inFlight.client(),
                inFlight.server(),
                ITEMS / seconds,
                seconds);
    }

    private static void run(ModelRef model, int items, String tag) throws Exception {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, LocalStack.kafka().bootstrapServers());
        props.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        UUID jobId = UUID.randomUUID();
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < items; i++) {
                WorkItem item = WorkItems.item(
                        "ATBI:" + i,
                        tag + " question " + i + " " + jobId,
                        "SELECT 1",
                        SqlDialect.SQLSERVER,
                        model,
                        NaturalnessLevel.NATIVE,
                        PromptOptions.ZERO_SHOT,
                        "ATBI");
                InferenceRequested request = InferenceRequested.of(jobId, "bench", item);
                producer.send(new ProducerRecord<>(
                        Topics.QUERIES_TO_INFER, request.key(), EventJson.write(InferenceBatch.of(request))));
            }
            producer.flush();
        }
        int got = TopicClient.<ExecutionRequested>awaitItems(
                        Topics.SQL_TO_EXECUTE,
                        ExecutionsRequested.class,
                        r -> jobId.equals(r.jobId()),
                        items,
                        Duration.ofMinutes(10))
                .size();
        if (got != items) {
            throw new AssertionError(tag + ": only " + got + " of " + items + " items came out");
        }
    }
}
