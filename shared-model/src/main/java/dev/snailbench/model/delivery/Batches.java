package dev.snailbench.model.delivery;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * Consumes a topic's records in batches (the channel's {@code batch=true}): one database transaction and one round
 * of produced events per batch instead of per record, which is what lets the pipeline keep up with the database it
 * measures. The guarantees stay those of a single record:
 * <ul>
 * <li>a record that cannot be handled at all (unreadable, or refused by the consumer's check) is nacked alone, with a
 * WARN naming it, and goes to the channel's dead-letter topic; the rest of the batch goes on;</li>
 * <li>the batch's handling is retried while the failure may be transient ({@link Redelivery}); the offsets are
 * committed only when it completed, i.e. after the database commit and the broker's acks of what it sent;</li>
 * <li>if it still fails, every record of the batch is nacked to the dead-letter topic (the scorer turns those into
 * failed verdicts), never dropped.</li>
 * </ul>
 * Handling must be idempotent per record, as for single records: a redelivered batch finds what was stored.
 */
public final class Batches {

    private static final Logger LOG = Logger.getLogger(Batches.class);

    private Batches() {}

    /**
     * @param batch the records polled together
     * @param refusal why a readable record cannot be handled (e.g. it lacks its ids), or null when it can
     * @param handling handles the accepted records together; completes once their results are stored and sent
     */
    public static <V> Uni<Void> consume(
            Message<List<V>> batch, Function<V, String> refusal, Function<List<V>, Uni<Void>> handling) {
        // The batch's own (safe, duplicated) Vert.x context, where Hibernate Reactive may run: captured now, because
        // the handling below starts after the refused records' dead-letter sends, which may complete on another.
        Context context = Vertx.currentContext();
        List<Message<V>> records = records(batch);
        if (records.isEmpty()) {
            return Uni.createFrom().completionStage(batch::ack);
        }
        List<V> accepted = new ArrayList<>();
        List<Uni<Void>> refused = new ArrayList<>();
        for (Message<V> record : records) {
            V payload = record.getPayload();
            String reason = payload == null ? "unreadable record" : refusal.apply(payload);
            if (reason == null) {
                accepted.add(payload);
            } else {
                LOG.warnf(
                        "refused %s from %s, dead-lettered: %s",
                        NackWarnings.describe(payload), NackWarnings.where(record), reason);
                refused.add(Uni.createFrom().completionStage(() -> record.nack(new IllegalArgumentException(reason))));
            }
        }
        Uni<Void> refusals = refused.isEmpty()
                ? Uni.createFrom().voidItem()
                : Uni.join().all(refused).andCollectFailures().replaceWithVoid();
        if (accepted.isEmpty()) {
            return refusals.chain(() -> Uni.createFrom().completionStage(batch::ack));
        }
        String what = accepted.size() + " records from " + NackWarnings.where(records.get(0));
        long started = System.nanoTime();
        if (LOG.isDebugEnabled()) {
            LOG.debugf("batch of %s: the oldest waited %d ms since it was produced", what, waitedMillis(records));
        }
        return refusals.chain(() -> Redelivery.withRetries(what, context, () -> handling.apply(accepted)))
                .onItemOrFailure()
                .transformToUni((done, failure) -> failure == null
                        ? Uni.createFrom().completionStage(batch::ack)
                        : nackAll(records, accepted, failure))
                .invoke(() ->
                        LOG.debugf("batch of %s handled in %d ms", what, (System.nanoTime() - started) / 1_000_000));
    }

    /**
     * The batch's own records: SmallRye hands the method a wrapper of the batch (its interceptors wrap messages),
     * whose metadata still lists them.
     */
    @SuppressWarnings("unchecked")
    static <V> List<Message<V>> records(Message<List<V>> batch) {
        return batch.getMetadata(IncomingKafkaRecordBatchMetadata.class)
                .map(metadata -> (List<Message<V>>) (List<?>) metadata.getBatchedMessages())
                .orElseThrow(() -> new IllegalStateException("not a Kafka batch: set the channel's batch=true"));
    }

    private static long waitedMillis(List<? extends Message<?>> records) {
        long oldest = records.stream()
                .map(r -> r.getMetadata(IncomingKafkaRecordMetadata.class))
                .flatMap(Optional::stream)
                .mapToLong(m -> m.getTimestamp().toEpochMilli())
                .min()
                .orElse(System.currentTimeMillis());
        return System.currentTimeMillis() - oldest;
    }

    private static <V> Uni<Void> nackAll(List<Message<V>> records, List<V> accepted, Throwable failure) {
        LOG.warnf(
                "a batch of %d records from %s failed after retries, every record is dead-lettered: %s",
                accepted.size(), NackWarnings.where(records.get(0)), failure.toString());
        List<Uni<Void>> nacks = new ArrayList<>();
        Set<V> failed = Collections.newSetFromMap(new IdentityHashMap<>());
        failed.addAll(accepted);
        for (Message<V> record : records) {
            if (record.getPayload() != null && failed.contains(record.getPayload())) {
                LOG.warnf("nacked %s: %s", NackWarnings.describe(record.getPayload()), failure.toString());
                nacks.add(Uni.createFrom().completionStage(() -> record.nack(failure)));
            }
        }
        return Uni.join().all(nacks).andCollectFailures().replaceWithVoid();
    }
}
