package dev.snailbench.model.domain;

import java.util.List;

/**
 * A validated job as it travels on the job-events topic (passwords sealed). It expands to the cross
 * product questions × models × levels, one work item each.
 *
 * @param schemaId names the schema and crosswalk of non-native levels (e.g. a SNAILS database); may be null
 *                 when only the Native level is asked for
 */
public record JobSpec(String name, DatabaseRef database, SqlDialect dialect, List<ModelRef> models,
        List<NaturalnessLevel> levels, PromptOptions promptOptions, String schemaId, List<Question> questions,
        List<Prediction> predictions) {

    public JobSpec {
        models = List.copyOf(models);
        levels = levels == null || levels.isEmpty() ? List.of(NaturalnessLevel.NATIVE) : List.copyOf(levels);
        promptOptions = promptOptions == null ? PromptOptions.ZERO_SHOT : promptOptions;
        questions = List.copyOf(questions);
        predictions = predictions == null ? List.of() : List.copyOf(predictions);
    }

    public int workItemCount() {
        return questions.size() * models.size() * levels.size();
    }
}
