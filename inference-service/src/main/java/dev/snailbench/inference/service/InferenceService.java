package dev.snailbench.inference.service;

import dev.snailbench.inference.model.InferenceRecord;
import dev.snailbench.inference.repository.InferenceRecordRepository;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.InferenceRequested;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Instant;

/**
 * Answers one work item exactly once: a stored answer is returned as stored; otherwise the model is asked
 * and the answer, failure included, is stored before anything is forwarded.
 */
@ApplicationScoped
public class InferenceService {

    private final InferenceRecordRepository records;
    private final Answerer answerer;

    public InferenceService(InferenceRecordRepository records, Answerer answerer) {
        this.records = records;
        this.answerer = answerer;
    }

    public Uni<Inference> inferOnce(InferenceRequested request) {
        return Panache.withSession(() -> records.findById(request.workItemId()))
                .chain(stored -> stored != null
                        ? Uni.createFrom().item(stored.toInference())
                        : answer(request).map(InferenceRecord::toInference));
    }

    private Uni<InferenceRecord> answer(InferenceRequested request) {
        InferenceRecord record = newRecord(request);
        Context ctx = Vertx.currentContext();
        return answerer.answer(request.item(), record)
                // Whatever went wrong with the model or its answer, the item still goes on to be executed (gold)
                // and scored; the reason travels with it.
                .onFailure().recoverWithItem(e -> {
                    record.predictedSql = null;
                    record.error = Failures.message(e);
                    return null;
                })
                .replaceWith(record)
                // A timeout fires on a scheduler thread; Hibernate Reactive must run on the consumer's context.
                .emitOn(command -> {
                    if (ctx == null || Vertx.currentContext() == ctx) {
                        command.run();
                    } else {
                        ctx.runOnContext(x -> command.run());
                    }
                })
                .chain(r -> Panache.withTransaction(() -> records.persist(r)));
    }

    private static InferenceRecord newRecord(InferenceRequested request) {
        WorkItem item = request.item();
        InferenceRecord r = new InferenceRecord();
        r.workItemId = request.workItemId();
        r.jobId = request.jobId();
        r.tenantId = request.tenantId();
        r.questionId = item.questionId();
        r.backend = item.model() == null ? null : item.model().backend();
        r.model = item.model() == null ? null : item.model().model();
        r.level = item.level() == null ? null : item.level().label();
        r.createdAt = Instant.now();
        return r;
    }
}
