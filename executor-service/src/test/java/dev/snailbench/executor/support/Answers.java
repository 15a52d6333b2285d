package dev.snailbench.executor.support;

import dev.snailbench.model.Topics;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.TopicClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The executor's answer topics ({@code results.to-score}, {@code database.task-results}) read by one consumer for the
 * whole test JVM, from their start, on a thread of its own: a wait for an answer looks through what has come, instead
 * of a consumer of its own that joins a group and reads the topic again from its start (most of a hop test's wait for
 * an answer the executor sends within tens of milliseconds).
 */
final class Answers {

    private static final List<String> TOPICS = List.of(Topics.RESULTS_TO_SCORE, Topics.DATABASE_TASK_RESULTS);

    private static Answers instance;

    /** Each topic's records in the order they came; guarded by this. */
    private final Map<String, List<ConsumerRecord<String, byte[]>>> records = new HashMap<>();

    private Answers() {
        TOPICS.forEach(topic -> records.put(topic, new ArrayList<>()));
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, LocalStack.kafka().bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "executor-tests-answers-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        KafkaConsumer<String, byte[]> consumer = TopicClient.withOwnClassLoader(
                () -> new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer()));
        Thread reader = new Thread(() -> read(consumer), "executor-test-answers");
        reader.setContextClassLoader(TopicClient.class.getClassLoader());
        reader.setDaemon(true);
        reader.start();
    }

    /** The reader of the module's broker, started at the first wait. */
    static synchronized Answers get() {
        if (instance == null) {
            instance = new Answers();
        }
        return instance;
    }

    private void read(KafkaConsumer<String, byte[]> consumer) {
        try (consumer) {
            consumer.subscribe(TOPICS);
            while (true) {
                ConsumerRecords<String, byte[]> polled = consumer.poll(Duration.ofMillis(100));
                if (!polled.isEmpty()) {
                    synchronized (this) {
                        polled.forEach(r -> records.get(r.topic()).add(r));
                        notifyAll();
                    }
                }
            }
        }
    }

    /**
     * The records of {@code topic} that {@code wanted} accepts, from the topic's start, once {@code done} holds for
     * them or the timeout passed (then what was found).
     */
    synchronized List<ConsumerRecord<String, byte[]>> await(
            String topic,
            Predicate<ConsumerRecord<String, byte[]>> wanted,
            Predicate<List<ConsumerRecord<String, byte[]>>> done,
            Duration timeout) {
        List<ConsumerRecord<String, byte[]>> all = records.get(topic);
        List<ConsumerRecord<String, byte[]>> found = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        int seen = 0;
        while (true) {
            for (; seen < all.size(); seen++) {
                if (wanted.test(all.get(seen))) {
                    found.add(all.get(seen));
                }
            }
            long left = deadline - System.nanoTime();
            if (done.test(found) || left <= 0) {
                return found;
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return found;
            }
        }
    }
}
