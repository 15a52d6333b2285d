package dev.snailbench.generator.messaging;

import dev.snailbench.generator.repository.Job;
import dev.snailbench.generator.repository.JobStatus;
import dev.snailbench.generator.repository.JobStore;
import dev.snailbench.generator.repository.WorkItemState;
import dev.snailbench.generator.service.JobExpander;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.JobSubmitted;
import dev.snailbench.workbench.support.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Persists a submitted job with its work items; {@link WorkPublisher} then publishes them within the job's window.
 * A redelivered record finds the job stored and changes nothing.
 */
@ApplicationScoped
public class JobSubmittedConsumer {

    private static final Logger LOG = Logger.getLogger(JobSubmittedConsumer.class);

    private final JobStore store;
    private final WorkPublisher publisher;

    public JobSubmittedConsumer(JobStore store, WorkPublisher publisher) {
        this.store = store;
        this.publisher = publisher;
    }

    @Incoming(Channels.JOB_EVENTS)
    public Uni<Void> consume(JobSubmitted event) {
        if (event.jobId() == null || event.tenantId() == null) {
            return Uni.createFrom()
                    .failure(new IllegalArgumentException(
                            "JobSubmitted " + event.eventId() + " lacks jobId or tenantId"));
        }
        List<WorkItem> work;
        try {
            work = JobExpander.expand(event.jobId(), event.spec());
        } catch (RuntimeException e) {
            // The job exists for its tenant, with the reason: GET /jobs/{id} answers "failed", not 404 forever.
            String reason = "could not expand the job: " + (e.getMessage() == null ? e.toString() : e.getMessage());
            LOG.warnf("job %s failed: %s", event.jobId(), reason);
            return compressedSpec(event).chain(spec -> store.storeFailed(failedJob(event, reason, spec)));
        }
        // Stored with its items, then published by WorkPublisher's passes within the job's window: this record is
        // acknowledged at once, so one large job never holds other jobs' records behind it.
        return compressedSpec(event)
                .chain(spec -> Redelivery.withRetries("job " + event.jobId(), () -> persist(event, work, spec)))
                .invoke(() -> {
                    publisher.remember(event.jobId(), event.spec(), work);
                    publisher.kick();
                });
    }

    /**
     * The spec as stored ({@link Job#compressSpec}), compressed on a worker (a replay job's spec is megabytes of JSON)
     * and handed back on the record's context, where Hibernate Reactive and the job's transaction run.
     */
    private static Uni<byte[]> compressedSpec(JobSubmitted event) {
        return Blocking.run(() -> Job.compressSpec(event.spec()), Job.COMPRESSION_DEADLINE);
    }

    /**
     * The job and its items in one transaction, as plain SQL (one statement for all the items: a replay job has
     * thousands). A redelivered record finds the job's row and stores nothing.
     */
    private Uni<Void> persist(JobSubmitted event, List<WorkItem> work, byte[] spec) {
        Job job = new Job();
        job.id = event.jobId();
        job.tenantId = event.tenantId();
        job.name = event.spec().name();
        job.status = JobStatus.QUEUED;
        job.total = work.size();
        job.stallTimeoutSeconds = event.spec().stallTimeoutSeconds();
        job.createdAt = event.occurredAt();
        job.updatedAt = Instant.now();
        List<WorkItemState> states =
                work.stream().map(item -> stateOf(event, item)).toList();
        return store.storeQueued(job, spec, states);
    }

    private static Job failedJob(JobSubmitted event, String reason, byte[] spec) {
        Job job = new Job();
        job.id = event.jobId();
        job.tenantId = event.tenantId();
        job.name = event.spec() == null || event.spec().name() == null
                ? "(unnamed)"
                : event.spec().name();
        job.status = JobStatus.FAILED;
        job.reason = reason;
        job.specJson = "";
        job.specGzip = spec;
        job.createdAt = event.occurredAt() == null ? Instant.now() : event.occurredAt();
        job.updatedAt = Instant.now();
        return job;
    }

    private static WorkItemState stateOf(JobSubmitted event, WorkItem item) {
        WorkItemState state = new WorkItemState();
        state.id = item.workItemId();
        state.jobId = event.jobId();
        state.questionId = item.questionId();
        state.modelLabel = item.model().label();
        state.level = item.level().label();
        return state;
    }
}
