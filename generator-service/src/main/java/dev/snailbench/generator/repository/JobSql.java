package dev.snailbench.generator.repository;

import io.netty.buffer.Unpooled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * The reads and writes of {@link Job} on the path of every work item, as plain SQL on the reactive client (the entity
 * stays the table's definition; {@link JobRepository} keeps the other reads and writes): storing a job, counting its
 * verdicts, and the publication passes that run after every batch of verdicts. The status is stored as the enum's
 * name, as Hibernate stores it. Every method runs on the client it is given: a connection inside the caller's
 * transaction, or the pool for a single statement.
 */
@ApplicationScoped
public class JobSql {

    // The CASE sees the row's old "done", as the HQL update did.
    private static final String COUNT_VERDICTS = "UPDATE generator.job SET done = done + $1, failed = failed + $2, "
            + "updatedat = $3, status = CASE WHEN done + $1 >= total AND status IN ($4, $5) THEN $6 ELSE status END "
            + "WHERE id = $7 RETURNING id, tenantid, status = $6 AND done - $1 < total";

    // The spec travels and is stored compressed (Job.specGzip); specjson, the uncompressed form of earlier versions,
    // is left empty.
    private static final String INSERT = "INSERT INTO generator.job (id, tenantid, name, createdat, status, total, "
            + "done, failed, specjson, specgzip, reason, published, publishedcount, updatedat, stalltimeoutseconds) "
            + "VALUES ($1, $2, $3, $4, $5, $6, 0, 0, '', $7, NULL, false, 0, $8, $9) "
            + "ON CONFLICT (id) DO NOTHING";

    private static final String PUBLISHING = "SELECT id, tenantid, publishedcount, done FROM generator.job "
            + "WHERE status IN ($1, $2) AND published = false ORDER BY createdat";

    // The lock function in FROM runs once, before the row is read: the cursor read is the one the lock holder sees.
    private static final String CLAIM_PUBLICATION = "SELECT j.id, j.tenantid, j.publishedcount, j.done "
            + "FROM pg_try_advisory_xact_lock($1, $2) AS l(locked), generator.job j "
            + "WHERE l.locked AND j.id = $3 AND j.status IN ($4, $5) AND j.published = false";

    /** The advisory locks' first key in the platform database: a job's publication (its second key hashes the id). */
    private static final int PUBLICATION_LOCKS = 0x53420001;

    private static final String ADVANCE =
            "UPDATE generator.job SET publishedcount = $1, published = $2, updatedat = $3, "
                    + "status = CASE WHEN status = $4 THEN $5 ELSE status END WHERE id = $6 AND publishedcount = $7";

    // Still stalled, and not claimed by another replica's sweep (or counting its verdicts: then it is not stalled).
    private static final String CLAIM_STALLED = "SELECT id FROM generator.job WHERE id = $1 AND status IN ($2, $3) "
            + "AND updatedat < $4 FOR UPDATE SKIP LOCKED";

    private static final String TOUCH = "UPDATE generator.job SET updatedat = $1 WHERE id = $2";

    /** A job's verdicts counted in one statement: its items scored in the batch, and how many of them failed. */
    public record Verdicts(UUID jobId, int verdicts, int failedVerdicts) {}

    /** A job that its last verdict completed. */
    public record Completed(UUID jobId, String tenantId) {}

    /**
     * Counts each job's verdicts in one UPDATE per job, so that verdicts of the same job consumed concurrently from
     * different partitions cannot lose an increment; the job completes with its last verdict. The statements run in
     * the order given: callers pass jobs in id order, so two batches lock their common jobs in the same order. Returns
     * the jobs these verdicts completed.
     */
    public Uni<List<Completed>> countVerdicts(SqlConnection connection, List<Verdicts> byJob) {
        if (byJob.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        OffsetDateTime now = now();
        List<Tuple> tuples = byJob.stream()
                .map(job -> Tuple.from(Arrays.<Object>asList(
                        job.verdicts(),
                        job.failedVerdicts(),
                        now,
                        JobStatus.QUEUED.name(),
                        JobStatus.RUNNING.name(),
                        JobStatus.COMPLETED.name(),
                        job.jobId())))
                .toList();
        return connection.preparedQuery(COUNT_VERDICTS).executeBatch(tuples).map(rows -> {
            // One row set per statement of the batch.
            List<Completed> completed = new ArrayList<>();
            for (RowSet<Row> set = rows; set != null; set = set.next()) {
                for (Row row : set) {
                    if (Boolean.TRUE.equals(row.getBoolean(2))) {
                        completed.add(new Completed(row.getUUID(0), row.getString(1)));
                    }
                }
            }
            return completed;
        });
    }

    /**
     * Stores a new job, queued, with its spec as {@link Job#compressSpec} wrote it; false if a job with its id is
     * stored already (a redelivered submission).
     */
    public Uni<Boolean> insertQueued(SqlConnection connection, Job job, byte[] specGzip) {
        Buffer spec = Buffer.buffer(Unpooled.wrappedBuffer(specGzip));
        return connection
                .preparedQuery(INSERT)
                .execute(Tuple.from(Arrays.<Object>asList(
                        job.id,
                        job.tenantId,
                        job.name,
                        utc(job.createdAt),
                        JobStatus.QUEUED.name(),
                        job.total,
                        spec,
                        utc(job.updatedAt),
                        job.stallTimeoutSeconds)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Queued or running jobs with items still to publish, oldest first (their cursors, not their specs). */
    public Uni<List<PublicationCursor>> publishing(SqlClient client) {
        return client.preparedQuery(PUBLISHING)
                .execute(Tuple.of(JobStatus.QUEUED.name(), JobStatus.RUNNING.name()))
                .map(rows -> {
                    List<PublicationCursor> cursors = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        cursors.add(new PublicationCursor(
                                row.getUUID(0), row.getString(1), row.getInteger(2), row.getInteger(3)));
                    }
                    return cursors;
                });
    }

    /**
     * Claims a job's publication for this replica until the caller's transaction ends, and reads its cursor then: null
     * if another replica's pass holds it (that pass publishes the job's next items) or the job no longer publishes.
     * So two replicas' passes never send the same items; {@link #advance} stays a compare-and-set all the same.
     */
    public Uni<PublicationCursor> claimPublication(SqlConnection connection, UUID id) {
        int[] keys = publicationLock(id);
        return connection
                .preparedQuery(CLAIM_PUBLICATION)
                .execute(Tuple.from(
                        Arrays.<Object>asList(keys[0], keys[1], id, JobStatus.QUEUED.name(), JobStatus.RUNNING.name())))
                .map(rows -> {
                    for (Row row : rows) {
                        return new PublicationCursor(
                                row.getUUID(0), row.getString(1), row.getInteger(2), row.getInteger(3));
                    }
                    return null;
                });
    }

    /**
     * The two keys of the advisory lock that claims a job's publication: whoever holds it ({@code pg_advisory_lock}
     * with these keys, as an operator or a test may) holds the job's next items back until it lets go.
     */
    public static int[] publicationLock(UUID jobId) {
        return new int[] {PUBLICATION_LOCKS, jobId.hashCode()};
    }

    /**
     * Moves a job's publication cursor from {@code from} to {@code to} (compare-and-set: false if another replica moved
     * it first); the job is running from its first published item and published once the cursor reaches its total.
     */
    public Uni<Boolean> advance(SqlClient client, UUID id, int from, int to, int total) {
        return client.preparedQuery(ADVANCE)
                .execute(Tuple.from(Arrays.<Object>asList(
                        to, to >= total, now(), JobStatus.QUEUED.name(), JobStatus.RUNNING.name(), id, from)))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Claims a stalled job for the watchdog of this replica until the caller's transaction ends: true if the job is
     * still queued or running without progress since {@code before} and no other transaction holds its row (another
     * replica's sweep, which then abandons its items alone).
     */
    public Uni<Boolean> claimStalled(SqlConnection connection, UUID id, Instant before) {
        return connection
                .preparedQuery(CLAIM_STALLED)
                .execute(Tuple.of(id, JobStatus.QUEUED.name(), JobStatus.RUNNING.name(), utc(before)))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Records that the watchdog acted on the job at {@code at}, the instant its sweep judged it by: on the sweep's own
     * clock, no sweep judging by that clock acts on the job again for a whole deadline.
     */
    public Uni<Void> touch(SqlConnection connection, UUID id, Instant at) {
        return connection.preparedQuery(TOUCH).execute(Tuple.of(utc(at), id)).replaceWithVoid();
    }

    private static OffsetDateTime now() {
        return utc(Instant.now());
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
