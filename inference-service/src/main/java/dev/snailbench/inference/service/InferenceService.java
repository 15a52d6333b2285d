package dev.snailbench.inference.service;

import dev.snailbench.inference.config.InferenceConfig;
import dev.snailbench.inference.repository.InferenceRecord;
import dev.snailbench.inference.repository.InferenceRecordSql;
import dev.snailbench.model.delivery.PerTenant;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.InferenceRequested;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Answers each work item exactly once: a stored answer is returned as stored; otherwise the model is asked
 * and the answer, failure included, is stored before anything is forwarded.
 */
@ApplicationScoped
public class InferenceService {

    private final InferenceRecordSql records;
    private final Answerer answerer;
    private final InferenceConfig config;

    public InferenceService(InferenceRecordSql records, Answerer answerer, InferenceConfig config) {
        this.records = records;
        this.answerer = answerer;
        this.config = config;
    }

    /**
     * Answers a batch: one query for the stored answers, the missing ones asked concurrently (each on its own
     * duplicated Vert.x context, so that each has its own Hibernate Reactive session for the response cache), one
     * transaction storing them; an item another delivery stored meanwhile keeps that first answer. Returns each
     * request's inference, in the requests' order.
     */
    public Uni<List<Inference>> inferAll(List<InferenceRequested> requests) {
        Map<UUID, InferenceRequested> byItem = requests.stream().collect(Collectors.toMap(
                InferenceRequested::workItemId, Function.identity(), (first, again) -> first, LinkedHashMap::new));
        Context context = Vertx.currentContext();
        return records.answers(byItem.keySet())
                .chain(stored -> {
                    Map<UUID, Inference> answers = new HashMap<>(stored);
                    List<InferenceRequested> missing = byItem.values().stream()
                            .filter(request -> !answers.containsKey(request.workItemId())).toList();
                    if (missing.isEmpty()) {
                        return Uni.createFrom().item(answers);
                    }
                    // Per tenant: one tenant's slow model calls do not take every slot of the batch.
                    int perTenant = Math.min(config.concurrentAnswersPerTenant(), config.concurrentAnswers());
                    return PerTenant.merge(missing, InferenceRequested::tenantId,
                                    request -> onOwnContext(context, () -> answer(request)), perTenant,
                                    config.concurrentAnswers() / Math.max(1, perTenant))
                            .collect().asList()
                            // Back on the batch's context: the batch goes on where its message arrived.
                            .emitOn(task -> context.runOnContext(ignored -> task.run()))
                            .chain(records::storeFirst)
                            .map(first -> {
                                answers.putAll(first);
                                return answers;
                            });
                })
                .map(answers -> requests.stream().map(request -> answers.get(request.workItemId())).toList());
    }

    private static <T> Uni<T> onOwnContext(Context parent, Supplier<Uni<? extends T>> work) {
        if (parent == null) {
            return Uni.createFrom().deferred(work);
        }
        Context own = VertxContext.createNewDuplicatedContext(parent);
        // Marked safe (isolated) as Quarkus marks each message's context: Hibernate Reactive Panache requires it.
        VertxContextSafetyToggle.setContextSafe(own, true);
        return Uni.createFrom().deferred(work).runSubscriptionOn(task -> own.runOnContext(ignored -> task.run()));
    }

    /** Asks the model (or replays the recorded prediction); a failure is the answer, with its reason. */
    private Uni<InferenceRecord> answer(InferenceRequested request) {
        InferenceRecord record = newRecord(request);
        return answerer.answer(request.item(), request.schema(), record)
                // Whatever went wrong with the model or its answer, the item still goes on to be executed (gold)
                // and scored; the reason travels with it.
                .onFailure().recoverWithItem(e -> {
                    record.predictedSql = null;
                    record.error = Failures.message(e);
                    return null;
                })
                .replaceWith(record);
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
