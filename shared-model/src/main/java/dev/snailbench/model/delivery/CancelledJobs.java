package dev.snailbench.model.delivery;

import dev.snailbench.model.event.JobCancelled;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The jobs cancelled so far, as read from the cancelled-jobs topic, for a hop to skip their items still in flight.
 * Bounded (the oldest cancellations go first): a job cancelled that long ago has no items left in the pipeline.
 * Thread-safe; a hop checks it right before the costly work of an item (a model call, a query). Each hop's consumer
 * of the jobs-cancelled channel extends it (a consumer group of its own per process, read from the start, so every
 * replica knows every cancellation).
 */
public class CancelledJobs {

    private static final Logger LOG = Logger.getLogger(CancelledJobs.class);

    private final Map<UUID, Boolean> jobs;

    protected CancelledJobs(int maxJobs) {
        this.jobs = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<UUID, Boolean> eldest) {
                return size() > maxJobs;
            }
        };
    }

    /** Fails (to the channel's dead-letter topic) for an event without a job id. */
    public void add(JobCancelled event) {
        if (event == null || event.jobId() == null) {
            throw new IllegalArgumentException(
                    "JobCancelled " + (event == null ? "" : event.eventId()) + " lacks jobId");
        }
        boolean added;
        synchronized (jobs) {
            added = jobs.put(event.jobId(), Boolean.TRUE) == null;
        }
        if (added) {
            LOG.infof(
                    "job %s of tenant %s cancelled: its items still in flight are skipped",
                    event.jobId(), event.tenantId());
        }
    }

    public boolean contains(UUID jobId) {
        if (jobId == null) {
            return false;
        }
        synchronized (jobs) {
            return jobs.containsKey(jobId);
        }
    }
}
