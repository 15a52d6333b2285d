package dev.snailbench.generator.messaging;

import dev.snailbench.generator.config.JobsConfig;
import dev.snailbench.generator.repository.JobRepository;
import dev.snailbench.generator.repository.JobSql;
import dev.snailbench.generator.repository.PublicationCursor;
import dev.snailbench.generator.service.JobExpander;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.serde.EventRecords;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.jboss.logging.Logger;

/**
 * Publishes jobs' work items with flow control per job: a job has at most {@code snailbench.jobs.window} items in
 * the pipeline (published, no verdict yet), and each publication pass gives every job with room its next items
 * (a pass runs when a job is stored, when verdicts arrive and every second). So a tenant's
 * 10,000-item job cannot fill the shared partitions ahead of another tenant's 10-item job: the small job's items
 * queue behind at most one window of the big one's. The job's cursor ({@code publishedCount}) lives in the platform
 * database and moves only after the broker acknowledged the items: after a crash, publication resumes there (items
 * sent twice are deduplicated by every hop). Several generator replicas may tick at once: each job's next items are
 * sent by the replica that claims the job in the database for that step ({@link JobSql#claimPublication}, an advisory
 * lock held until its cursor has moved); the others skip the job until their next pass.
 */
@ApplicationScoped
public class WorkPublisher {

    private static final Logger LOG = Logger.getLogger(WorkPublisher.class);

    /** InferenceBatch records as the JSON {@link InferenceRecords} measured: serialized once, not by the producer. */
    private final MutinyEmitter<byte[]> emitter;

    private final JobRepository jobs;
    private final JobSql cursors;
    private final Pool pool;
    private final JobsConfig config;
    /**
     * Expanded items of jobs being published, with the team schema their requests carry: re-expanded from the stored
     * spec when missing (after a restart, or a job another replica stored), read once per job, not once per pass.
     */
    private final Map<UUID, Expansion> expanded = new ConcurrentHashMap<>();

    private final Vertx vertx;
    private final InferenceRecords records;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();

    public WorkPublisher(
            JobsConfig config,
            JobRepository jobs,
            JobSql cursors,
            Pool pool,
            Vertx vertx,
            InferenceRecords records,
            @Channel(Channels.QUERIES_TO_INFER_OUT) MutinyEmitter<byte[]> emitter) {
        this.vertx = vertx;
        this.records = records;
        this.emitter = emitter;
        this.jobs = jobs;
        this.cursors = cursors;
        this.pool = pool;
        this.config = config;
    }

    /** Keeps a just-expanded job's items, so that its first pass does not expand the spec again. */
    public void remember(UUID jobId, JobSpec spec, List<WorkItem> items) {
        expanded.put(jobId, new Expansion(items, spec.teamSchema()));
    }

    private record Expansion(List<WorkItem> items, TeamSchema schema) {}

    /**
     * Runs a publication pass soon: at once if none is running, else right after the running one. Called when a job
     * is stored and when verdicts arrive (they make room in windows), and every second as a safety net (a restart,
     * another replica's jobs).
     */
    public void kick() {
        again.set(true);
        if (running.compareAndSet(false, true)) {
            // Its own duplicated context: its own Hibernate Reactive session, whatever the caller is doing.
            Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
            VertxContextSafetyToggle.setContextSafe(context, true);
            context.runOnContext(ignored -> runPass());
        }
    }

    @Scheduled(every = "${snailbench.jobs.publish-every:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        kick();
    }

    private void runPass() {
        again.set(false);
        Uni.createFrom().deferred(this::pass).subscribe().with(done -> passEnded(), failure -> {
            LOG.warnf("publication pass failed (the next one resumes): %s", failure.toString());
            passEnded();
        });
    }

    private void passEnded() {
        running.set(false);
        if (again.get()) {
            kick();
        }
    }

    private Uni<Void> pass() {
        // Plain SQL: a pass runs after every batch of verdicts, and Hibernate Reactive's work around these two
        // statements was a large share of the generator's CPU per item (docs/BENCHMARKS.md).
        return cursors.publishing(pool)
                // Jobs no longer publishing (cancelled, or published by another replica) free their expansion.
                .invoke(publishing -> expanded.keySet()
                        .retainAll(
                                publishing.stream().map(PublicationCursor::id).toList()))
                .onItem()
                .transformToMulti(publishing -> Multi.createFrom().iterable(publishing))
                .onItem()
                .transformToUniAndConcatenate(this::publishNext)
                .collect()
                .last()
                .replaceWithVoid();
    }

    /**
     * Sends the job's next items that fit in its window, several to a record ({@link InferenceRecords}), then moves
     * its cursor past them, while this replica holds the job's publication: the window is judged again on the cursor
     * read under the claim, so a pass of another replica that moved it meanwhile is not repeated.
     */
    private Uni<Void> publishNext(PublicationCursor listed) {
        if (room(listed) <= 0) {
            return Uni.createFrom().voidItem();
        }
        return pool.withTransaction(connection -> cursors.claimPublication(connection, listed.id())
                .chain(job ->
                        job == null || room(job) <= 0 ? Uni.createFrom().voidItem() : publishNext(connection, job)));
    }

    private int room(PublicationCursor job) {
        return config.window() - (job.publishedCount() - job.done());
    }

    private Uni<Void> publishNext(SqlConnection connection, PublicationCursor job) {
        int room = room(job);
        Context context = Vertx.currentContext();
        return expansion(job.id()).chain(expansion -> {
            List<WorkItem> items = expansion.items();
            int from = Math.min(job.publishedCount(), items.size());
            List<WorkItem> next = items.subList(from, Math.min(items.size(), from + room));
            if (next.isEmpty()) {
                return cursors.advance(connection, job.id(), from, from, items.size())
                        .replaceWithVoid();
            }
            // Writing the records (the team schema in each, up to megabytes) is CPU work: on a worker, then back on
            // the pass's context for the sends and the cursor.
            return Uni.createFrom()
                    .item(() -> records.encode(job.id(), job.tenantId(), expansion.schema(), next))
                    .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                    .emitOn(task -> context.runOnContext(ignored -> task.run()))
                    .chain(encoded -> EventRecords.send(emitter, encoded))
                    .chain(() -> cursors.advance(connection, job.id(), from, from + next.size(), items.size()))
                    .invoke(moved -> {
                        if (from + next.size() >= items.size()) {
                            expanded.remove(job.id());
                        }
                    })
                    .replaceWithVoid();
        });
    }

    private Uni<Expansion> expansion(UUID jobId) {
        Expansion known = expanded.get(jobId);
        if (known != null) {
            return Uni.createFrom().item(known);
        }
        return Panache.withSession(() -> jobs.specOf(jobId)).map(spec -> {
            Expansion expansion = new Expansion(JobExpander.expand(jobId, spec), spec.teamSchema());
            expanded.put(jobId, expansion);
            return expansion;
        });
    }
}
