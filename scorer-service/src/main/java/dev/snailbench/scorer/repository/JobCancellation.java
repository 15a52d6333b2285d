package dev.snailbench.scorer.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * A job its tenant cancelled (from the jobs-cancelled topic): its reports say so first, and that the items without a
 * verdict will never get one. {@link JobCancellations} writes and reads it; this entity is the table's definition.
 */
@Entity
@Table(name = "job_cancellation")
public class JobCancellation {

    @Id
    public UUID jobId;

    @Column(nullable = false)
    public String tenantId;

    @Column(columnDefinition = "text")
    public String reason;

    public Instant cancelledAt;
}
