package dev.snailbench.generator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.PlatformClient;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Stack;
import dev.snailbench.localstack.Stack.Service;
import dev.snailbench.model.Topics;
import dev.snailbench.testkit.TopicClient;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Nothing lost, nothing stuck, on the packaged services: services killed (SIGKILL) mid-job and restarted, poison
 * records on every topic, a result larger than Kafka's default message size, and a hop that never answers. Each
 * ends with the job completed, one verdict per item, none counted twice. Every test leaves the platform running.
 */
class PipelineReliabilityIT {

    /**
     * Short enough for a test, long enough that a service restart (progress resumes) never trips it: with three full
     * suites on 2 cores, a killed service took more than 40 s to start again and get its partitions back.
     */
    private static final Duration ITEM_DEADLINE = Duration.ofSeconds(90);

    /** The deadline the "executor down" job asks for itself ({@code stallTimeoutSeconds}). */
    private static final int STALL_TIMEOUT_SECONDS = 10;

    private static Stack stack;
    private static PlatformClient client;
    private static String apiKey;
    private static List<Map<String, String>> questions;
    private static List<Map<String, String>> predictions;

    @BeforeAll
    static void startPlatform() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        stack = Stack.start(root, DataDir.resolve(), root.resolve("generator-service/target/reliability-logs"),
                EnumSet.allOf(Service.class), Map.of("snailbench.watchdog.item-deadline", ITEM_DEADLINE.toString(),
                        "snailbench.watchdog.every", "2s"));
        FootballDb.load(stack.targets(), DataDir.resolve(), "v1");
        FootballDb.grantReader(stack.targets(), "v1", "rel_reader", "rel");
        client = stack.client();
        apiKey = client.createTenant("reliability-team");
        loadQuestions();
    }

    @AfterAll
    static void stopPlatform() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void shouldCompleteEveryItemExactlyOnceWhenAnyServiceIsKilledMidJob() {
        for (Service service : List.of(Service.GENERATOR, Service.INFERENCE, Service.EXECUTOR, Service.SCORER,
                Service.CLASSIFIER)) {
            Map<String, Object> job = job("killed " + service, questions, predictions);
            String jobId = client.submitJob(apiKey, job);
            JsonNode before = awaitProgress(jobId);
            assertThat(before.get("done").asInt()).as("%s killed mid-job", service)
                    .isLessThan(before.get("total").asInt());

            stack.kill(service);
            stack.restart(service);

            JsonNode status = awaitFinished(jobId, Duration.ofMinutes(3));
            assertEveryItemScoredOnce(jobId, status, questions.size());
            assertThat(reasons(jobId)).as("after killing %s: no item abandoned", service)
                    .noneMatch(r -> r.contains("timed out"));
        }
    }

    @Test
    void shouldCompleteEveryItemExactlyOnceWhenTheBrokerRestartsMidJob() {
        String jobId = client.submitJob(apiKey, job("broker restart", questions, predictions));
        JsonNode before = awaitProgress(jobId);
        assertThat(before.get("done").asInt()).isLessThan(before.get("total").asInt());

        stack.kafka().restart(Duration.ofSeconds(5));

        JsonNode status = awaitFinished(jobId, Duration.ofMinutes(4));
        assertEveryItemScoredOnce(jobId, status, questions.size());
        assertThat(reasons(jobId)).as("after a broker restart: nothing abandoned or dead-lettered")
                .noneMatch(r -> r.contains("could not be scored"));
    }

    @Test
    void shouldCompleteEveryItemExactlyOnceWhenPostgresRestartsMidJob() {
        String jobId = client.submitJob(apiKey, job("postgres restart", questions, predictions));
        JsonNode before = awaitProgress(jobId);
        assertThat(before.get("done").asInt()).isLessThan(before.get("total").asInt());

        stack.postgres().restart(Duration.ofSeconds(5));

        JsonNode status = awaitFinished(jobId, Duration.ofMinutes(4));
        assertEveryItemScoredOnce(jobId, status, questions.size());
        assertThat(reasons(jobId)).as("after a PostgreSQL restart: nothing abandoned or dead-lettered")
                .noneMatch(r -> r.contains("could not be scored"));
    }

    @Test
    void shouldScoreAPredictionOf10000RowsBy20Columns() {
        StringJoiner columns = new StringJoiner(", ");
        for (int c = 1; c <= 20; c++) {
            columns.add("g * " + c + " + 1000000 AS c" + c);
        }
        String sql = "SELECT " + columns + " FROM generate_series(1, 10000) AS g ORDER BY g";
        List<Map<String, String>> big = List.of(Map.of("id", "big", "question", "20 columns, 10,000 rows",
                "goldSql", sql));
        String jobId = client.submitJob(apiKey, job("big result", big,
                List.of(Map.of("questionId", "big", "predictedSql", sql))));

        JsonNode status = awaitFinished(jobId, Duration.ofMinutes(2));

        assertEveryItemScoredOnce(jobId, status, 1);
        JsonNode item = client.results(apiKey, jobId).get(0);
        assertThat(item.get("predictedRows").asInt()).isEqualTo(10_000);
        assertThat(item.get("strictMatch").asBoolean()).as(item.toString()).isTrue();
    }

    @Test
    void shouldDeadLetterPoisonRecordsOnEveryTopicAndStillCompleteJobs() {
        List<String> topics = List.of(Topics.TENANTS, Topics.JOB_EVENTS, Topics.QUERIES_TO_INFER, Topics.SQL_TO_EXECUTE,
                Topics.RESULTS_TO_SCORE, Topics.SCORES, Topics.ITEMS_ABANDONED, Topics.IDENTIFIERS_TO_CLASSIFY,
                Topics.IDENTIFIERS_CLASSIFIED);
        String poisonKey = "poison-" + UUID.randomUUID();
        try (KafkaProducer<String, byte[]> producer = producer()) {
            for (String topic : topics) {
                producer.send(new ProducerRecord<>(topic, poisonKey, "{not json".getBytes(StandardCharsets.UTF_8)));
                producer.send(new ProducerRecord<>(topic, poisonKey, "{\"eventId\": 42}".getBytes(StandardCharsets.UTF_8)));
            }
            producer.flush();
        }
        List<Map<String, String>> few = questions.subList(0, 20);
        String jobId = client.submitJob(apiKey, job("after poison", few, predictions));

        JsonNode status = awaitFinished(jobId, Duration.ofMinutes(2));

        assertEveryItemScoredOnce(jobId, status, few.size());
        assertThat(reasons(jobId)).noneMatch(r -> r.contains("could not be scored"));
        // The unreadable records are kept for operators on the consumers' dead-letter topics.
        for (String dlq : List.of(Topics.deadLetter(Topics.QUERIES_TO_INFER, "inference"),
                Topics.deadLetter(Topics.SQL_TO_EXECUTE, "executor"),
                Topics.deadLetter(Topics.RESULTS_TO_SCORE, "scorer"), Topics.deadLetter(Topics.SCORES, "generator"),
                Topics.deadLetter(Topics.JOB_EVENTS, "generator"))) {
            assertThat(TopicClient.await(stack.kafka().bootstrapServers(), dlq, r -> poisonKey.equals(r.key()), 1,
                    Duration.ofSeconds(30))).as(dlq).isNotEmpty();
        }
    }

    @Test
    void shouldFailTheItemsAHopNeverAnswersAndCompleteTheJob() {
        stack.kill(Service.EXECUTOR);
        try {
            List<Map<String, String>> few = questions.subList(20, 23);
            // The job's own deadline, far below the stack's: the platform's stays long enough for restarts.
            Map<String, Object> impatient = new HashMap<>(job("executor down", few, predictions));
            impatient.put("stallTimeoutSeconds", STALL_TIMEOUT_SECONDS);
            String jobId = client.submitJob(apiKey, impatient);

            JsonNode status = awaitFinished(jobId, Duration.ofMinutes(2));

            assertEveryItemScoredOnce(jobId, status, few.size());
            assertThat(status.get("failed").asInt()).isEqualTo(few.size());
            assertThat(reasons(jobId)).allMatch(r -> r.startsWith("could not be scored: timed out in the pipeline")
                    && r.endsWith("no verdict " + STALL_TIMEOUT_SECONDS + " s after the job's last progress"));
        } finally {
            stack.restart(Service.EXECUTOR);
        }
    }

    private static void assertEveryItemScoredOnce(String jobId, JsonNode status, int items) {
        assertThat(status.get("status").asText()).as(status.toString()).isEqualTo("completed");
        assertThat(status.get("total").asInt()).isEqualTo(items);
        assertThat(status.get("done").asInt()).as("verdicts counted once each").isEqualTo(items);
        JsonNode results = client.results(apiKey, jobId);
        Set<String> ids = new HashSet<>();
        results.forEach(r -> ids.add(r.get("workItemId").asText()));
        assertThat(results).hasSize(items);
        assertThat(ids).hasSize(items);
    }

    private static List<String> reasons(String jobId) {
        List<String> reasons = new ArrayList<>();
        client.results(apiKey, jobId).forEach(r -> reasons.add(r.path("reason").asText("")));
        return reasons;
    }

    private static KafkaProducer<String, byte[]> producer() {
        Properties p = new Properties();
        p.put("bootstrap.servers", stack.kafka().bootstrapServers());
        return new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    }

    private static Map<String, Object> job(String name, List<Map<String, String>> qs,
            List<Map<String, String>> preds) {
        Set<String> ids = new HashSet<>();
        qs.forEach(q -> ids.add(q.get("id")));
        return Map.of("name", name, "database", Map.of("kind", "postgresql", "jdbcUrl",
                stack.targets().jdbcUrl("footballdb_v1"), "user", "rel_reader", "password", "rel"),
                "dialect", "postgresql", "model", "gpt-3.5-turbo", "questions", qs,
                "predictions", preds.stream().filter(p -> ids.contains(p.get("questionId"))).toList());
    }

    /** FootballDB v1's 400 questions (train and dev), each replaying its gold SQL as the prediction. */
    private static void loadQuestions() throws Exception {
        Path data = DataDir.resolve().resolve("footballdb/v1");
        questions = new ArrayList<>();
        predictions = new ArrayList<>();
        for (String split : List.of("train", "dev")) {
            PlatformClient.json().readTree(data.resolve(split + ".json").toFile()).forEach(q -> {
                String id = split + "-" + q.get("id").asText();
                questions.add(Map.of("id", id, "question", q.get("question").asText(), "goldSql",
                        q.get("query").asText()));
                predictions.add(Map.of("questionId", id, "predictedSql", q.get("query").asText()));
            });
        }
    }

    /** Waits until the job is stored and has at least one verdict. */
    private static JsonNode awaitProgress(String jobId) {
        return await(jobId, Duration.ofMinutes(2), s -> s.get("done").asInt() > 0);
    }

    private static JsonNode awaitFinished(String jobId, Duration timeout) {
        return await(jobId, timeout, s -> !Set.of("queued", "running").contains(s.get("status").asText()));
    }

    private static JsonNode await(String jobId, Duration timeout, Predicate<JsonNode> done) {
        Instant deadline = Instant.now().plus(timeout);
        JsonNode last = null;
        while (Instant.now().isBefore(deadline)) {
            try {
                last = client.job(apiKey, jobId);
            } catch (UncheckedIOException e) {
                last = null; // the generator is restarting
            }
            if (last != null && done.test(last)) {
                return last;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("job " + jobId + " not there after " + timeout + ": " + last);
    }
}
