package dev.snailbench.generator.service;

import dev.snailbench.generator.config.WatchdogConfig;
import dev.snailbench.generator.messaging.AbandonedItemPublisher;
import dev.snailbench.generator.repository.Job;
import dev.snailbench.generator.repository.JobRepository;
import dev.snailbench.generator.repository.JobSql;
import dev.snailbench.generator.repository.WorkItemStateRepository;
import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.event.ItemAbandoned;
import dev.snailbench.model.request.JobRequest;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * No job stays running forever: a running job whose progress has not moved for its deadline (its own
 * {@code stallTimeoutSeconds}, or the configured one) has each item still without a verdict abandoned
 * ({@code timed out in the pipeline}); the scorer turns those into failed verdicts, which complete the job through
 * the usual path. An item that gets its real verdict later keeps the first one. Every generator replica sweeps; a
 * sweep claims each job in the platform database ({@link JobSql#claimStalled}: its row locked, others skipped) from
 * the check until its abandonments are sent and the job touched, so two replicas never abandon a job's items twice.
 * <p>
 * A job is judged only on a whole deadline this replica watched: while the generator was down (a restart), the
 * verdicts that are its progress waited in their topic, so the job's last recorded progress says nothing about the
 * pipeline. After a start, nothing is abandoned before one deadline has passed, time for the backlog to be counted.
 */
@ApplicationScoped
public class JobWatchdog {

    private static final Logger LOG = Logger.getLogger(JobWatchdog.class);

    /** The shortest deadline a job may ask for (its {@code stallTimeoutSeconds}). */
    public static final Duration SHORTEST_STALL_TIMEOUT = Duration.ofSeconds(JobRequest.SHORTEST_STALL_SECONDS);

    /** The longest: a day without a single verdict is a stalled job, whatever the job. */
    public static final Duration LONGEST_STALL_TIMEOUT = Duration.ofSeconds(JobRequest.LONGEST_STALL_SECONDS);

    private final JobRepository jobs;
    private final WorkItemStateRepository items;
    private final AbandonedItemPublisher publisher;
    private final WatchdogConfig config;
    private final Pool pool;
    private final JobSql sql;
    private final Instant watchingSince = Instant.now();

    public JobWatchdog(
            JobRepository jobs,
            WorkItemStateRepository items,
            AbandonedItemPublisher publisher,
            WatchdogConfig config,
            Pool pool,
            JobSql sql) {
        this.pool = pool;
        this.sql = sql;
        this.jobs = jobs;
        this.items = items;
        this.publisher = publisher;
        this.config = config;
    }

    @Scheduled(
            every = "${snailbench.watchdog.every:30s}",
            delayed = "${snailbench.watchdog.every:30s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> sweep() {
        Instant now = Instant.now();
        Duration shortest = config.itemDeadline().compareTo(SHORTEST_STALL_TIMEOUT) < 0
                ? config.itemDeadline()
                : SHORTEST_STALL_TIMEOUT;
        if (now.minus(shortest).isBefore(watchingSince)) {
            return Uni.createFrom().voidItem();
        }
        return Panache.withSession(() -> jobs.stalledSince(now.minus(shortest)))
                .onItem()
                .transformToMulti(quiet -> Multi.createFrom()
                        .iterable(
                                quiet.stream().filter(job -> stalled(job, now)).toList()))
                .onItem()
                .transformToUniAndConcatenate(job -> abandonUnscored(job, now))
                .collect()
                .last()
                .replaceWithVoid()
                .onFailure()
                .invoke(e -> LOG.warnf("job watchdog sweep failed (next sweep retries): %s", e.toString()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** The job's deadline, if this replica has watched for that long, has passed since its last progress. */
    private boolean stalled(Job job, Instant now) {
        Instant before = now.minus(deadlineOf(job));
        return !before.isBefore(watchingSince) && job.updatedAt.isBefore(before);
    }

    private Duration deadlineOf(Job job) {
        return job.stallTimeoutSeconds == null ? config.itemDeadline() : Duration.ofSeconds(job.stallTimeoutSeconds);
    }

    /**
     * Publishes an abandonment for each item of the job that has no verdict yet, if the job is still stalled at
     * {@code now} and this sweep claims it: the claim (the job's row, locked) lasts until the abandonments are sent
     * and the job is touched at {@code now}, in one transaction; a failed send releases it, and the next sweep tries
     * again.
     */
    Uni<Void> abandonUnscored(Job job, Instant now) {
        return pool.withTransaction(connection -> sql.claimStalled(connection, job.id, now.minus(deadlineOf(job)))
                .chain(claimed -> !claimed
                        ? Uni.createFrom().voidItem()
                        : Panache.withSession(() -> items.unscored(job.id)
                                        .chain(unscored -> jobs.specOf(job.id)
                                                .map(spec -> abandonments(job, spec, Set.copyOf(unscored)))))
                                .chain(abandoned -> {
                                    LOG.warnf(
                                            "job %s made no progress for %s: abandoning %d item(s) without a "
                                                    + "verdict",
                                            job.id, deadlineOf(job), abandoned.size());
                                    return publisher.publish(abandoned);
                                })
                                .chain(() -> sql.touch(connection, job.id, now))));
    }

    private List<ItemAbandoned> abandonments(Job job, JobSpec spec, Set<UUID> pending) {
        String stage = job.published ? "pipeline" : "publication";
        String reason = (job.published
                        ? "timed out in the pipeline (inference, execution or scoring)"
                        : "timed out in publication (the job's items were not all published)")
                + ": no verdict "
                + deadlineOf(job).toSeconds() + " s after the job's last progress";
        return JobExpander.expand(job.id, spec).stream()
                .filter(item -> pending.contains(item.workItemId()))
                .map(item -> ItemAbandoned.of(job.id, job.tenantId, item, stage, reason))
                .toList();
    }
}
