package dev.snailbench.scorer.repository;

import dev.snailbench.model.event.JobCancelled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

/** The cancelled jobs, in plain SQL on the reactive pool: a cancellation is stored once, however often it arrives. */
@ApplicationScoped
public class JobCancellations {

    /** {@code quarkus.hibernate-orm.database.default-schema} and the entity's {@code @Table}. */
    static final String TABLE = "scorer.job_cancellation";

    private static final String INSERT = "INSERT INTO " + TABLE + " (jobid, tenantid, reason, cancelledat) "
            + "VALUES ($1, $2, $3, $4) ON CONFLICT (jobid) DO NOTHING";
    private static final String FIND = "SELECT reason FROM " + TABLE + " WHERE jobid = $1 AND tenantid = $2";

    private final Pool pool;

    public JobCancellations(Pool pool) {
        this.pool = pool;
    }

    /** Stores the cancellation; one already stored (a redelivery) is kept as it is. */
    public Uni<Void> store(JobCancelled event) {
        return pool.preparedQuery(INSERT)
                .execute(Tuple.of(
                        event.jobId(),
                        event.tenantId(),
                        event.reason(),
                        event.occurredAt() == null ? null : event.occurredAt().atOffset(ZoneOffset.UTC)))
                .replaceWithVoid();
    }

    /** The tenant's cancellation of the job, with its reason (may be null); empty when it was not cancelled. */
    public Uni<Optional<Cancelled>> find(UUID jobId, String tenantId) {
        return pool.preparedQuery(FIND).execute(Tuple.of(jobId, tenantId)).map(rows -> {
            for (Row row : rows) {
                return Optional.of(new Cancelled(row.getString(0)));
            }
            return Optional.empty();
        });
    }

    /** A cancellation as reports show it. */
    public record Cancelled(String reason) {}
}
