package dev.snailbench.executor.messaging;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.service.DatabaseUses;
import dev.snailbench.executor.service.EventSize;
import dev.snailbench.executor.service.TargetResolver;
import dev.snailbench.executor.service.execution.ExecutionService;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.HeldRecords;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.serde.EventRecords;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.vertx.core.Context;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * sql-to-execute → results-to-score: runs work items' gold and predicted SQL and forwards both outcomes. The channel
 * is read continuously ({@link HeldRecords}): each batch's distinct databases are resolved once and its items queued
 * in their tenant's lane, and the next batch is taken at once. Each tenant's items run {@code items-per-tenant} at a
 * time, the tenants side by side, a freed slot going to the next tenant in turn ({@code TenantLanes}):
 * one tenant's slow or dead database holds its own slots only, never another tenant's items, wherever they are in the
 * partition. With the connection timeout and the circuit breaker of {@code PoolManager}, a dead database's items fail
 * in milliseconds. The ExecutionCompleted of items that finished close together are sent together, each job's in one
 * {@link ExecutionsCompleted} record, at most {@code results-group-wait} after the first of them finished.
 * <p>
 * A record is acknowledged once the broker has every result of its items (records out of order: the throttled commit
 * strategy commits each partition's done prefix). At most {@code items-held} items are held; beyond that the channel
 * stops fetching. Items of a cancelled job are skipped, neither run nor answered (the job is already
 * {@code cancelled}, with the verdicts it had), when they arrive and again when their turn comes.
 * <p>
 * Rebalances (several replicas, one killed or added mid-job): when this replica loses a partition
 * ({@link PartitionRevocations}), its held records of it are given up, never acknowledged: the new owner reads them
 * again from the last commit, which covers only records whose results were all sent. Their items still queued here
 * are dropped, and those running finish without sending their results: the new owner runs and answers them. Items
 * of those records already answered here (a record is done only with all its items) are answered again by the new
 * owner; the scorer keeps one verdict per item. An item already queued or running here is not run again when its
 * record comes back (a rebalance that returns the partition): the record is done with that run.
 * <p>
 * This hop keeps no state of its own: its work is read-only queries, so a redelivered request is simply run again and
 * answered with the same event id ({@link ExecutionCompleted#idFor}); the scorer, which owns the verdict, keeps the
 * first result of a work item and answers a repeat with the stored verdict: one verdict per item whatever the
 * redeliveries.
 */
@ApplicationScoped
public class ExecutionRequestConsumer {

    private final TargetResolver targets;
    private final ExecutionService execution;
    /**
     * ExecutionsCompleted records of results as {@link EventSize} measured them: serialized once, not by the producer.
     */
    private final MutinyEmitter<byte[]> results;
    /** A record's JSON: room left under max-event-bytes (the producer's and topic's limit) for key and headers. */
    private final int maxRecordBytes;
    /** One result's JSON: room left in its record for the record's own fields. */
    private final int maxItemBytes;

    private final JobCancellationConsumer cancellations;
    private final LoginFailurePublisher loginFailures;
    private final DatabaseUses uses;
    private final Counter skipped;
    private final ResultGroups groups;
    private final HeldRecords<ExecutionsRequested, UUID> held;

    public ExecutionRequestConsumer(
            TargetResolver targets,
            ExecutionService execution,
            ExecutorConfig config,
            JobCancellationConsumer cancellations,
            DatabaseUses uses,
            LoginFailurePublisher loginFailures,
            MeterRegistry metrics,
            @Channel(Channels.RESULTS_TO_SCORE_OUT) MutinyEmitter<byte[]> results) {
        this.uses = uses;
        this.loginFailures = loginFailures;
        this.maxRecordBytes = config.maxEventBytes() - 32 * 1024;
        this.maxItemBytes = maxRecordBytes - 32 * 1024;
        this.targets = targets;
        this.execution = execution;
        this.results = results;
        this.cancellations = cancellations;
        this.skipped = Counter.builder(SKIPPED_METRIC)
                .description("work items of cancelled jobs skipped, not run")
                .register(metrics);
        // Never more at once than threads to run them: beyond, items would wait for a thread in arrival order.
        int perTenant = Math.max(1, config.itemsPerTenant());
        int atOnce =
                Math.min(perTenant * Math.max(1, config.tenantsAtOnce()), Math.max(perTenant, config.workerThreads()));
        // Results waiting for the broker: two records' worth, or two records' bytes, before items stop starting.
        this.groups = new ResultGroups(
                RESULTS_PER_RECORD,
                config.resultsGroupWait(),
                2 * RESULTS_PER_RECORD,
                2L * config.maxEventBytes(),
                Infrastructure.getDefaultWorkerPool(),
                this::send,
                this::drain);
        this.held =
                new HeldRecords<>(Channels.SQL_TO_EXECUTE, perTenant, atOnce, () -> !groups.full(), config.itemsHeld());
        Gauge.builder(HELD_METRIC, held, HeldRecords::held)
                .description("work items held: received, not answered")
                .register(metrics);
    }

    /** Results to an {@link ExecutionsCompleted} record at most (the scorer's batch is a few records). */
    static final int RESULTS_PER_RECORD = 50;

    /** Counter of the items skipped because their job was cancelled (Prometheus: snailbench_executor_items_skipped). */
    public static final String SKIPPED_METRIC = "snailbench.executor.items.skipped";

    /** Work items held, received and not yet answered (Prometheus: snailbench_executor_items_held). */
    public static final String HELD_METRIC = "snailbench.executor.items.held";

    /**
     * Records of several work items each ({@link ExecutionsRequested}): a record with an item lacking its ids, or of
     * another job or tenant than the record's, is refused whole (dead-lettered, where the scorer gives each
     * identifiable item a failed verdict); the other records' items are queued. Completes once they are.
     */
    @Incoming(Channels.SQL_TO_EXECUTE)
    public Uni<Void> onExecutionRequested(Message<List<ExecutionsRequested>> batch) {
        return held.receive(batch, ExecutionsRequested::refusal, this::prepare);
    }

    /** Gives up the held records of partitions this replica no longer owns. */
    void revoked(Collection<TopicPartition> partitions) {
        held.revoked(partitions);
    }

    private void drain() {
        held.drain();
    }

    /** The records' items, each database resolved once; items of cancelled jobs left out. */
    private Uni<List<HeldRecords.Work<ExecutionsRequested, UUID>>> prepare(List<ExecutionsRequested> records) {
        List<HeldRecords.Work<ExecutionsRequested, UUID>> works = new ArrayList<>();
        List<ExecutionRequested> live = new ArrayList<>();
        Map<ExecutionRequested, ExecutionsRequested> recordOf = new IdentityHashMap<>();
        for (ExecutionsRequested record : records) {
            for (ExecutionRequested request : record.requests()) {
                if (notCancelled(request)) {
                    live.add(request);
                    recordOf.put(request, record);
                }
            }
        }
        // A job uses a registered database the tenant owns: an item naming another's is not counted.
        return resolveTargets(live)
                .call(resolved -> uses.used(live.stream()
                        .filter(request -> {
                            Resolved target = resolved.get(key(request));
                            return target != null && target.target() != null;
                        })
                        .toList()))
                .map(resolved -> {
                    for (ExecutionRequested request : live) {
                        works.add(new HeldRecords.Work<>(
                                recordOf.get(request),
                                request.workItemId(),
                                request.tenantId(),
                                () -> run(request, resolved)));
                    }
                    return works;
                });
    }

    /** Runs the item (its slot's part); its delivery gives its result to the groups. */
    private Uni<Uni<Void>> run(ExecutionRequested request, Map<String, Resolved> resolved) {
        return answer(request, resolved)
                .map(item -> item == null
                        ? Uni.createFrom().voidItem()
                        : Uni.createFrom().deferred(() -> groups.add(item)));
    }

    /**
     * Runs one item and writes its result (null: its job was cancelled meanwhile, while it waited behind the tenant's
     * others).
     */
    private Uni<EventRecords.Item> answer(ExecutionRequested request, Map<String, Resolved> resolved) {
        if (!notCancelled(request)) {
            return Uni.createFrom().nullItem();
        }
        return execute(request, resolved.get(key(request)))
                // Serializing a result (up to max-event-bytes of JSON) is CPU work, never for the event loop: where
                // the item finished on a worker (its queries ran on the JDBC pool), there, without another hop.
                .onItem()
                .transformToUni(completed -> Context.isOnEventLoopThread()
                        ? Uni.createFrom()
                                .item(() -> written(completed))
                                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                        : Uni.createFrom().item(written(completed)));
    }

    private EventRecords.Item written(ExecutionCompleted completed) {
        EventSize.Fitted fitted = EventSize.fit(completed, maxItemBytes);
        return new EventRecords.Item(fitted.event(), fitted.json());
    }

    /**
     * The results of a group, each job's in as few records as fit, sent again while the failure may be transient
     * (the broker restarting); records the scorer already has are deduplicated there.
     */
    private Uni<Void> send(List<EventRecords.Item> group) {
        List<EventRecords.Encoded> records =
                EventRecords.packByJob(group, RESULTS_PER_RECORD, maxRecordBytes, ExecutionsCompleted::empty);
        return Redelivery.withRetries(group.size() + " results", null, () -> EventRecords.send(results, records));
    }

    private boolean notCancelled(ExecutionRequested request) {
        if (cancellations.contains(request.jobId())) {
            skipped.increment();
            return false;
        }
        return true;
    }

    /**
     * Each distinct database of the batch resolved once, one after the other (Hibernate Reactive's session is not
     * for concurrent use); a database that cannot be resolved becomes its items' failed outcome, not the batch's.
     */
    private Uni<Map<String, Resolved>> resolveTargets(Collection<ExecutionRequested> requests) {
        Map<String, ExecutionRequested> firstByDatabase = new LinkedHashMap<>();
        // Items of linking-only jobs name no database: nothing to resolve, nothing to run.
        requests.stream()
                .filter(request -> request.item() == null || request.item().database() != null)
                .forEach(request -> firstByDatabase.putIfAbsent(key(request), request));
        Map<String, Resolved> resolved = new HashMap<>();
        return Multi.createFrom()
                .iterable(firstByDatabase.entrySet())
                .onItem()
                .transformToUniAndConcatenate(entry -> targets.resolve(
                                entry.getValue().tenantId(),
                                entry.getValue().item() == null
                                        ? null
                                        : entry.getValue().item().database())
                        .map(target -> new Resolved(target, null))
                        .onFailure()
                        .recoverWithItem(e -> new Resolved(null, reason(e)))
                        .invoke(result -> resolved.put(entry.getKey(), result)))
                .collect()
                .last()
                .replaceWith(resolved);
    }

    private Uni<ExecutionCompleted> execute(ExecutionRequested request, Resolved resolved) {
        if (request.item() != null && request.item().database() == null) {
            return Uni.createFrom().item(execution.linkingOnly(request));
        }
        if (resolved.target() == null) {
            return Uni.createFrom().item(execution.unreachable(request, resolved.failure()));
        }
        return execution
                .execute(request, resolved.target())
                .onFailure()
                .recoverWithItem(e -> execution.unreachable(request, reason(e)))
                // A login that stopped working stops the job's model calls on this database (inference).
                .call(completed -> loginFailures.check(request, resolved.target(), completed));
    }

    private static String key(ExecutionRequested request) {
        DatabaseRef ref = request.item() == null ? null : request.item().database();
        // The schema too: items of one database asked on different schemas run on different paths.
        return request.tenantId() + "|"
                + (ref == null
                        ? ""
                        : (ref.databaseId() != null
                                        ? ref.databaseId()
                                        : ref.kind() + "|" + ref.jdbcUrl() + "|" + ref.user() + "|"
                                                + ref.sealedPassword())
                                + "|"
                                + ref.schema());
    }

    private record Resolved(Target target, String failure) {}

    private static String reason(Throwable e) {
        return e instanceof IllegalArgumentException || e instanceof IllegalStateException
                ? e.getMessage()
                : e.toString();
    }
}
