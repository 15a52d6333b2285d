package dev.snailbench.testkit;

import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.JobContext;
import dev.snailbench.model.domain.WorkItem;

/** Work items of the tests' events changed in one field, the others kept. */
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
}
