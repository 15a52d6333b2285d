package dev.snailbench.testkit;

import dev.snailbench.localstack.KafkaBroker;
import dev.snailbench.model.Topics;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.event.WorkItemBatch;
import dev.snailbench.model.event.WorkItemEvent;
import dev.snailbench.model.serde.EventJson;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Plain Kafka clients against the module's real broker, for tests that put a message on a topic the way
 * another service would and read what comes out the other end.
 */
public final class TopicClient implements AutoCloseable {

    private final KafkaProducer<String, byte[]> producer;

    public TopicClient() {
        this.producer = new KafkaProducer<>(producerProperties(), new StringSerializer(), new ByteArraySerializer());
    }

    /**
     * The module's broker, every record acknowledged by all replicas, records up to the platform's one event size (as
     * the services' own producers of large events: results, schemas, QATCH suites).
     */
    private static Properties producerProperties() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, LocalStack.kafka().bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, KafkaBroker.MAX_EVENT_BYTES);
        return props;
    }

    public void send(String topic, String key, byte[] value) {
        send(topic, key, value, Map.of());
    }

    /**
     * Sends the records, in order, as one producer batch on one partition: a consumer gets them in one fetch and one
     * poll. Records sent one after the other, each waiting for its ack, can straddle two fetches when the machine is
     * loaded, so a test of what a consumer does with one batch sends its records this way.
     */
    public static void sendInOneBatch(String topic, List<Map.Entry<String, byte[]>> records) {
        Properties props = producerProperties();
        // Nothing leaves before flush(): the records can only travel together.
        props.put(ProducerConfig.LINGER_MS_CONFIG, 60_000);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 4 * 1024 * 1024);
        try (KafkaProducer<String, byte[]> batch = withOwnClassLoader(
                () -> new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer()))) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (Map.Entry<String, byte[]> record : records) {
                sent.add(batch.send(new ProducerRecord<>(topic, 0, record.getKey(), record.getValue())));
            }
            batch.flush();
            for (Future<RecordMetadata> ack : sent) {
                ack.get(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot send to " + topic, e);
        }
    }

    /**
     * Runs Kafka client code with the clients' own class loader as context. Kafka clients load their metrics
     * reporters through the thread's context class loader; inside a Quarkus test that can be another loader than the
     * one that loaded the client (seen as an intermittent "JmxReporter cannot be cast" failure).
     */
    public static <T> T withOwnClassLoader(Supplier<T> action) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(TopicClient.class.getClassLoader());
        try {
            return action.get();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** Sends a record with headers (e.g. a dead-lettered record as SmallRye writes it, with its reason). */
    public void send(String topic, String key, byte[] value, Map<String, String> headers) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, key, value);
        headers.forEach((name, text) -> record.headers().add(name, text.getBytes(StandardCharsets.UTF_8)));
        try {
            producer.send(record).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot send to " + topic, e);
        }
    }

    /**
     * Reads {@code topic} from the beginning until {@code count} records match {@code wanted} or the
     * timeout passes; returns the matching records (fewer than {@code count} on timeout).
     */
    public static List<ConsumerRecord<String, byte[]>> await(
            String topic, Predicate<ConsumerRecord<String, byte[]>> wanted, int count, Duration timeout) {
        return await(LocalStack.kafka().bootstrapServers(), topic, wanted, count, timeout);
    }

    /** As {@link #await(String, Predicate, int, Duration)}, on another broker (e.g. a whole platform's). */
    public static List<ConsumerRecord<String, byte[]>> await(
            String bootstrapServers,
            String topic,
            Predicate<ConsumerRecord<String, byte[]>> wanted,
            int count,
            Duration timeout) {
        return awaitUntil(bootstrapServers, topic, wanted, found -> found.size() >= count, timeout);
    }

    /**
     * Reads {@code topic} from the beginning, collecting the records {@code wanted} accepts, until {@code done}
     * holds for them or the timeout passes. For at-least-once topics, where a redelivery can add a record the
     * test cannot predict, so waiting for an exact count would stop at the wrong moment.
     */
    public static List<ConsumerRecord<String, byte[]>> awaitUntil(
            String topic,
            Predicate<ConsumerRecord<String, byte[]>> wanted,
            Predicate<List<ConsumerRecord<String, byte[]>>> done,
            Duration timeout) {
        return awaitUntil(LocalStack.kafka().bootstrapServers(), topic, wanted, done, timeout);
    }

    /**
     * The records of {@code topic} that {@code wanted} accepts, read from the beginning up to the end each partition
     * had when called: what the topic holds, without waiting for more. For showing that a record is absent once a
     * later marker's answer is in: a producer's records reach the single broker in the order sent, so what the
     * service wrote before that answer is below the end offsets.
     */
    public static List<ConsumerRecord<String, byte[]>> readToEnd(
            String topic, Predicate<ConsumerRecord<String, byte[]>> wanted) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, LocalStack.kafka().bootstrapServers());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<ConsumerRecord<String, byte[]>> found = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(30));
            Instant deadline = Instant.now().plusSeconds(30);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (Instant.now().isAfter(deadline)) {
                    throw new AssertionError("could not read " + topic + " up to its end offsets " + end);
                }
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    if (r.offset() < end.get(new TopicPartition(r.topic(), r.partition())) && wanted.test(r)) {
                        found.add(r);
                    }
                }
            }
        }
        return found;
    }

    private static List<ConsumerRecord<String, byte[]>> awaitUntil(
            String bootstrapServers,
            String topic,
            Predicate<ConsumerRecord<String, byte[]>> wanted,
            Predicate<List<ConsumerRecord<String, byte[]>>> done,
            Duration timeout) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<ConsumerRecord<String, byte[]>> found = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            Instant deadline = Instant.now().plus(timeout);
            while (!done.test(found) && Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    if (wanted.test(r)) {
                        found.add(r);
                    }
                }
            }
        }
        return found;
    }

    /**
     * The work items of job {@code jobId} published on {@code snailbench.queries.to-infer}, several to a record
     * ({@link InferenceBatch}), each with the schema its record carries: read from the beginning until {@code count}
     * are there or the timeout passes (fewer on timeout; more if a record brought the count past it).
     */
    public static List<InferenceRequested> awaitInferenceRequests(UUID jobId, int count, Duration timeout) {
        return awaitInferenceRequests(jobId, request -> true, count, timeout);
    }

    /** As {@link #awaitInferenceRequests(UUID, int, Duration)}, counting only the items {@code wanted} accepts. */
    public static List<InferenceRequested> awaitInferenceRequests(
            UUID jobId, Predicate<InferenceRequested> wanted, int count, Duration timeout) {
        return awaitUntil(
                        Topics.QUERIES_TO_INFER,
                        r -> jobId.equals(
                                inferenceBatch(r).map(InferenceBatch::jobId).orElse(null)),
                        found -> found.stream()
                                        .mapToLong(r -> inferenceBatch(r).orElseThrow().withSchema().stream()
                                                .filter(wanted)
                                                .count())
                                        .sum()
                                >= count,
                        timeout)
                .stream()
                .flatMap(r -> inferenceBatch(r).orElseThrow().withSchema().stream())
                .filter(wanted)
                .toList();
    }

    /**
     * The work items of job {@code jobId} on {@code snailbench.queries.to-infer} as the topic holds them now (read to
     * its end offsets, {@link #readToEnd(String, Predicate)}), each with the schema its record carries.
     */
    public static List<InferenceRequested> inferenceRequestsToEnd(UUID jobId) {
        return readToEnd(
                        Topics.QUERIES_TO_INFER,
                        r -> jobId.equals(
                                inferenceBatch(r).map(InferenceBatch::jobId).orElse(null)))
                .stream()
                .flatMap(r -> inferenceBatch(r).orElseThrow().withSchema().stream())
                .toList();
    }

    /** A record of queries.to-infer read as what it should hold; empty for anything else (a poison test record). */
    private static Optional<InferenceBatch> inferenceBatch(ConsumerRecord<String, byte[]> record) {
        try {
            InferenceBatch batch = EventJson.read(record.value(), InferenceBatch.class);
            return batch.requests() == null ? Optional.empty() : Optional.of(batch);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A work item's event read out of the record that carried it (with others of its job): its key, time, headers. */
    public record Carried<E extends WorkItemEvent>(E event, ConsumerRecord<String, byte[]> record) {}

    /**
     * Reads a topic whose records hold several work items ({@code envelope}, e.g. {@code ExecutionsCompleted}) from the
     * beginning until {@code count} items that {@code wanted} accepts are there or the timeout passes (fewer on
     * timeout; more if a record brought the count past it). Records that are not such envelopes (a poison test
     * record) are skipped.
     */
    public static <E extends WorkItemEvent> List<Carried<E>> awaitItems(
            String topic, Class<? extends WorkItemBatch> envelope, Predicate<E> wanted, int count, Duration timeout) {
        return awaitItems(LocalStack.kafka().bootstrapServers(), topic, envelope, wanted, count, timeout);
    }

    /** As {@link #awaitItems(String, Class, Predicate, int, Duration)}, on another broker (e.g. a whole platform's). */
    public static <E extends WorkItemEvent> List<Carried<E>> awaitItems(
            String bootstrapServers,
            String topic,
            Class<? extends WorkItemBatch> envelope,
            Predicate<E> wanted,
            int count,
            Duration timeout) {
        // Each record read once, however often the wait looks at what it found.
        Map<ConsumerRecord<String, byte[]>, List<Carried<E>>> read = new IdentityHashMap<>();
        Function<ConsumerRecord<String, byte[]>, List<Carried<E>>> carried = record -> read.computeIfAbsent(
                record,
                r -> TopicClient.<E>itemsOf(r, envelope).stream()
                        .filter(wanted)
                        .map(item -> new Carried<>(item, r))
                        .toList());
        return awaitUntil(
                        bootstrapServers,
                        topic,
                        r -> !carried.apply(r).isEmpty(),
                        found -> found.stream()
                                        .mapToInt(r -> carried.apply(r).size())
                                        .sum()
                                >= count,
                        timeout)
                .stream()
                .flatMap(r -> carried.apply(r).stream())
                .toList();
    }

    /**
     * As {@link #readToEnd(String, Predicate)}, for a topic whose records hold several work items ({@code envelope}):
     * the items {@code wanted} accepts.
     */
    public static <E extends WorkItemEvent> List<E> itemsToEnd(
            String topic, Class<? extends WorkItemBatch> envelope, Predicate<E> wanted) {
        return readToEnd(topic, r -> true).stream()
                .flatMap(r -> TopicClient.<E>itemsOf(r, envelope).stream())
                .filter(wanted)
                .toList();
    }

    @SuppressWarnings("unchecked")
    private static <E extends WorkItemEvent> List<E> itemsOf(
            ConsumerRecord<String, byte[]> record, Class<? extends WorkItemBatch> envelope) {
        try {
            WorkItemBatch batch = EventJson.read(record.value(), envelope);
            return batch.items() == null ? List.of() : (List<E>) batch.items();
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }

    /** Headers of a record as text, for asserting on dead-letter reasons and trace context. */
    public static Map<String, String> headers(ConsumerRecord<String, byte[]> record) {
        Map<String, String> headers = new LinkedHashMap<>();
        record.headers()
                .forEach(h ->
                        headers.put(h.key(), h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8)));
        return headers;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
