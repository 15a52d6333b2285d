package dev.snailbench.testkit;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.JobContext;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import java.util.UUID;

/** Work items of the tests' events: a plain one, or one changed in one field, the others kept. */
public final class WorkItems {

    private WorkItems() {}

    /** The same item of a job judged with {@code evaluation} (linking conventions, gold screening). */
    public static WorkItem withEvaluation(WorkItem item, EvaluationOptions evaluation) {
        JobContext job = item.context();
        return item.withContext(new JobContext(
                job.database(),
                job.dialect(),
                job.promptOptions(),
                job.schemaId(),
                job.jobName(),
                evaluation,
                job.jobItems()));
    }

    /**
     * Question {@code q1} of job {@code job} ("How many?", gold {@code SELECT 1}, replayed as {@code SELECT 1} by model
     * {@code m}) on the database, shown under the schema variant ({@code null}: the database's own names).
     */
    public static WorkItem selectOne(DatabaseRef database, String schemaVariant) {
        return new WorkItem(
                UUID.randomUUID(),
                "q1",
                "How many?",
                "SELECT 1",
                SqlDialect.POSTGRESQL,
                database,
                ModelRef.replay("m"),
                NaturalnessLevel.NATIVE,
                null,
                null,
                "SELECT 1",
                "job",
                schemaVariant);
    }
}
