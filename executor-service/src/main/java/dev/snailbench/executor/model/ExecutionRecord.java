package dev.snailbench.executor.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * The ExecutionCompleted produced for a work item, kept so that a redelivered request gets the very same answer
 * (same event id, same results) instead of a second execution.
 */
@Entity
@Table(name = "execution_record")
public class ExecutionRecord {

    @Id
    public UUID workItemId;

    public UUID jobId;

    public String tenantId;

    @Column(columnDefinition = "text", nullable = false)
    public String completedJson;

    public Instant createdAt;
}
