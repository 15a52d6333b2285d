package dev.snailbench.model.delivery;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * Consumes a channel's batches ({@code batch=true}) without waiting for their work: each record's units of work
 * (work items, tasks) go to {@link TenantLanes} and the channel takes its next batch at once, so a tenant's units
 * never wait behind another tenant's slow ones in the partition, only for a free slot. A record stays held (its
 * offset uncommitted) until every unit of it is done, i.e. its results are acknowledged by the broker; records are
 * acknowledged out of order, which the connector's {@code throttled} commit strategy turns into commits of each
 * partition's done prefix. The guarantees:
 * <ul>
 * <li><b>Bounded:</b> at most {@code maxHeld} units are held; a batch beyond that waits before it is taken, which
 * stops the channel's polling (pause-if-no-requests) instead of pulling a backlog into the heap.</li>
 * <li><b>At least once, one run per unit in flight:</b> a unit whose key (work item, task) is already queued or
 * running here is not run again; the record that brought it again is done when that run is.</li>
 * <li><b>Dead letters:</b> a record refused at once (unreadable, or by the consumer's check) or whose unit's
 * results could not be sent after retries goes to the channel's dead-letter topic, never dropped.</li>
 * <li><b>Rebalances:</b> when partitions are revoked ({@link #revoked}), their held records are given up: never
 * acknowledged (so the new owner gets them from the last commit, which covers only records whose work was done),
 * their queued units dropped unless another record still holds them, their running units left to finish without
 * sending their results (the new owner sends them). Units of those records already delivered are run again by the
 * new owner: their results are sent twice, and deduplicated downstream.</li>
 * </ul>
 * Acknowledging: in a batch the connector tracks only each partition's last record, so a partition's records of a
 * batch are settled together, once all of them are done: the earlier ones dead-lettered first if they must be, then
 * the last acknowledged (or dead-lettered). The batch message itself is acknowledged when all its partitions' records
 * were, so its interceptors see it end.
 *
 * @param <V> a record's payload
 * @param <K> a unit's key, for one run per unit in flight
 */
public final class HeldRecords<V, K> {

    private static final Logger LOG = Logger.getLogger(HeldRecords.class);

    /**
     * A unit of a record's work.
     *
     * @param record the payload it came in (the same instance as in the batch)
     * @param run starts the work; the outer Uni completes when the unit's slot is free again (its queries done), with
     *        the delivery: a Uni that sends its results when subscribed and completes when the broker acknowledged
     *        them (not subscribed when the unit's records were given up meanwhile)
     */
    public record Work<V, K>(V record, K key, String tenant, Supplier<Uni<Uni<Void>>> run) {}

    private final String channel;
    private final int maxHeld;
    private final TenantLanes lanes;
    private final Map<K, Entry> entries = new HashMap<>();
    private final Map<TopicPartition, Set<Held>> live = new HashMap<>();
    private final ArrayDeque<Admission> admissions = new ArrayDeque<>();
    private int held;

    /**
     * @param perTenant units of one tenant run at once
     * @param atOnce units run at once
     * @param mayStart false while no unit may start (see {@link TenantLanes}); call {@link #drain()} when it may again
     * @param maxHeld units held at most (waiting, running or being delivered)
     */
    public HeldRecords(String channel, int perTenant, int atOnce, BooleanSupplier mayStart, int maxHeld) {
        this.channel = channel;
        this.maxHeld = Math.max(1, maxHeld);
        this.lanes = new TenantLanes(perTenant, atOnce, mayStart);
    }

    /**
     * The channel's consumer method: dead-letters the refused records, has {@code prepare} make the others' units
     * (on the batch's Vert.x context, retried while its failure may be transient: see {@link Redelivery}) and queues
     * them. Completes once they are queued, long before they are done.
     *
     * @param refusal why a readable record cannot be handled, or null when it can
     * @param prepare the accepted records' units (a record may have none: it is done at once)
     */
    public Uni<Void> receive(
            Message<List<V>> batch, Function<V, String> refusal, Function<List<V>, Uni<List<Work<V, K>>>> prepare) {
        Context context = Vertx.currentContext();
        List<Message<V>> records = Batches.records(batch);
        if (records.isEmpty()) {
            return Uni.createFrom().completionStage(batch::ack);
        }
        Batch whole = new Batch(batch);
        Map<TopicPartition, Held> byPartition = new LinkedHashMap<>();
        for (Message<V> record : records) {
            byPartition
                    .computeIfAbsent(partition(record), p -> new Held(p, whole))
                    .records
                    .add(record);
        }
        Map<V, Claim> claims = new IdentityHashMap<>();
        List<V> accepted = new ArrayList<>();
        List<Runnable> deadLetters = new ArrayList<>();
        synchronized (this) {
            for (Held h : byPartition.values()) {
                h.latest = h.records.stream()
                        .max(Comparator.comparingLong(HeldRecords::offset))
                        .orElseThrow();
                whole.partitions++;
                live.computeIfAbsent(h.partition, p -> new HashSet<>()).add(h);
            }
            for (Message<V> record : records) {
                Held h = byPartition.get(partition(record));
                V payload = record.getPayload();
                String reason = payload == null ? "unreadable record" : refusal.apply(payload);
                if (reason == null) {
                    accepted.add(payload);
                    claims.put(payload, new Claim(h, record));
                } else {
                    LOG.warnf(
                            "refused %s from %s, dead-lettered: %s",
                            NackWarnings.describe(payload), NackWarnings.where(record), reason);
                    deadLetters.add(deadLetter(h, record, new IllegalArgumentException(reason)));
                }
            }
        }
        deadLetters.forEach(Runnable::run);
        if (accepted.isEmpty()) {
            byPartition.values().forEach(this::done);
            return Uni.createFrom().voidItem();
        }
        String what = accepted.size() + " records from " + NackWarnings.where(records.get(0));
        return Redelivery.withRetries(what, context, () -> prepare.apply(accepted))
                .onItemOrFailure()
                .transformToUni((works, failure) -> {
                    if (failure != null) {
                        LOG.warnf(
                                "%s could not be taken in after retries, every one is dead-lettered: %s",
                                what, failure.toString());
                        List<Runnable> nacks = new ArrayList<>();
                        synchronized (this) {
                            claims.values().forEach(claim -> nacks.add(deadLetter(claim.held, claim.record, failure)));
                        }
                        nacks.forEach(Runnable::run);
                        byPartition.values().forEach(this::done);
                        return Uni.createFrom().voidItem();
                    }
                    return admit(works.size(), context).invoke(() -> register(works, claims, byPartition.values()));
                });
    }

    /**
     * Gives up the held records of revoked (or lost) partitions: see the class comment. Called on the consumer's
     * polling thread, after the commit strategy committed what was done.
     */
    public void revoked(Collection<TopicPartition> partitions) {
        int released = 0;
        int dropped = 0;
        int records = 0;
        synchronized (this) {
            Set<Held> abandoned = Collections.newSetFromMap(new IdentityHashMap<>());
            for (TopicPartition partition : partitions) {
                Set<Held> held = live.remove(partition);
                if (held != null) {
                    abandoned.addAll(held);
                }
            }
            if (abandoned.isEmpty()) {
                return;
            }
            for (Held h : abandoned) {
                h.abandoned = true;
                released += h.units;
                records += h.records.size();
            }
            List<Entry> orphans = new ArrayList<>();
            for (Entry entry : entries.values()) {
                entry.claims.removeIf(claim -> claim.held.abandoned);
                if (entry.claims.isEmpty() && !entry.running) {
                    orphans.add(entry);
                }
            }
            for (Entry entry : orphans) {
                entry.dropped = true;
                entries.remove(entry.work.key(), entry);
            }
            Set<Entry> gone = Collections.newSetFromMap(new IdentityHashMap<>());
            gone.addAll(orphans);
            dropped = lanes.remove(gone::contains).size();
        }
        LOG.infof(
                "%s: partitions %s revoked: %d records given up for their next owner, %d of their units dropped "
                        + "before they ran",
                channel, partitions, records, dropped);
        release(released);
    }

    /** Starts what may start: call when the lanes' {@code mayStart} may have become true. */
    public void drain() {
        lanes.drain();
    }

    /** Units held (waiting, running or being delivered). */
    public synchronized int held() {
        return held;
    }

    /** Units waiting for a slot. */
    public int waiting() {
        return lanes.waiting();
    }

    /** Units running. */
    public int running() {
        return lanes.running();
    }

    private void register(List<Work<V, K>> works, Map<V, Claim> claims, Collection<Held> helds) {
        List<Entry> submitted = new ArrayList<>();
        int unused = 0;
        synchronized (this) {
            for (Work<V, K> work : works) {
                Claim claim = claims.get(work.record());
                if (claim == null) {
                    throw new IllegalStateException("a unit of a record not in the batch");
                }
                if (claim.held.abandoned) {
                    unused++;
                    continue;
                }
                claim.held.pending++;
                claim.held.units++;
                Entry entry = entries.get(work.key());
                if (entry != null) {
                    entry.claims.add(claim);
                } else {
                    entry = new Entry(work, claim);
                    entries.put(work.key(), entry);
                    submitted.add(entry);
                }
            }
        }
        release(unused);
        submitted.forEach(lanes::submit);
        helds.forEach(this::done);
    }

    /** One unit of the held records done (or the registration's own count). */
    private void done(Held h) {
        boolean settle;
        synchronized (this) {
            settle = !h.abandoned && --h.pending == 0;
            if (settle) {
                Set<Held> held = live.get(h.partition);
                if (held != null) {
                    held.remove(h);
                    if (held.isEmpty()) {
                        live.remove(h.partition);
                    }
                }
                h.settled = true;
            }
        }
        if (settle) {
            settle(h);
        }
    }

    /** The earlier records' dead letters first, then the last record acknowledged or dead-lettered. */
    private void settle(Held h) {
        CompletableFuture<?>[] earlier;
        Throwable latestFailure;
        synchronized (this) {
            earlier = h.deadLettered.stream()
                    .map(CompletionStage::toCompletableFuture)
                    .toArray(CompletableFuture[]::new);
            latestFailure = h.latestFailure;
        }
        CompletableFuture.allOf(earlier)
                .handle((ignored, e) -> null)
                .thenCompose(ignored -> latestFailure == null ? h.latest.ack() : h.latest.nack(latestFailure))
                .whenComplete((ignored, e) -> {
                    if (e != null) {
                        LOG.warnf("%s: settling %s failed: %s", channel, NackWarnings.where(h.latest), e.toString());
                    }
                    release(h.units);
                    h.batch.settled();
                });
    }

    /**
     * Marks the record for the dead-letter topic: at once when it is not its partition's last of the batch (the
     * connector does not track it), at settlement otherwise. Under the lock; run the returned action after it.
     */
    private Runnable deadLetter(Held h, Message<V> record, Throwable failure) {
        if (h.abandoned || !h.deadLetteredRecords.add(record)) {
            return () -> {};
        }
        if (record == h.latest) {
            h.latestFailure = failure;
            return () -> {};
        }
        CompletableFuture<Void> nacked = new CompletableFuture<>();
        h.deadLettered.add(nacked);
        return () -> record.nack(failure).whenComplete((ignored, e) -> nacked.complete(null));
    }

    private void delivered(Entry entry) {
        List<Held> finished = new ArrayList<>();
        synchronized (this) {
            entries.remove(entry.work.key(), entry);
            entry.claims.forEach(claim -> finished.add(claim.held));
        }
        finished.forEach(this::done);
    }

    private void failed(Entry entry, Throwable failure) {
        LOG.warnf(
                "%s: the results of %s could not be sent, its records are dead-lettered: %s",
                channel, entry.work.key(), failure.toString());
        List<Runnable> nacks = new ArrayList<>();
        List<Held> finished = new ArrayList<>();
        synchronized (this) {
            entries.remove(entry.work.key(), entry);
            for (Claim claim : entry.claims) {
                nacks.add(deadLetter(claim.held, claim.record, failure));
                finished.add(claim.held);
            }
        }
        nacks.forEach(Runnable::run);
        finished.forEach(this::done);
    }

    private Uni<Void> admit(int n, Context context) {
        CompletableFuture<Void> admitted;
        synchronized (this) {
            if (admissions.isEmpty() && (held == 0 || held + n <= maxHeld)) {
                held += n;
                return Uni.createFrom().voidItem();
            }
            admitted = new CompletableFuture<>();
            admissions.add(new Admission(n, admitted));
        }
        LOG.debugf("%s: %d units held, %d more wait for room", channel, held, n);
        Uni<Void> room = Uni.createFrom().completionStage(admitted);
        return context == null ? room : room.emitOn(task -> context.runOnContext(ignored -> task.run()));
    }

    private void release(int n) {
        if (n == 0) {
            return;
        }
        List<CompletableFuture<Void>> admitted = new ArrayList<>();
        synchronized (this) {
            held -= n;
            while (!admissions.isEmpty()
                    && (held == 0 || held + admissions.peek().n() <= maxHeld)) {
                Admission next = admissions.poll();
                held += next.n();
                admitted.add(next.admitted());
            }
        }
        admitted.forEach(future -> future.complete(null));
    }

    private static TopicPartition partition(Message<?> record) {
        return record.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(m -> new TopicPartition(m.getTopic(), m.getPartition()))
                .orElse(new TopicPartition("", -1));
    }

    private static long offset(Message<?> record) {
        return record.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(IncomingKafkaRecordMetadata::getOffset)
                .orElse(-1L);
    }

    /** A batch's records of one partition, settled together. Guarded by the HeldRecords' lock. */
    private final class Held {
        final TopicPartition partition;
        final Batch batch;
        final List<Message<V>> records = new ArrayList<>();
        Message<V> latest;
        /** Units not done, plus one until the batch's units are registered. */
        int pending = 1;
        /** Units admitted for these records. */
        int units;

        boolean abandoned;
        boolean settled;
        Throwable latestFailure;
        final List<CompletionStage<Void>> deadLettered = new ArrayList<>();
        final Set<Message<V>> deadLetteredRecords = Collections.newSetFromMap(new IdentityHashMap<>());

        Held(TopicPartition partition, Batch batch) {
            this.partition = partition;
            this.batch = batch;
        }
    }

    /** The batch message: acknowledged when its partitions' records all were (never when one was given up). */
    private static final class Batch {
        final Message<?> message;
        int partitions;
        int settled;

        Batch(Message<?> message) {
            this.message = message;
        }

        void settled() {
            boolean all;
            synchronized (this) {
                all = ++settled == partitions;
            }
            if (all) {
                message.ack();
            }
        }
    }

    /** A record's claim on a unit: done when the unit is. */
    private final class Claim {
        final Held held;
        final Message<V> record;

        Claim(Held held, Message<V> record) {
            this.held = held;
            this.record = record;
        }
    }

    private record Admission(int n, CompletableFuture<Void> admitted) {}

    /** A unit in flight, with the records waiting for it. */
    private final class Entry implements TenantLanes.Unit {
        final Work<V, K> work;
        final List<Claim> claims = new ArrayList<>();
        boolean running;
        boolean dropped;

        Entry(Work<V, K> work, Claim claim) {
            this.work = work;
            claims.add(claim);
        }

        @Override
        public String tenant() {
            return work.tenant();
        }

        /**
         * False when every record that brought the unit was given up (its partition revoked while it ran): its
         * results are not sent, the partition's new owner runs it and sends them. A record that brings it again
         * later runs it again.
         */
        private boolean claimed() {
            synchronized (HeldRecords.this) {
                if (claims.isEmpty()) {
                    entries.remove(work.key(), this);
                    return false;
                }
                return true;
            }
        }

        @Override
        public Uni<?> start() {
            synchronized (HeldRecords.this) {
                if (dropped) {
                    return Uni.createFrom().voidItem();
                }
                running = true;
            }
            return Uni.createFrom()
                    .<Uni<Void>>deferred(() -> work.run().get())
                    .onItem()
                    .invoke(delivery -> {
                        if (delivery == null || !claimed()) {
                            delivered(this);
                        } else {
                            delivery.subscribe().with(ok -> delivered(this), failure -> failed(this, failure));
                        }
                    })
                    .onFailure()
                    .invoke(failure -> failed(this, failure));
        }
    }
}
