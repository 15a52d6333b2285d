package dev.snailbench.inference.service;

import dev.snailbench.inference.model.InferenceRecord;
import dev.snailbench.model.domain.WorkItem;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Produces a work item's answer and fills the record as it goes (prompt, raw answer, tokens, cost), so a
 * failure late in the pipeline still leaves everything learned before it in the record.
 */
@ApplicationScoped
public class Answerer {

    public Uni<Void> answer(WorkItem item, InferenceRecord record) {
        if (item.model() == null) {
            return Uni.createFrom().failure(new InferenceException("work item has no model"));
        }
        if (item.model().isReplay()) {
            return replay(item, record);
        }
        return Uni.createFrom().failure(new InferenceException("backend '" + item.model().backend() + "' is not configured"));
    }

    private Uni<Void> replay(WorkItem item, InferenceRecord record) {
        String recorded = item.recordedPrediction();
        if (recorded == null) {
            return Uni.createFrom().failure(
                    new InferenceException("no recorded prediction for question " + item.questionId()));
        }
        record.rawAnswer = recorded;
        record.predictedSql = recorded;
        return Uni.createFrom().voidItem();
    }
}
