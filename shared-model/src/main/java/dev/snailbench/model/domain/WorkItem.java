package dev.snailbench.model.domain;

import java.util.UUID;

/**
 * One unit of evaluation: a question asked of one model, at one naturalness level, on one database.
 * {@code recordedPrediction} is set for the replay backend only; {@code schemaId} names the schema (and
 * crosswalk) the prompt is built from, when the job names one (e.g. a SNAILS database). {@code jobName} is the
 * name the team gave the job, for reports (null in events written before it existed). {@code schemaVariant} labels
 * the schema variant the question is asked on ({@link TeamSchema.Variant#label()}; null: the native names).
 * {@code labelledHardness} is the dataset's hardness label of the question ({@link Question#hardness()}; null when
 * it gives none, and in events written before it existed), carried to the scorer beside the hardness it computes.
 * {@code evaluation}: the job's linking conventions and gold screening ({@link EvaluationOptions#DEFAULT} in events
 * written before it existed). {@code jobItems}: how many work items the job has, so that the scorer can tell a
 * finished job from a running one (null in events written before it existed).
 */
public record WorkItem(
        UUID workItemId,
        String questionId,
        String question,
        String goldSql,
        SqlDialect dialect,
        DatabaseRef database,
        ModelRef model,
        NaturalnessLevel level,
        PromptOptions promptOptions,
        String schemaId,
        String recordedPrediction,
        String jobName,
        String schemaVariant,
        String labelledHardness,
        EvaluationOptions evaluation,
        Integer jobItems) {

    public WorkItem {
        promptOptions = promptOptions == null ? PromptOptions.ZERO_SHOT : promptOptions;
        evaluation = evaluation == null ? EvaluationOptions.DEFAULT : evaluation;
    }

    /** The same item without its recorded prediction: once inference has read it, no later hop does. */
    public WorkItem withoutRecordedPrediction() {
        return recordedPrediction == null
                ? this
                : new WorkItem(
                        workItemId,
                        questionId,
                        question,
                        goldSql,
                        dialect,
                        database,
                        model,
                        level,
                        promptOptions,
                        schemaId,
                        null,
                        jobName,
                        schemaVariant,
                        labelledHardness,
                        evaluation,
                        jobItems);
    }

    /** The job's fields of this item, which a record of several items carries once. */
    public JobContext context() {
        return new JobContext(database, dialect, promptOptions, schemaId, jobName, evaluation, jobItems);
    }

    /** The same item with the job's fields of {@code job} (the item's own fields kept). */
    public WorkItem withContext(JobContext job) {
        return new WorkItem(
                workItemId,
                questionId,
                question,
                goldSql,
                job.dialect(),
                job.database(),
                model,
                level,
                job.promptOptions(),
                job.schemaId(),
                recordedPrediction,
                job.jobName(),
                schemaVariant,
                labelledHardness,
                job.evaluation(),
                job.jobItems());
    }

    /** A work item of a job whose size it does not carry. */
    public WorkItem(
            UUID workItemId,
            String questionId,
            String question,
            String goldSql,
            SqlDialect dialect,
            DatabaseRef database,
            ModelRef model,
            NaturalnessLevel level,
            PromptOptions promptOptions,
            String schemaId,
            String recordedPrediction,
            String jobName,
            String schemaVariant,
            String labelledHardness,
            EvaluationOptions evaluation) {
        this(
                workItemId,
                questionId,
                question,
                goldSql,
                dialect,
                database,
                model,
                level,
                promptOptions,
                schemaId,
                recordedPrediction,
                jobName,
                schemaVariant,
                labelledHardness,
                evaluation,
                null);
    }

    /** A work item judged with the default options. */
    public WorkItem(
            UUID workItemId,
            String questionId,
            String question,
            String goldSql,
            SqlDialect dialect,
            DatabaseRef database,
            ModelRef model,
            NaturalnessLevel level,
            PromptOptions promptOptions,
            String schemaId,
            String recordedPrediction,
            String jobName,
            String schemaVariant,
            String labelledHardness) {
        this(
                workItemId,
                questionId,
                question,
                goldSql,
                dialect,
                database,
                model,
                level,
                promptOptions,
                schemaId,
                recordedPrediction,
                jobName,
                schemaVariant,
                labelledHardness,
                null);
    }

    /** A work item whose question carries no hardness label. */
    public WorkItem(
            UUID workItemId,
            String questionId,
            String question,
            String goldSql,
            SqlDialect dialect,
            DatabaseRef database,
            ModelRef model,
            NaturalnessLevel level,
            PromptOptions promptOptions,
            String schemaId,
            String recordedPrediction,
            String jobName,
            String schemaVariant) {
        this(
                workItemId,
                questionId,
                question,
                goldSql,
                dialect,
                database,
                model,
                level,
                promptOptions,
                schemaId,
                recordedPrediction,
                jobName,
                schemaVariant,
                null);
    }

    /** A work item on the native names. */
    public WorkItem(
            UUID workItemId,
            String questionId,
            String question,
            String goldSql,
            SqlDialect dialect,
            DatabaseRef database,
            ModelRef model,
            NaturalnessLevel level,
            PromptOptions promptOptions,
            String schemaId,
            String recordedPrediction,
            String jobName) {
        this(
                workItemId,
                questionId,
                question,
                goldSql,
                dialect,
                database,
                model,
                level,
                promptOptions,
                schemaId,
                recordedPrediction,
                jobName,
                null);
    }

    /** A work item of a job without a name. */
    public WorkItem(
            UUID workItemId,
            String questionId,
            String question,
            String goldSql,
            SqlDialect dialect,
            DatabaseRef database,
            ModelRef model,
            NaturalnessLevel level,
            PromptOptions promptOptions,
            String schemaId,
            String recordedPrediction) {
        this(
                workItemId,
                questionId,
                question,
                goldSql,
                dialect,
                database,
                model,
                level,
                promptOptions,
                schemaId,
                recordedPrediction,
                null);
    }

    /**
     * Work-item ids are derived from what the item is, so that resubmitting the same job spec yields the
     * same ids and downstream deduplication makes it a no-op.
     */
    public static UUID idFor(
            UUID jobId, String databaseKey, String questionId, ModelRef model, NaturalnessLevel level) {
        String identity = jobId + "|" + databaseKey + "|" + questionId + "|" + model.label() + "|" + model.backend()
                + "|" + level.label();
        return NameUuids.of(identity);
    }
}
