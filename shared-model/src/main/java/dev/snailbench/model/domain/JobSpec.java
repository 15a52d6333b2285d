package dev.snailbench.model.domain;

import java.util.List;

/**
 * A validated job as it travels on the job-events topic (passwords sealed). It expands to the cross
 * product questions × models × levels, one work item each.
 *
 * @param schemaId   names the schema and crosswalk of non-native levels (e.g. a SNAILS database); may be null
 *                   when only the Native level is asked for
 * @param teamSchema the team's own schema (read from its registered database) and crosswalk, for prompts and for
 *                   mapping level names back; null for built-in schemas
 * @param evaluation the linking conventions and gold screening of the job (default when null)
 * @param stallTimeoutSeconds how long the job may go without progress before its items still without a verdict fail
 *                   ({@code timed out}); null: the platform's watchdog deadline
 */
public record JobSpec(
        String name,
        DatabaseRef database,
        SqlDialect dialect,
        List<ModelRef> models,
        List<NaturalnessLevel> levels,
        PromptOptions promptOptions,
        String schemaId,
        List<Question> questions,
        List<Prediction> predictions,
        TeamSchema teamSchema,
        EvaluationOptions evaluation,
        Integer stallTimeoutSeconds) {

    /** A job with the platform's stall deadline. */
    public JobSpec(
            String name,
            DatabaseRef database,
            SqlDialect dialect,
            List<ModelRef> models,
            List<NaturalnessLevel> levels,
            PromptOptions promptOptions,
            String schemaId,
            List<Question> questions,
            List<Prediction> predictions,
            TeamSchema teamSchema,
            EvaluationOptions evaluation) {
        this(
                name,
                database,
                dialect,
                models,
                levels,
                promptOptions,
                schemaId,
                questions,
                predictions,
                teamSchema,
                evaluation,
                null);
    }

    /** A job judged with the default options. */
    public JobSpec(
            String name,
            DatabaseRef database,
            SqlDialect dialect,
            List<ModelRef> models,
            List<NaturalnessLevel> levels,
            PromptOptions promptOptions,
            String schemaId,
            List<Question> questions,
            List<Prediction> predictions,
            TeamSchema teamSchema) {
        this(
                name,
                database,
                dialect,
                models,
                levels,
                promptOptions,
                schemaId,
                questions,
                predictions,
                teamSchema,
                null);
    }

    /** A job on a built-in schema (or none). */
    public JobSpec(
            String name,
            DatabaseRef database,
            SqlDialect dialect,
            List<ModelRef> models,
            List<NaturalnessLevel> levels,
            PromptOptions promptOptions,
            String schemaId,
            List<Question> questions,
            List<Prediction> predictions) {
        this(name, database, dialect, models, levels, promptOptions, schemaId, questions, predictions, null);
    }

    /** The same job on its database as the executor names it (see {@link DatabaseRef#name()}). */
    public JobSpec withDatabaseName(String databaseName) {
        return database == null
                ? this
                : new JobSpec(
                        name,
                        database.withName(databaseName),
                        dialect,
                        models,
                        levels,
                        promptOptions,
                        schemaId,
                        questions,
                        predictions,
                        teamSchema,
                        evaluation,
                        stallTimeoutSeconds);
    }

    /** The same job with {@code schema} first on the search path of its queries ({@link DatabaseRef#schema()}). */
    public JobSpec withSchema(String schema) {
        return database == null
                ? this
                : new JobSpec(
                        name,
                        database.withSchema(schema),
                        dialect,
                        models,
                        levels,
                        promptOptions,
                        schemaId,
                        questions,
                        predictions,
                        teamSchema,
                        evaluation,
                        stallTimeoutSeconds);
    }

    /** The same job with the team's schema. */
    public JobSpec withTeamSchema(TeamSchema schema) {
        return new JobSpec(
                name,
                database,
                dialect,
                models,
                levels,
                promptOptions,
                schemaId,
                questions,
                predictions,
                schema,
                evaluation,
                stallTimeoutSeconds);
    }

    public JobSpec {
        models = List.copyOf(models);
        levels = levels == null || levels.isEmpty() ? List.of(NaturalnessLevel.NATIVE) : List.copyOf(levels);
        promptOptions = promptOptions == null ? PromptOptions.ZERO_SHOT : promptOptions;
        questions = List.copyOf(questions);
        predictions = predictions == null ? List.of() : List.copyOf(predictions);
        evaluation = evaluation == null ? EvaluationOptions.DEFAULT : evaluation;
    }

    public int workItemCount() {
        return questions.size() * models.size() * levels.size();
    }
}
