package dev.snailbench.generator.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class JobRepository implements PanacheRepositoryBase<Job, UUID> {

    /** The job if it belongs to the tenant; null otherwise (callers answer 404 either way). */
    public Uni<Job> findForTenant(UUID id, String tenantId) {
        return find("id = :id and tenantId = :tenant", Parameters.with("id", id).and("tenant", tenantId))
                .firstResult();
    }

    public Uni<List<Job>> listForTenant(String tenantId) {
        return find("tenantId", Sort.descending("createdAt"), tenantId).list();
    }

    public Uni<Integer> markPublished(UUID id) {
        return update("published = true, updatedAt = ?1, status = case when status = ?2 then ?3 else status end "
                + "where id = ?4", Instant.now(), JobStatus.QUEUED, JobStatus.RUNNING, id);
    }

    /**
     * Counts one verdict in a single UPDATE, so that verdicts of the same job consumed concurrently from
     * different partitions cannot lose an increment.
     */
    public Uni<Integer> countVerdict(UUID id, boolean failed) {
        return update("done = done + 1, failed = failed + ?1, updatedAt = ?2, "
                + "status = case when done + 1 >= total and status in (?3, ?4) then ?5 else status end where id = ?6",
                failed ? 1 : 0, Instant.now(), JobStatus.QUEUED, JobStatus.RUNNING, JobStatus.COMPLETED, id);
    }
}
