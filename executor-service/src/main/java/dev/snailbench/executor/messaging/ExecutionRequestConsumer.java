package dev.snailbench.executor.messaging;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.model.ExecutionRecord;
import dev.snailbench.executor.repository.ExecutionRecordRepository;
import dev.snailbench.executor.service.EventSize;
import dev.snailbench.executor.service.ExecutionService;
import dev.snailbench.executor.service.Target;
import dev.snailbench.executor.service.TargetResolver;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.serde.EventJson;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
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
 * records at a time: one query for what is already stored, the SQL of the new items run in parallel on the JDBC
 * pool, one transaction storing their outcomes, the events sent together. Idempotent per work item: the first
 * ExecutionCompleted is stored and a redelivered request re-emits exactly that event (same event id, same results)
 * instead of running the SQL again.
 */
@ApplicationScoped
public class ExecutionRequestConsumer {

    private final ExecutionRecordRepository records;
    private final TargetResolver targets;
    private final ExecutionService execution;
    private final MutinyEmitter<ExecutionCompleted> results;
    private final int maxEventBytes;
    private final int parallelItems;

    public ExecutionRequestConsumer(ExecutionRecordRepository records, TargetResolver targets,
            ExecutionService execution, ExecutorConfig config,
            @Channel(Channels.RESULTS_TO_SCORE_OUT) MutinyEmitter<ExecutionCompleted> results) {
        this.records = records;
        this.maxEventBytes = config.maxEventBytes();
        this.targets = targets;
        this.execution = execution;
        this.results = results;
        // Each item runs its gold and predicted SQL at once: this many items fill a database's pool.
        this.parallelItems = Math.max(1, config.poolSizePerDatabase() / 2);
    }

    @Incoming(Channels.SQL_TO_EXECUTE)
    public Uni<Void> onExecutionRequested(Message<List<ExecutionRequested>> batch) {
        return Batches.consume(batch, request -> request.workItemId() == null || request.jobId() == null
                ? "ExecutionRequested " + request.eventId() + " lacks workItemId or jobId" : null, this::executeAll);
    }

    private Uni<Void> executeAll(List<ExecutionRequested> requests) {
        Context context = Vertx.currentContext();
        // A batch may hold the same item twice (a redelivery): run it once.
        Map<UUID, ExecutionRequested> byItem = requests.stream().collect(Collectors.toMap(
                ExecutionRequested::workItemId, Function.identity(), (first, again) -> first, LinkedHashMap::new));
        return Panache.withSession(() -> records.list("workItemId in ?1", byItem.keySet()))
                .chain(stored -> {
                    Map<UUID, ExecutionCompleted> done = new HashMap<>();
                    stored.forEach(record -> done.put(record.workItemId, read(record)));
                    List<ExecutionRequested> missing = byItem.values().stream()
                            .filter(request -> !done.containsKey(request.workItemId())).toList();
                    return executeAndStore(missing, context).map(fresh -> {
                        fresh.forEach(completed -> done.put(completed.workItemId(), completed));
                        return done;
                    });
                })
                .chain(done -> {
                    List<Uni<Void>> sends = requests.stream().map(request -> done.get(request.workItemId()))
                            .map(completed -> results.sendMessage(KafkaRecord.of(completed.key(), completed)))
                            .toList();
                    return Uni.join().all(sends).andFailFast().replaceWithVoid();
                });
    }

    private Uni<List<ExecutionCompleted>> executeAndStore(List<ExecutionRequested> requests, Context context) {
        if (requests.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return resolveTargets(requests)
                .chain(resolved -> Multi.createFrom().iterable(requests)
                        // Serializing a result (up to max-event-bytes of JSON) is CPU work: on a worker too, never
                        // on the event loop.
                        .onItem().transformToUni(request -> execute(request, resolved.get(key(request)))
                                .emitOn(Infrastructure.getDefaultWorkerPool())
                                .map(completed -> EventSize.fit(completed, maxEventBytes)))
                        .merge(parallelItems)
                        .collect().asList())
                // JDBC ran on worker threads: Hibernate Reactive must continue on this batch's context.
                .emitOn(task -> context.runOnContext(ignored -> task.run()))
                .chain(this::store);
    }

    /**
     * Each distinct database of the batch resolved once, one after the other (Hibernate Reactive's session is not
     * for concurrent use); a database that cannot be resolved becomes its items' failed outcome, not the batch's.
     */
    private Uni<Map<String, Resolved>> resolveTargets(List<ExecutionRequested> requests) {
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

    /** Stores the new outcomes in one transaction; the events sent are exactly what is stored. */
    private Uni<List<ExecutionCompleted>> store(List<EventSize.Fitted> fits) {
        List<ExecutionCompleted> fitted = new ArrayList<>(fits.size());
        List<ExecutionRecord> rows = new ArrayList<>(fits.size());
        for (EventSize.Fitted fit : fits) {
            fitted.add(fit.event());
            ExecutionRecord record = new ExecutionRecord();
            record.workItemId = fit.event().workItemId();
            record.jobId = fit.event().jobId();
            record.tenantId = fit.event().tenantId();
            record.completedJson = new String(fit.json(), StandardCharsets.UTF_8);
            record.createdAt = Instant.now();
            rows.add(record);
        }
        // A concurrent delivery that stored one of them first fails this transaction: the retry finds its row.
        return Panache.withTransaction(() -> records.persist(rows)).replaceWith(fitted);
    }

    private static String key(ExecutionRequested request) {
        DatabaseRef ref = request.item() == null ? null : request.item().database();
        return request.tenantId() + "|" + (ref == null ? "" : ref.databaseId() != null ? ref.databaseId()
                : ref.kind() + "|" + ref.jdbcUrl() + "|" + ref.user() + "|" + ref.sealedPassword());
    }

    private record Resolved(Target target, String failure) {
    }

    private static ExecutionCompleted read(ExecutionRecord stored) {
        return EventJson.read(stored.completedJson.getBytes(StandardCharsets.UTF_8), ExecutionCompleted.class);
    }

    private static String reason(Throwable e) {
        return e instanceof IllegalArgumentException || e instanceof IllegalStateException
                ? e.getMessage() : e.toString();
    }
}
