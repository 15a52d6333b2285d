package dev.snailbench.generator.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Stores a submitted job, each write in one transaction of its own: a queued job with its items (plain SQL, one
 * statement for all the items), or a job that failed before it had any. A job whose id is stored already is left as
 * it is (a redelivered submission).
 */
@ApplicationScoped
public class JobStore {

    private final Pool pool;
    private final JobRepository jobs;
    private final JobSql jobRows;
    private final WorkItemStateSql itemRows;

    public JobStore(Pool pool, JobRepository jobs, JobSql jobRows, WorkItemStateSql itemRows) {
        this.pool = pool;
        this.jobs = jobs;
        this.jobRows = jobRows;
        this.itemRows = itemRows;
    }

    /** The queued job (its spec as {@link Job#compressSpec} wrote it) and its unscored items. */
    public Uni<Void> storeQueued(Job job, byte[] specGzip, List<WorkItemState> items) {
        return pool.withTransaction(connection -> jobRows.insertQueued(connection, job, specGzip)
                .chain(stored -> stored
                        ? itemRows.insert(connection, job.id, items).replaceWithVoid()
                        : Uni.createFrom().voidItem()));
    }

    /** A failed job, with its reason and no items. */
    public Uni<Void> storeFailed(Job job) {
        return Panache.withTransaction(() -> jobs.findById(job.id)
                .chain(existing -> existing != null
                        ? Uni.createFrom().voidItem()
                        : jobs.persist(job).replaceWithVoid()));
    }
}
