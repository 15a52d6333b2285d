package dev.snailbench.executor.messaging;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.service.EventSize;
import dev.snailbench.executor.service.DatabaseUses;
import dev.snailbench.executor.service.ExecutionService;
import dev.snailbench.executor.service.Target;
import dev.snailbench.executor.service.TargetResolver;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.delivery.PerTenant;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.serde.EventRecords;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.vertx.core.Context;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * sql-to-execute → results-to-score: runs work items' gold and predicted SQL and forwards both outcomes, a batch of
 * records (several items each) at a time: each distinct database of the batch resolved once, the items run in parallel
 * on the JDBC pool, and the ExecutionCompleted of the items that finished together sent together, each job's in one
 * {@link ExecutionsCompleted} record, at most {@code results-group-wait} after the first of them finished (the next
 * items keep the pool busy meanwhile). The offsets are committed once every record of the batch is acknowledged by the
 * broker.
 * <p>
 * Fair between tenants: a batch's items are grouped by tenant, each tenant's run {@code items-per-tenant} at a time
 * and the tenants side by side, so one tenant's slow or dead database never takes every slot; with the connection
 * timeout and the circuit breaker of {@code PoolManager}, a dead database's items fail in milliseconds and the batch
 * (whose offsets commit only when all its items are answered) stays short. Items of a cancelled job are skipped:
 * neither run nor answered (the job is already {@code cancelled}, with the verdicts it had).
 * <p>
 * This hop keeps no state of its own: its work is read-only queries, so a redelivered request is simply run again and
 * answered with the same event id ({@link ExecutionCompleted#idFor}); the scorer, which owns the verdict, keeps the
 * first result of a work item and answers a repeat with the stored verdict. Storing every result here as well (it
 * was, up to 32 MiB of JSON per item) cost a lookup and an insert of the results per batch on the platform database:
 * the largest share of this hop's time, for a guarantee the scorer already gives.
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
    private final int itemsPerTenant;
    private final int tenantsAtOnce;
    private final Duration groupWait;
    private final JobCancellationConsumer cancellations;
    private final DatabaseUses uses;
    private final Counter skipped;

    public ExecutionRequestConsumer(TargetResolver targets, ExecutionService execution, ExecutorConfig config,
            JobCancellationConsumer cancellations, DatabaseUses uses, MeterRegistry metrics,
            @Channel(Channels.RESULTS_TO_SCORE_OUT) MutinyEmitter<byte[]> results) {
        this.uses = uses;
        this.maxRecordBytes = config.maxEventBytes() - 32 * 1024;
        this.maxItemBytes = maxRecordBytes - 32 * 1024;
        this.targets = targets;
        this.execution = execution;
        this.results = results;
        this.cancellations = cancellations;
        this.itemsPerTenant = Math.max(1, config.itemsPerTenant());
        this.tenantsAtOnce = Math.max(1, config.tenantsAtOnce());
        this.groupWait = config.resultsGroupWait();
        this.skipped = Counter.builder(SKIPPED_METRIC).description("work items of cancelled jobs skipped, not run")
                .register(metrics);
    }

    /** Results to an {@link ExecutionsCompleted} record at most (the scorer's batch is a few records). */
    static final int RESULTS_PER_RECORD = 50;

    /** Counter of the items skipped because their job was cancelled (Prometheus: snailbench_executor_items_skipped). */
    public static final String SKIPPED_METRIC = "snailbench.executor.items.skipped";

    /**
     * Records of several work items each ({@link ExecutionsRequested}): a record with an item lacking its ids, or of
     * another job or tenant than the record's, is refused whole (dead-lettered, where the scorer gives each
     * identifiable item a failed verdict); the other records' items are run together.
     */
    @Incoming(Channels.SQL_TO_EXECUTE)
    public Uni<Void> onExecutionRequested(Message<List<ExecutionsRequested>> batch) {
        return Batches.consume(batch, ExecutionsRequested::refusal,
                records -> executeAll(records.stream().flatMap(record -> record.requests().stream()).toList()));
    }

    private Uni<Void> executeAll(List<ExecutionRequested> requests) {
        // A batch may hold the same item twice (a redelivery): run it once.
        Map<UUID, ExecutionRequested> byItem = requests.stream().collect(Collectors.toMap(
                ExecutionRequested::workItemId, Function.identity(), (first, again) -> first, LinkedHashMap::new));
        List<ExecutionRequested> live = byItem.values().stream().filter(this::notCancelled).toList();
        // A job uses a registered database the tenant owns: an item naming another's is not counted.
        return resolveTargets(live).call(resolved -> uses.used(live.stream().filter(request -> {
                    Resolved target = resolved.get(key(request));
                    return target != null && target.target() != null;
                }).toList()))
                .chain(resolved -> PerTenant.merge(live, ExecutionRequested::tenantId,
                                request -> answer(request, resolved), itemsPerTenant, tenantsAtOnce)
                        // What finished together goes on together (one record per job), at most groupWait later.
                        .group().intoLists().of(RESULTS_PER_RECORD, groupWait)
                        // A group that closes while the previous one is still being sent waits here.
                        .onOverflow().buffer()
                        .onItem().transformToUniAndConcatenate(this::send)
                        .collect().last())
                .replaceWithVoid();
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
                .onItem().transformToUni(completed -> Context.isOnEventLoopThread()
                        ? Uni.createFrom().item(() -> written(completed))
                                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                        : Uni.createFrom().item(written(completed)));
    }

    private EventRecords.Item written(ExecutionCompleted completed) {
        EventSize.Fitted fitted = EventSize.fit(completed, maxItemBytes);
        return new EventRecords.Item(fitted.event(), fitted.json());
    }

    /** The results of a group, each job's in as few records as fit. */
    private Uni<Void> send(List<EventRecords.Item> group) {
        return EventRecords.send(results, EventRecords.packByJob(group, RESULTS_PER_RECORD, maxRecordBytes,
                ExecutionsCompleted::empty));
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
        requests.stream().filter(request -> request.item() == null || request.item().database() != null)
                .forEach(request -> firstByDatabase.putIfAbsent(key(request), request));
        Map<String, Resolved> resolved = new HashMap<>();
        return Multi.createFrom().iterable(firstByDatabase.entrySet())
                .onItem().transformToUniAndConcatenate(entry -> targets.resolve(entry.getValue().tenantId(),
                                entry.getValue().item() == null ? null : entry.getValue().item().database())
                        .map(target -> new Resolved(target, null))
                        .onFailure().recoverWithItem(e -> new Resolved(null, reason(e)))
                        .invoke(result -> resolved.put(entry.getKey(), result)))
                .collect().last().replaceWith(resolved);
    }

    private Uni<ExecutionCompleted> execute(ExecutionRequested request, Resolved resolved) {
        if (request.item() != null && request.item().database() == null) {
            return Uni.createFrom().item(execution.linkingOnly(request));
        }
        if (resolved.target() == null) {
            return Uni.createFrom().item(execution.unreachable(request, resolved.failure()));
        }
        return execution.execute(request, resolved.target())
                .onFailure().recoverWithItem(e -> execution.unreachable(request, reason(e)));
    }

    private static String key(ExecutionRequested request) {
        DatabaseRef ref = request.item() == null ? null : request.item().database();
        // The schema too: items of one database asked on different schemas run on different paths.
        return request.tenantId() + "|" + (ref == null ? "" : (ref.databaseId() != null ? ref.databaseId()
                : ref.kind() + "|" + ref.jdbcUrl() + "|" + ref.user() + "|" + ref.sealedPassword()) + "|"
                + ref.schema());
    }

    private record Resolved(Target target, String failure) {
    }

    private static String reason(Throwable e) {
        return e instanceof IllegalArgumentException || e instanceof IllegalStateException
                ? e.getMessage() : e.toString();
    }
}
