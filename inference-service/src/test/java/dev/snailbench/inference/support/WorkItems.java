package dev.snailbench.inference.support;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.PromptOptions;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.InferenceRequested;
import java.util.UUID;

/** Work items as the generator would send them. */
public final class WorkItems {

    /** The tenant of every test work item. */
    public static final String TENANT = "tenant-a";

    public static final DatabaseRef DB =
            new DatabaseRef(SqlDialect.POSTGRESQL, "jdbc:postgresql://127.0.0.1:1/x", "u", "sealed", null);

    private WorkItems() {}

    public static WorkItem replay(String questionId, String question, String gold, String prediction) {
        return new WorkItem(
                UUID.randomUUID(),
                questionId,
                question,
                gold,
                SqlDialect.POSTGRESQL,
                DB,
                ModelRef.replay("gpt-replay"),
                NaturalnessLevel.NATIVE,
                null,
                null,
                prediction);
    }

    public static WorkItem item(
            String questionId,
            String question,
            String gold,
            SqlDialect dialect,
            ModelRef model,
            NaturalnessLevel level,
            PromptOptions options,
            String schemaId) {
        return new WorkItem(
                UUID.randomUUID(), questionId, question, gold, dialect, DB, model, level, options, schemaId, null);
    }

    public static InferenceRequested request(WorkItem item) {
        return InferenceRequested.of(UUID.randomUUID(), TENANT, item);
    }
}
