package dev.snailbench.generator.testing;

import dev.snailbench.model.Channels;
import dev.snailbench.model.Topics;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.MemoryChannels;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The executor's part in the generator's tests for jobs on inline databases, played over the real broker: every
 * such job is checked when it is submitted (a CHECK_INLINE task), and these tests' inline databases are addresses no
 * executor runs. An address in 10.0.0.0/8 is refused as the executor's rules refuse a private address
 * ({@link #REFUSED_HOST}), the user {@link #FAILING_LOGIN} fails its login, and any other database passes. (The
 * executor's own check is tested in the executor module, the whole route on the packaged platform.)
 */
@ApplicationScoped
public class InlineDatabaseChecks {

    /** An inline database at this host is refused as the executor's address rules refuse it. */
    public static final String REFUSED_HOST = "10.1.2.3";
    /** An inline database with this user fails its login. */
    public static final String FAILING_LOGIN = "wrong-login";

    private final AtomicBoolean running = new AtomicBoolean();
    private final CountDownLatch assigned = new CountDownLatch(1);
    private Thread thread;

    /**
     * Answers from the start of the topic: the checks of a submission made while it was joining are answered too. Not
     * on the in-memory tier (its database tasks go to no broker): a test there answers them itself.
     */
    void start(
            @Observes StartupEvent event,
            @ConfigProperty(name = "mp.messaging.outgoing." + Channels.DATABASE_TASKS_OUT + ".connector")
                    String connector)
            throws InterruptedException {
        if (MemoryChannels.NAME.equals(connector)) {
            return;
        }
        running.set(true);
        thread = new Thread(this::answer, "played-inline-checks");
        thread.setDaemon(true);
        thread.start();
        assigned.await(30, TimeUnit.SECONDS);
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        running.set(false);
        if (thread != null) {
            thread.join(5_000);
        }
    }

    /** The executor's answer to a check of this inline database. */
    static DatabaseTaskCompleted answerTo(DatabaseTaskRequested task) {
        String url = task.inline().jdbcUrl();
        if (url.contains("//" + REFUSED_HOST)) {
            return DatabaseTaskCompleted.failed(
                    task,
                    task.inline().kind(),
                    false,
                    true,
                    "database.jdbcUrl: "
                            + REFUSED_HOST
                            + ":5432 is not an allowed target for a team database: loopback, private and "
                            + "link-local addresses and the platform's own services are refused (an operator may allow a "
                            + "network with snailbench.executor.targets.allowed-networks)");
        }
        if (FAILING_LOGIN.equals(task.inline().user())) {
            return DatabaseTaskCompleted.failed(
                    task,
                    task.inline().kind(),
                    false,
                    true,
                    "database.user: the login of " + "user '" + FAILING_LOGIN
                            + "' failed: authentication failed: check user and password");
        }
        return DatabaseTaskCompleted.ok(task, task.inline().kind(), false, null, null, 0);
    }

    private void answer() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, LocalStack.kafka().bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "played-inline-checks-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (TopicClient topics = new TopicClient();
                KafkaConsumer<String, byte[]> tasks = TopicClient.withOwnClassLoader(
                        () -> new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer()))) {
            tasks.subscribe(List.of(Topics.DATABASE_TASKS));
            while (running.get()) {
                var records = tasks.poll(Duration.ofMillis(100));
                if (!tasks.assignment().isEmpty()) {
                    assigned.countDown();
                }
                for (ConsumerRecord<String, byte[]> r : records) {
                    DatabaseTaskRequested task = EventJson.read(r.value(), DatabaseTaskRequested.class);
                    if (task.kind() == DatabaseTaskRequested.Kind.CHECK_INLINE && task.inline() != null) {
                        DatabaseTaskCompleted answer = answerTo(task);
                        topics.send(Topics.DATABASE_TASK_RESULTS, answer.key(), EventJson.write(answer));
                    }
                }
            }
        }
    }
}
