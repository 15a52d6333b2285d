package dev.snailbench.model.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.impl.ContextInternal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;

/**
 * What a batch consumer promises for each record: handled once with the others and acknowledged, or dead-lettered
 * alone with the reason. (The hops' tests show the same over the real broker.)
 */
class BatchesTest {

    /** Records of a fake batch, remembering how each was settled. */
    private final List<String> acked = new CopyOnWriteArrayList<>();

    private final Map<String, Throwable> nacked = new ConcurrentHashMap<>();
    private final List<String> batchAcks = new CopyOnWriteArrayList<>();

    @Test
    void shouldHandleTheReadableRecordsTogetherAndDeadLetterOnlyTheRefusedOne() {
        List<List<String>> handled = new ArrayList<>();

        Batches.consume(
                        batch("a", "bad-b", "c"),
                        v -> v.startsWith("bad") ? "lacks its ids" : null,
                        (List<String> accepted) -> {
                            handled.add(accepted);
                            return Uni.createFrom().voidItem();
                        })
                .await()
                .atMost(Duration.ofSeconds(5));

        assertThat(handled).containsExactly(List.of("a", "c"));
        assertThat(nacked).containsOnlyKeys("bad-b");
        assertThat(nacked.get("bad-b")).hasMessage("lacks its ids");
        assertThat(batchAcks).containsExactly("batch");
    }

    @Test
    void shouldDeadLetterAnUnreadableRecordAndStillHandleTheRest() {
        List<String> handled = new CopyOnWriteArrayList<>();

        Batches.consume(batch("a", null), v -> null, (List<String> accepted) -> {
                    handled.addAll(accepted);
                    return Uni.createFrom().voidItem();
                })
                .await()
                .atMost(Duration.ofSeconds(5));

        assertThat(handled).containsExactly("a");
        assertThat(nacked).containsOnlyKeys("null");
        assertThat(nacked.get("null")).hasMessage("unreadable record");
    }

    @Test
    void shouldDeadLetterEveryRecordOfABatchWhoseHandlingFailsForGood() {
        // An IllegalArgumentException is not transient: no retry, every accepted record goes to the dead-letter topic.
        Batches.consume(
                        batch("a", "b"),
                        v -> null,
                        (List<String> accepted) ->
                                Uni.createFrom().failure(new IllegalArgumentException("cannot store")))
                .await()
                .atMost(Duration.ofSeconds(5));

        assertThat(nacked).containsOnlyKeys("a", "b");
        assertThat(nacked.get("a")).hasMessage("cannot store");
        assertThat(batchAcks).isEmpty();
        assertThat(acked).isEmpty();
    }

    @Test
    void shouldRetryATransientFailureAndAcknowledgeOnceItSucceeds() {
        List<Integer> attempts = new CopyOnWriteArrayList<>();

        Batches.consume(batch("a"), v -> null, (List<String> accepted) -> {
                    attempts.add(attempts.size() + 1);
                    return attempts.size() < 3
                            ? Uni.createFrom().failure(new IllegalStateException("database restarting"))
                            : Uni.createFrom().voidItem();
                })
                .await()
                .atMost(Duration.ofSeconds(10));

        assertThat(attempts).containsExactly(1, 2, 3);
        assertThat(nacked).isEmpty();
        assertThat(batchAcks).containsExactly("batch");
    }

    @Test
    void shouldHandleTheBatchOnItsOwnContextWhenARefusedRecordIsDeadLetteredElsewhere() throws Exception {
        // The dead-letter send of a refused record is acknowledged on the producer's thread, under load after the
        // batch's method returned. The handling (Hibernate Reactive in the services) must still run on the batch's
        // own context: on any other, every attempt failed and the whole batch was dead-lettered.
        Vertx vertx = Vertx.vertx();
        try {
            Context batchContext = ((ContextInternal) vertx.getOrCreateContext()).duplicate();
            CompletableFuture<Void> deadLettered = new CompletableFuture<>();
            List<Context> handledOn = new CopyOnWriteArrayList<>();
            CompletableFuture<Void> done = new CompletableFuture<>();
            batchContext.runOnContext(ignored -> Batches.consume(
                            batch(deadLettered, "a", "bad-b"),
                            v -> v.startsWith("bad") ? "lacks its ids" : null,
                            (List<String> accepted) -> {
                                handledOn.add(Vertx.currentContext());
                                return Uni.createFrom().voidItem();
                            })
                    .subscribe()
                    .with(ok -> done.complete(null), done::completeExceptionally));

            // The broker acknowledges the dead-letter send only after it was asked for, from its own thread.
            Thread producer = new Thread(
                    () -> {
                        while (!nacked.containsKey("bad-b")) {
                            Thread.onSpinWait();
                        }
                        deadLettered.complete(null);
                    },
                    "kafka-producer-network-thread");
            producer.start();
            done.get(5, TimeUnit.SECONDS);

            assertThat(handledOn).containsExactly(batchContext);
            assertThat(batchAcks).containsExactly("batch");
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        }
    }

    private Message<List<String>> batch(String... payloads) {
        return batch(CompletableFuture.completedFuture(null), payloads);
    }

    /** @param deadLettered completes the nacks (the dead-letter topic's acknowledgement) */
    private Message<List<String>> batch(CompletableFuture<Void> deadLettered, String... payloads) {
        List<Message<?>> records = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (String payload : payloads) {
            String name = String.valueOf(payload);
            records.add(Message.of(payload)
                    .withAck(() -> {
                        acked.add(name);
                        return CompletableFuture.completedFuture(null);
                    })
                    .withNack(e -> {
                        nacked.put(name, e);
                        return deadLettered;
                    }));
            values.add(payload);
        }
        IncomingKafkaRecordBatchMetadata<String, String> metadata = new IncomingKafkaRecordBatchMetadata<>(
                ConsumerRecords.empty(), records, "test-channel", 0, Map.of(), 0);
        return Message.of(values).addMetadata(metadata).withAck(() -> {
            batchAcks.add("batch");
            return CompletableFuture.completedFuture(null);
        });
    }
}
