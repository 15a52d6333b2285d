package dev.snailbench.model.domain;

import java.util.Objects;

/**
 * What every work item of a job shares (its {@link WorkItem}'s job fields): a record of several items carries it
 * once, and its items are written without it ({@code EventJson.writeInRecord}), so that a hop reads and writes these
 * fields once per record instead of once per item.
 */
public record JobContext(
        DatabaseRef database,
        SqlDialect dialect,
        PromptOptions promptOptions,
        String schemaId,
        String jobName,
        EvaluationOptions evaluation,
        Integer jobItems) {

    // Written out, not the record's generated methods: the services' client compiler does not inline those (they run
    // through method handles), and records are split where their items' contexts differ, an equals per item.
    @Override
    public boolean equals(Object o) {
        return this == o
                || o instanceof JobContext c
                        && Objects.equals(database, c.database)
                        && dialect == c.dialect
                        && Objects.equals(promptOptions, c.promptOptions)
                        && Objects.equals(schemaId, c.schemaId)
                        && Objects.equals(jobName, c.jobName)
                        && Objects.equals(evaluation, c.evaluation)
                        && Objects.equals(jobItems, c.jobItems);
    }

    @Override
    public int hashCode() {
        return Objects.hash(database, dialect, promptOptions, schemaId, jobName, evaluation, jobItems);
    }
}
