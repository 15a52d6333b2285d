package dev.snailbench.model.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;

/**
 * What a continuously read channel promises for each record: taken in at once, acknowledged only once every unit of
 * it is delivered (out of order between records), one run per unit in flight, bounded, dead letters settled in
 * offset order, records of a revoked partition never acknowledged. (ExecutionHopTest, FairnessTest and
 * DatabaseTaskHopTest show the same over the real broker.)
 */
class HeldRecordsTest {

    private static final String TOPIC = "snailbench.test";

    private final List<String> acked = new CopyOnWriteArrayList<>();
    private final Map<String, Throwable> nacked = new ConcurrentHashMap<>();
    private final List<String> batchAcks = new CopyOnWriteArrayList<>();
    /** Units started, by key; each finishes its queries and its delivery when told. */
    private final Map<String, CompletableFuture<Void>> deliveries = new ConcurrentHashMap<>();

    private final List<String> runs = new CopyOnWriteArrayList<>();
    /** Units whose results were sent. */
    private final List<String> sent = new CopyOnWriteArrayList<>();

    @Test
    void shouldTakeTheNextBatchAtOnceAndAcknowledgeEachRecordWhenItsOwnUnitsAreDelivered() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 4, 8, () -> true, 100);

        // Tenant b's slow record first, then tenant a's: a's is taken in and run without waiting for b's.
        receive(held, batch(record(0, 10, "b:b1,b:b2")));
        receive(held, batch(record(0, 11, "a:a1")));
        assertThat(runs).containsExactly("b1", "b2", "a1");

        deliver("a1");
        assertThat(acked).containsExactly("0@11");
        assertThat(batchAcks).containsExactly("0@11");
        deliver("b1");
        assertThat(acked).containsExactly("0@11");
        deliver("b2");
        assertThat(acked).containsExactly("0@11", "0@10");
        assertThat(held.held()).isZero();
    }

    @Test
    void shouldRunAUnitOnceWhileItIsInFlightAndSettleEveryRecordThatBroughtIt() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 4, 8, () -> true, 100);

        receive(held, batch(record(0, 1, "a:x,a:y")));
        // The same item again (a redelivery after a rebalance that gave the partition back), and in one record twice.
        receive(held, batch(record(0, 2, "a:x,a:x")));
        assertThat(runs).containsExactly("x", "y");

        deliver("x");
        assertThat(acked).containsExactly("0@2");
        deliver("y");
        assertThat(acked).containsExactly("0@2", "0@1");
        assertThat(runs).containsExactly("x", "y");
    }

    @Test
    void shouldHoldAtMostItsBoundAndTakeTheNextBatchWhenRoomIsMade() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 4, 8, () -> true, 3);

        receive(held, batch(record(0, 1, "a:1,a:2")));
        CompletableFuture<Void> second = held.receive(batch(record(0, 2, "a:3,a:4")), v -> null, this::prepare)
                .subscribeAsCompletionStage();

        assertThat(second).isNotDone();
        assertThat(runs).containsExactly("1", "2");
        deliver("1");
        assertThat(second).isNotDone();
        deliver("2");
        assertThat(second).isDone();
        assertThat(runs).containsExactly("1", "2", "3", "4");
        assertThat(held.held()).isEqualTo(2);
    }

    @Test
    void shouldSettleEachPartitionOfABatchOnItsOwn() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 4, 8, () -> true, 100);

        receive(held, batch(record(0, 5, "b:slow"), record(1, 7, "a:fast1"), record(1, 8, "a:fast2")));
        deliver("fast1");
        deliver("fast2");

        // The connector tracks each partition's last record of the batch: partition 1's is acknowledged now.
        assertThat(acked).containsExactly("1@8");
        assertThat(batchAcks).isEmpty();
        deliver("slow");
        assertThat(acked).containsExactly("1@8", "0@5");
        assertThat(batchAcks).hasSize(1);
    }

    @Test
    void shouldDeadLetterARefusedLastRecordOnlyAfterTheEarlierRecordsOfItsPartitionAreDone() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 4, 8, () -> true, 100);

        receive(held, batch(record(0, 1, "bad-early"), record(0, 2, "a:x"), record(0, 3, "bad-last")));

        // An earlier record is dead-lettered at once (the connector does not track it); the last one, whose
        // acknowledgement commits the partition up to it, waits for x.
        assertThat(nacked).containsOnlyKeys("0@1");
        deliver("x");
        assertThat(nacked).containsOnlyKeys("0@1", "0@3");
        assertThat(nacked.get("0@3")).hasMessage("refused");
        assertThat(acked).isEmpty();
    }

    @Test
    void shouldDeadLetterTheRecordsOfAUnitWhoseResultsCouldNotBeSent() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 4, 8, () -> true, 100);

        receive(held, batch(record(0, 1, "a:x"), record(0, 2, "a:y")));
        deliveries.get("x").completeExceptionally(new IllegalStateException("broker gone"));
        assertThat(nacked).containsOnlyKeys("0@1");
        deliver("y");

        assertThat(acked).containsExactly("0@2");
    }

    @Test
    void shouldGiveUpTheRecordsOfARevokedPartitionDroppingTheirQueuedUnits() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 1, 8, () -> true, 100);

        receive(held, batch(record(0, 1, "b:b1,b:b2,b:b3"), record(1, 4, "a:a1")));
        assertThat(runs).containsExactly("b1", "a1");

        held.revoked(List.of(new TopicPartition(TOPIC, 0)));
        // b1 was running: it finishes, but neither are its results sent nor is its record acknowledged (the new owner
        // reads it again from the last commit and answers it). b2 and b3 never run here.
        deliver("b1");
        deliver("a1");

        assertThat(runs).containsExactly("b1", "a1");
        assertThat(sent).containsExactly("a1");
        assertThat(acked).containsExactly("1@4");
        assertThat(batchAcks).isEmpty();
        assertThat(held.held()).isZero();
        assertThat(held.waiting()).isZero();
    }

    @Test
    void shouldRunARedeliveredItemOnceWhenItsPartitionComesBackWhileItRuns() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 4, 8, () -> true, 100);

        receive(held, batch(record(0, 1, "b:b1")));
        held.revoked(List.of(new TopicPartition(TOPIC, 0)));
        // The partition comes back to this consumer: its record again, while b1 still runs.
        receive(held, batch(record(0, 1, "b:b1")));
        deliver("b1");

        assertThat(runs).containsExactly("b1");
        assertThat(sent).containsExactly("b1");
        assertThat(acked).containsExactly("0@1");
    }

    @Test
    void shouldAcknowledgeARecordWithNoUnitsAtOnce() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 4, 8, () -> true, 100);

        receive(held, batch(record(0, 1, "")));

        assertThat(acked).containsExactly("0@1");
        assertThat(batchAcks).hasSize(1);
    }

    @Test
    void shouldDeadLetterEveryRecordWhenItsUnitsCannotBeMade() {
        HeldRecords<String, String> held = new HeldRecords<>("test", 4, 8, () -> true, 100);

        held.receive(
                        batch(record(0, 1, "a:x"), record(0, 2, "a:y")),
                        v -> null,
                        records -> Uni.createFrom().failure(new IllegalArgumentException("not a database")))
                .await()
                .atMost(Duration.ofSeconds(5));

        assertThat(nacked).containsOnlyKeys("0@1", "0@2");
        assertThat(acked).isEmpty();
        assertThat(runs).isEmpty();
    }

    private void receive(HeldRecords<String, String> held, Message<List<String>> batch) {
        held.receive(batch, v -> v.startsWith("bad") ? "refused" : null, this::prepare)
                .await()
                .atMost(Duration.ofSeconds(5));
    }

    /** A record "tenant:key,tenant:key": its units. */
    private Uni<List<HeldRecords.Work<String, String>>> prepare(List<String> records) {
        List<HeldRecords.Work<String, String>> works = new ArrayList<>();
        for (String record : records) {
            if (record.isEmpty()) {
                continue;
            }
            for (String unit : record.split(",")) {
                String tenant = unit.substring(0, unit.indexOf(':'));
                String key = unit.substring(unit.indexOf(':') + 1);
                works.add(new HeldRecords.Work<>(record, key, tenant, () -> {
                    runs.add(key);
                    CompletableFuture<Void> delivery = deliveries.computeIfAbsent(key, k -> new CompletableFuture<>());
                    // Its queries take until it is delivered (its slot held that long), then it is sent.
                    return Uni.createFrom()
                            .completionStage(delivery.handle(
                                    (ok, e) -> Uni.createFrom().deferred(() -> {
                                        sent.add(key);
                                        return Uni.createFrom().completionStage(delivery);
                                    })));
                }));
            }
        }
        return Uni.createFrom().item(works);
    }

    private void deliver(String key) {
        deliveries.get(key).complete(null);
    }

    private Message<String> record(int partition, long offset, String payload) {
        String name = partition + "@" + offset;
        // A distinct instance per record: the units name their record by identity.
        String value = new String(payload);
        ConsumerRecord<String, String> consumed = new ConsumerRecord<>(TOPIC, partition, offset, null, value);
        return Message.of(value)
                .addMetadata(new IncomingKafkaRecordMetadata<>(consumed, "test"))
                .withAck(() -> {
                    acked.add(name);
                    return CompletableFuture.completedFuture(null);
                })
                .withNack(e -> {
                    nacked.put(name, e);
                    return CompletableFuture.completedFuture(null);
                });
    }

    @SafeVarargs
    private Message<List<String>> batch(Message<String>... records) {
        List<Message<?>> messages = new ArrayList<>(List.of(records));
        List<String> values =
                messages.stream().map(m -> (String) m.getPayload()).toList();
        IncomingKafkaRecordBatchMetadata<String, String> metadata = new IncomingKafkaRecordBatchMetadata<>(
                ConsumerRecords.empty(), messages, "test-channel", 0, Map.of(), 0);
        String last = records[records.length - 1]
                .getMetadata(IncomingKafkaRecordMetadata.class)
                .map(m -> m.getPartition() + "@" + m.getOffset())
                .orElse("?");
        return Message.of(values).addMetadata(metadata).withAck(() -> {
            batchAcks.add(last);
            return CompletableFuture.completedFuture(null);
        });
    }
}
