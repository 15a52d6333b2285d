package dev.snailbench.executor.messaging;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.model.ExecutionRecord;
import dev.snailbench.executor.repository.ExecutionRecordRepository;
import dev.snailbench.executor.service.EventSize;
import dev.snailbench.executor.service.ExecutionService;
import dev.snailbench.executor.service.TargetResolver;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.serde.EventJson;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * sql-to-execute → results-to-score: runs a work item's gold and predicted SQL and forwards both outcomes.
 * Idempotent per work item: the first ExecutionCompleted is stored and a redelivered request re-emits exactly
 * that event (same event id, same results) instead of running the SQL again.
 */
@ApplicationScoped
public class ExecutionRequestConsumer {

    private static final Logger LOG = Logger.getLogger(ExecutionRequestConsumer.class);

    private final ExecutionRecordRepository records;
    private final TargetResolver targets;
    private final ExecutionService execution;
    private final MutinyEmitter<ExecutionCompleted> results;
    private final int maxEventBytes;

    public ExecutionRequestConsumer(ExecutionRecordRepository records, TargetResolver targets,
            ExecutionService execution, ExecutorConfig config,
            @Channel(Channels.RESULTS_TO_SCORE_OUT) MutinyEmitter<ExecutionCompleted> results) {
        this.records = records;
        this.maxEventBytes = config.maxEventBytes();
        this.targets = targets;
        this.execution = execution;
        this.results = results;
    }

    @Incoming(Channels.SQL_TO_EXECUTE)
    public Uni<Void> onExecutionRequested(ExecutionRequested request) {
        Context context = Vertx.currentContext();
        return Redelivery.withRetries("work item " + request.workItemId(), () -> Panache.withSession(
                        () -> records.findById(request.workItemId()))
                .flatMap(stored -> stored != null
                        ? Uni.createFrom().item(read(stored))
                        : executeAndStore(request, context))
                .flatMap(completed -> results.sendMessage(KafkaRecord.of(completed.key(), completed))))
                .onFailure().invoke(e -> LOG.warnf("work item %s (job %s): execution hop failed, the record goes to "
                        + "the dead-letter topic: %s", request.workItemId(), request.jobId(), e.toString()));
    }

    private Uni<ExecutionCompleted> executeAndStore(ExecutionRequested request, Context context) {
        return targets.resolve(request.tenantId(), request.item() == null ? null : request.item().database())
                .flatMap(target -> execution.execute(request, target))
                .onFailure().recoverWithItem(e -> execution.unreachable(request, reason(e)))
                // JDBC ran on a worker thread: Hibernate Reactive must continue on this message's context.
                .emitOn(task -> context.runOnContext(ignored -> task.run()))
                .flatMap(this::store);
    }

    /** Stores the event; if a concurrent delivery stored one first, that one wins so both emit the same. */
    private Uni<ExecutionCompleted> store(ExecutionCompleted unchecked) {
        EventSize.Fitted fitted = EventSize.fit(unchecked, maxEventBytes);
        ExecutionCompleted completed = fitted.event();
        ExecutionRecord record = new ExecutionRecord();
        record.workItemId = completed.workItemId();
        record.jobId = completed.jobId();
        record.tenantId = completed.tenantId();
        record.completedJson = new String(fitted.json(), java.nio.charset.StandardCharsets.UTF_8);
        record.createdAt = Instant.now();
        return Panache.withTransaction(() -> records.persist(record)).replaceWith(completed)
                .onFailure().recoverWithUni(e -> Panache.withSession(() -> records.findById(completed.workItemId()))
                        .map(stored -> {
                            if (stored == null) {
                                // The platform database is failing: the item still goes to the scorer.
                                LOG.warnf("could not store the outcome of work item %s: %s", completed.workItemId(),
                                        e.getMessage());
                                return completed;
                            }
                            return read(stored);
                        }));
    }

    private static ExecutionCompleted read(ExecutionRecord stored) {
        return EventJson.read(stored.completedJson.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                ExecutionCompleted.class);
    }

    private static String reason(Throwable e) {
        return e instanceof IllegalArgumentException || e instanceof IllegalStateException
                ? e.getMessage() : e.toString();
    }
}
