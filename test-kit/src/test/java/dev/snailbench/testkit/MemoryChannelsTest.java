package dev.snailbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The in-memory connector's batches carry their records as the Kafka connector's do: partition and offset each. */
class MemoryChannelsTest {

    private Vertx vertx;
    private MemoryChannels channels;
    private final LinkedBlockingQueue<Message<?>> received = new LinkedBlockingQueue<>();

    @BeforeEach
    void subscribe() {
        vertx = Vertx.vertx();
        channels = new MemoryChannels(vertx);
        Config config = mock(Config.class);
        when(config.getValue("channel-name", String.class)).thenReturn("tasks");
        channels.getPublisher(config).subscribe(new Flow.Subscriber<Message<?>>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(Message<?> message) {
                received.add(message);
            }

            @Override
            public void onError(Throwable failure) {}

            @Override
            public void onComplete() {}
        });
    }

    @AfterEach
    void close() {
        vertx.close();
    }

    @Test
    void shouldNumberABatchsRecordsInTheirPartitionFromOneBatchToTheNext() throws Exception {
        channels.sendBatch("tasks", List.of(Message.of("a"), Message.of("b"), Message.of("c")));
        channels.sendBatch("tasks", List.of(Message.of("d"), Message.of("e")));

        List<String> located = new ArrayList<>();
        for (int batch = 0; batch < 2; batch++) {
            for (Message<?> record : records(received.poll(30, TimeUnit.SECONDS))) {
                IncomingKafkaRecordMetadata<?, ?> kafka =
                        record.getMetadata(IncomingKafkaRecordMetadata.class).orElseThrow();
                located.add(record.getPayload() + "@" + kafka.getTopic() + "[" + kafka.getPartition() + "]"
                        + kafka.getOffset());
            }
        }
        assertThat(located).containsExactly("a@tasks[0]0", "b@tasks[0]1", "c@tasks[0]2", "d@tasks[0]3", "e@tasks[0]4");
    }

    @Test
    void shouldAckEachRecordNotNackedAloneWhenTheBatchIsAcked() throws Exception {
        List<String> outcomes = new CopyOnWriteArrayList<>();
        channels.sendBatch(
                "tasks",
                List.of(
                        MemoryChannels.tracked("kept", outcome -> outcomes.add("kept: " + outcome)),
                        MemoryChannels.tracked("refused", outcome -> outcomes.add("refused: " + outcome))));

        Message<?> batch = received.poll(30, TimeUnit.SECONDS);
        records(batch)
                .get(1)
                .nack(new IllegalArgumentException("no"))
                .toCompletableFuture()
                .join();
        batch.ack().toCompletableFuture().join();

        assertThat(outcomes).containsExactly("refused: no", "kept: ack");
    }

    private static List<Message<?>> records(Message<?> batch) {
        return batch.getMetadata(IncomingKafkaRecordBatchMetadata.class)
                .orElseThrow()
                .getBatchedMessages();
    }
}
