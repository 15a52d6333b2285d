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
import java.time.Duration;
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
     * The spec as submitted (passwords sealed), as JSON text: jobs stored before their spec was kept compressed. Empty
     * for the others, whose spec is in {@link #specGzip}; the column stays (not null) so that a database created by
     * an earlier version takes new jobs unchanged. Lazy, as {@link #specGzip}.
     */
    @Basic(fetch = FetchType.LAZY)
    @Column(nullable = false, columnDefinition = "text")
    public String specJson;

    /**
     * The spec as submitted (passwords sealed), its JSON gzip-compressed, so the job can be re-expanded identically.
     * Compressed because a replay job's spec holds every question and prediction: a 10,000-question spec is 6 MB of
     * JSON, which the generator held as one array (and the database client as one buffer) while it stored the job.
     * Lazy: the job's row is read for every status call and every progress event; only publication and the watchdog
     * need the spec ({@link JobRepository#specOf}).
     */
    @Basic(fetch = FetchType.LAZY)
    @Column(columnDefinition = "bytea")
    public byte[] specGzip;

    /** Why the job failed (it could not be expanded) or was cancelled; null otherwise. */
    @Column(columnDefinition = "text")
    public String reason;

    /** Set once every work item has been acknowledged by the broker. */
    public boolean published;

    /** Work items published so far, in expansion order: the publication cursor (see WorkPublisher). */
    @Column(columnDefinition = "integer not null default 0")
    public int publishedCount;

    /** The last progress: stored, published, a verdict (or the watchdog's last act). */
    @Column(nullable = false)
    public Instant updatedAt;

    /**
     * How long the job may go without progress before the watchdog fails its items still without a verdict (the
     * spec's {@code stallTimeoutSeconds}, kept on the row so that the watchdog's sweeps need not read specs); null:
     * the platform's deadline ({@code snailbench.watchdog.item-deadline}).
     */
    public Integer stallTimeoutSeconds;

    /**
     * How long compressing a job's spec or event on a worker may take: milliseconds for a replay job of 10,000
     * questions, so this long means a stuck worker pool, and the submission or the record fails instead of waiting.
     */
    public static final Duration COMPRESSION_DEADLINE = Duration.ofSeconds(30);

    /**
     * The spec as it is stored: its JSON, gzip-compressed in one pass ({@link EventJson#writeGzip}): a
     * 10,000-question replay spec, 6.3 MB of JSON, becomes 1.2 MB in about 30 ms (0.8 MB in about 110 ms at zlib's
     * default level).
     */
    public static byte[] compressSpec(JobSpec spec) {
        return EventJson.writeGzip(spec);
    }

    /** A stored spec, read back from {@link #specGzip}, or from {@link #specJson} for a job stored before it. */
    static JobSpec readSpec(UUID id, byte[] specGzip, String specJson) {
        try {
            if (specGzip != null) {
                return EventJson.readGzip(specGzip, JobSpec.class);
            }
            if (specJson == null || specJson.isEmpty()) {
                throw new IllegalStateException("job " + id + " has no stored spec");
            }
            return EventJson.mapper().readValue(specJson, JobSpec.class);
        } catch (IOException e) {
            throw new IllegalStateException("job " + id + " has an unreadable spec", e);
        }
    }
}
