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
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
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
    private final FailedLogins failedLogins;

    public InferenceService(
            InferenceRecordSql records, Answerer answerer, InferenceConfig config, FailedLogins failedLogins) {
        this.failedLogins = failedLogins;
        this.records = records;
        this.answerer = answerer;
        this.config = config;
    }

    /** How long an answer waits for others of its batch before they are stored and handed on together. */
    static final Duration GROUP_WAIT = Duration.ofMillis(200);

    /** A request with its answer, stored. */
    public record Answered(InferenceRequested request, Inference inference) {}

    /**
     * Answers a batch, handing the answers on in groups as they come: first the ones stored by an earlier delivery
     * (one query), then the missing ones, asked concurrently (each on its own duplicated Vert.x context, so that each
     * has its own Hibernate Reactive session for the response cache) and stored a group at a time (one transaction
     * per group). A group closes {@link #GROUP_WAIT} after its first answer, so the items a model has answered go on
     * while the batch's others still wait for theirs (a slow model's job shows progress); with fast answers a batch
     * is one group or a few. An item another delivery stored meanwhile keeps that first answer; an item twice in the
     * batch is answered once.
     */
    public Multi<List<Answered>> inferAll(List<InferenceRequested> requests) {
        Map<UUID, InferenceRequested> byItem = requests.stream()
                .collect(Collectors.toMap(
                        InferenceRequested::workItemId,
                        Function.identity(),
                        (first, again) -> first,
                        LinkedHashMap::new));
        Context context = Vertx.currentContext();
        return records.answers(byItem.keySet()).onItem().transformToMulti(stored -> {
            List<InferenceRequested> missing = byItem.values().stream()
                    .filter(request -> !stored.containsKey(request.workItemId()))
                    .toList();
            Multi<List<Answered>> known = stored.isEmpty()
                    ? Multi.createFrom().empty()
                    : Multi.createFrom().item(answered(byItem, stored));
            return missing.isEmpty()
                    ? known
                    : Multi.createBy().concatenating().streams(known, asked(missing, byItem, context));
        });
    }

    private Multi<List<Answered>> asked(
            List<InferenceRequested> missing, Map<UUID, InferenceRequested> byItem, Context context) {
        // Per tenant: one tenant's slow model calls do not take every slot of the batch.
        int perTenant = Math.min(config.concurrentAnswersPerTenant(), config.concurrentAnswers());
        return PerTenant.merge(
                        missing,
                        InferenceRequested::tenantId,
                        request -> onOwnContext(context, () -> answer(request)),
                        perTenant,
                        config.concurrentAnswers() / Math.max(1, perTenant))
                .group()
                .intoLists()
                .of(missing.size(), GROUP_WAIT)
                // A group that closes while the previous one is still being stored waits here.
                .onOverflow()
                .buffer()
                // Back on the batch's context: the batch goes on where its message arrived.
                .emitOn(task -> context.runOnContext(ignored -> task.run()))
                .onItem()
                .transformToUniAndConcatenate(group -> records.storeFirst(group).map(first -> answered(byItem, first)));
    }

    private static List<Answered> answered(Map<UUID, InferenceRequested> byItem, Map<UUID, Inference> answers) {
        return answers.entrySet().stream()
                .map(answer -> new Answered(byItem.get(answer.getKey()), answer.getValue()))
                .toList();
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
        // The job's login on the item's database stopped working: no model call, the item goes on with the reason.
        String loginFailed = failedLogins.reason(request);
        if (loginFailed != null) {
            record.error = loginFailed;
            return Uni.createFrom().item(record);
        }
        return answerer.answer(request.item(), request.schema(), record)
                // Whatever went wrong with the model or its answer, the item still goes on to be executed (gold)
                // and scored; the reason travels with it.
                .onFailure()
                .recoverWithItem(e -> {
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
