package dev.snailbench.executor.service;

import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.messaging.JobCancellationConsumer;
import dev.snailbench.executor.repository.DatabaseUse;
import dev.snailbench.model.event.ExecutionRequested;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * Which jobs are using a registered database, across the executor's replicas: every replica that runs a job's item on
 * a registered database writes when (at most once per job and database every {@code database-use.refresh}); a job
 * that ran an item on it within {@code database-use.hold} and is not cancelled holds it, and deleting the database is
 * refused with their ids. A job that has every verdict releases its databases at once ({@link #release}, told by the
 * generator); a job that sent no item for longer than the hold does not hold them either.
 */
@ApplicationScoped
public class DatabaseUses {

    private static final Logger LOG = Logger.getLogger(DatabaseUses.class);

    /** A job's recent use of a database. */
    public record Use(UUID jobId, Instant lastUsed) {}

    private final Duration refresh;
    private final Duration hold;
    private final JobCancellationConsumer cancellations;
    /** When this replica last wrote a job's use of a database (nanoTime), by database and job. */
    private final Map<DatabaseUse.Key, Long> written = new ConcurrentHashMap<>();

    public DatabaseUses(ExecutorConfig config, JobCancellationConsumer cancellations) {
        this.refresh = config.databaseUse().refresh();
        this.hold = config.databaseUse().hold();
        this.cancellations = cancellations;
    }

    /**
     * Records that these items' jobs use their registered databases (items of inline databases are left out). Call on
     * the Vert.x context; a failure to write is logged, never the items' failure.
     */
    public Uni<Void> used(Collection<ExecutionRequested> requests) {
        long now = System.nanoTime();
        Map<DatabaseUse.Key, String> due = new LinkedHashMap<>();
        for (ExecutionRequested request : requests) {
            UUID database = registeredDatabase(request);
            if (database == null || request.jobId() == null) {
                continue;
            }
            DatabaseUse.Key key = new DatabaseUse.Key(database, request.jobId());
            Long last = written.get(key);
            if (last == null || now - last >= refresh.toNanos()) {
                due.put(key, request.tenantId());
            }
        }
        if (due.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        due.keySet().forEach(key -> written.put(key, now));
        Instant at = Instant.now();
        return Panache.withTransaction(() -> {
                    Uni<Integer> chain = Uni.createFrom().item(0);
                    for (Map.Entry<DatabaseUse.Key, String> e : due.entrySet()) {
                        chain = chain.chain(n -> Panache.getSession()
                                .chain(session -> session.createNativeQuery(
                                                "INSERT INTO executor.target_database_use (databaseid, jobid, tenantid, lastused) "
                                                        + "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (databaseid, jobid) "
                                                        + "DO UPDATE SET lastused = EXCLUDED.lastused")
                                        .setParameter(1, e.getKey().databaseId)
                                        .setParameter(2, e.getKey().jobId)
                                        .setParameter(3, e.getValue())
                                        .setParameter(4, at)
                                        .executeUpdate()));
                    }
                    return chain;
                })
                .replaceWithVoid()
                .onFailure()
                .recoverWithUni(e -> {
                    // Written again with the job's next item.
                    due.keySet().forEach(written::remove);
                    LOG.warnf("could not record the use of %d registered databases: %s", due.size(), e.toString());
                    return Uni.createFrom().voidItem();
                });
    }

    /** The jobs holding the database now (recent use, not cancelled), most recent first. In a session. */
    public Uni<List<Use>> holding(UUID databaseId) {
        Instant since = Instant.now().minus(hold);
        return DatabaseUse.<DatabaseUse>find(
                        "databaseId = ?1 and lastUsed > ?2 order by lastUsed desc", databaseId, since)
                .list()
                .map(rows -> rows.stream()
                        .filter(row -> !cancellations.contains(row.jobId))
                        .map(row -> new Use(row.jobId, row.lastUsed))
                        .toList());
    }

    /** Releases every database a job used (the job has every verdict). Opens its own transaction. */
    public Uni<Void> release(UUID jobId) {
        written.keySet().removeIf(key -> key.jobId.equals(jobId));
        return Panache.withTransaction(() -> DatabaseUse.delete("jobId", jobId))
                .invoke(released -> {
                    if (released > 0) {
                        LOG.debugf("job %s ended: %d registered databases released", jobId, released);
                    }
                })
                .replaceWithVoid();
    }

    /** Forgets a deleted database's uses. In a transaction. */
    public Uni<Long> forget(UUID databaseId) {
        written.keySet().removeIf(key -> key.databaseId.equals(databaseId));
        return DatabaseUse.delete("databaseId", databaseId);
    }

    /** How long a job's last item holds a database. */
    public Duration hold() {
        return hold;
    }

    private static UUID registeredDatabase(ExecutionRequested request) {
        String id = request.item() == null || request.item().database() == null
                ? null
                : request.item().database().databaseId();
        if (id == null || id.isBlank()) {
            return null;
        }
        try {
            return UUID.fromString(id.trim());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
