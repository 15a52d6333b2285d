package dev.snailbench.generator.repository;

import dev.snailbench.model.domain.JobSpec;
import io.quarkus.hibernate.reactive.panache.Panache;
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

    /** The job, in a session of its own; null if no job has the id. */
    public Uni<Job> stored(UUID id) {
        return Panache.withSession(() -> findById(id));
    }

    /** The job if it belongs to the tenant; null otherwise (callers answer 404 either way). */
    public Uni<Job> findForTenant(UUID id, String tenantId) {
        return find("id = :id and tenantId = :tenant", Parameters.with("id", id).and("tenant", tenantId))
                .firstResult();
    }

    public Uni<List<Job>> listForTenant(String tenantId) {
        return find("tenantId", Sort.descending("createdAt"), tenantId).list();
    }

    /** Cancels a queued or running job; returns 0 if it is already finished (or not the tenant's). */
    public Uni<Integer> cancel(UUID id, String tenantId, String reason) {
        return update(
                "status = ?1, reason = ?2, updatedAt = ?3 where id = ?4 and tenantId = ?5 and status in (?6, ?7)",
                JobStatus.CANCELLED,
                reason,
                Instant.now(),
                id,
                tenantId,
                JobStatus.QUEUED,
                JobStatus.RUNNING);
    }

    /**
     * Queued or running jobs whose progress has not moved since {@code before}: the watchdog's candidates. A queued
     * job is one whose publication never finished (its record dead-lettered after retries): its items get verdicts
     * too, so it cannot stay queued forever.
     */
    public Uni<List<Job>> stalledSince(Instant before) {
        return list("status in (?1, ?2) and updatedAt < ?3", JobStatus.QUEUED, JobStatus.RUNNING, before);
    }

    /** The job's spec, read on its own (the job's other reads leave it out: it can be megabytes); null if no such job. */
    public Uni<JobSpec> specOf(UUID id) {
        return getSession()
                .chain(session -> session.createSelectionQuery(
                                "select j.specGzip, j.specJson from Job j where j.id = :id", Object[].class)
                        .setParameter("id", id)
                        .getSingleResultOrNull())
                .map(row -> row == null ? null : Job.readSpec(id, (byte[]) row[0], (String) row[1]));
    }
}
