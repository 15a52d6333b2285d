package dev.snailbench.scorer.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/** REST reads and reports; the scoring hop's per-batch reads and writes are {@link ItemResultSql}'s. */
@ApplicationScoped
public class ItemResultRepository implements PanacheRepositoryBase<ItemResult, UUID> {

    /**
     * A job's results visible to one tenant, in question order: question ids compared as people read them, numbers
     * by value (2, 104, 1005, 1024 — not 1005, 1024, 104, 2), then model, level and work-item id.
     */
    public Uni<List<ItemResult>> forJob(UUID jobId, String tenantId) {
        return list("jobId = ?1 and tenantId = ?2", jobId, tenantId)
                .map(items -> items.stream().sorted(QUESTION_ORDER).toList());
    }

    /**
     * Question order: question ids compared as people read them, numbers by value, then model, level and work-item
     * id (every read of a job's results lists them so).
     */
    public static final Comparator<ItemResult> QUESTION_ORDER = Comparator.<ItemResult, String>comparing(
                    r -> r.questionId, NaturalOrder.INSTANCE)
            .thenComparing(r -> r.model, Comparator.nullsFirst(String::compareTo))
            .thenComparing(r -> r.level, Comparator.nullsFirst(String::compareTo))
            .thenComparing(r -> r.workItemId);

    /** The items of a job asking one question (one per model, level and database). */
    public Uni<List<ItemResult>> forQuestion(UUID jobId, String tenantId, String questionId) {
        return list(
                "jobId = ?1 and tenantId = ?2 and questionId = ?3 order by model, level, workItemId",
                jobId,
                tenantId,
                questionId);
    }
}
