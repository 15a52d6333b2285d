package dev.snailbench.generator.repository;

import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.tenancy.TenantOwned;
import jakarta.persistence.Basic;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/** A submitted job and its progress counters. */
@Entity
@Table(indexes = @Index(columnList = "tenantId"))
public class Job extends TenantOwned {

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public JobStatus status;

    /** Work items in the job. */
    public int total;

    /** Work items with a verdict, failed ones included. */
    public int done;

    /** Work items whose verdict is a failure (inference, gold or predicted execution failed). */
    public int failed;

    /**
     * The spec as submitted (passwords sealed), so the job can be re-expanded identically. Lazy: a replay job's spec
     * holds every question and prediction (megabytes), and the job's row is read for every status call and every
     * progress event; only publication and the watchdog need it ({@link JobRepository#specOf}).
     */
    @Basic(fetch = FetchType.LAZY)
    @Column(nullable = false, columnDefinition = "text")
    public String specJson;

    /** Why the job failed (it could not be expanded) or was cancelled; null otherwise. */
    @Column(columnDefinition = "text")
    public String reason;

    /** Set once every work item has been acknowledged by the broker. */
    public boolean published;

    /** Work items published so far, in expansion order: the publication cursor (see WorkPublisher). */
    @Column(columnDefinition = "integer not null default 0")
    public int publishedCount;

    @Column(nullable = false)
    public Instant updatedAt;

    /** A submitted spec, read back from its {@link #specJson}. */
    static JobSpec readSpec(UUID id, String specJson) {
        try {
            return EventJson.mapper().readValue(specJson.getBytes(StandardCharsets.UTF_8), JobSpec.class);
        } catch (IOException e) {
            throw new IllegalStateException("job " + id + " has an unreadable spec", e);
        }
    }
}
