package dev.snailbench.model.domain;

import java.util.List;

/** A validated job as it travels on the job-events topic (passwords sealed). */
public record JobSpec(String name, DatabaseRef database, SqlDialect dialect, ModelRef model,
        List<NaturalnessLevel> levels, List<Question> questions, List<Prediction> predictions) {

    public JobSpec {
        levels = levels == null || levels.isEmpty() ? List.of(NaturalnessLevel.NATIVE) : List.copyOf(levels);
        questions = List.copyOf(questions);
        predictions = predictions == null ? List.of() : List.copyOf(predictions);
    }
}
