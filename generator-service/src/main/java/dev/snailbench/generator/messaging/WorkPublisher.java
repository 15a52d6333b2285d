package dev.snailbench.generator.messaging;

import dev.snailbench.generator.config.JobsConfig;
import dev.snailbench.generator.repository.JobRepository;
import dev.snailbench.generator.repository.JobStatus;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.event.JobSubmitted;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Publishes a job's work items at a bounded rate: a tenant's large job cannot flood the topics and starve
 * other tenants' jobs that share the partitions. Items go out in small batches, one batch per tick.
 */
@ApplicationScoped
public class WorkPublisher {

    private static final long TICK_MILLIS = 100;

    private final MutinyEmitter<Record<String, InferenceRequested>> emitter;
    private final JobRepository jobs;
    private final int batchSize;

    public WorkPublisher(JobsConfig config, JobRepository jobs,
            @Channel(Channels.QUERIES_TO_INFER_OUT) MutinyEmitter<Record<String, InferenceRequested>> emitter) {
        this.emitter = emitter;
        this.jobs = jobs;
        this.batchSize = Math.max(1, (int) (config.publishRatePerSecond() * TICK_MILLIS / 1000));
    }

    /**
     * Completes once the broker has acknowledged every item, on the caller's Vert.x context. A job cancelled
     * meanwhile stops here: the batches not yet sent are not sent.
     */
    public Uni<Void> publish(JobSubmitted job, List<WorkItem> items) {
        Context context = Vertx.currentContext();
        return Multi.createFrom().iterable(batches(items))
                .onItem().transformToUniAndConcatenate(batch -> Uni.createFrom().voidItem()
                        .emitOn(task -> context.runOnContext(ignored -> task.run()))
                        .chain(() -> Panache.withSession(() -> jobs.findById(job.jobId())))
                        .chain(stored -> stored != null && stored.status == JobStatus.CANCELLED
                                ? Uni.createFrom().voidItem()
                                : sendAll(job, batch).onItem().delayIt().by(java.time.Duration.ofMillis(TICK_MILLIS))))
                .collect().last()
                .emitOn(task -> context.runOnContext(ignored -> task.run()))
                .replaceWithVoid();
    }

    private Uni<Void> sendAll(JobSubmitted job, List<WorkItem> batch) {
        List<Uni<Void>> sends = batch.stream().map(item -> InferenceRequested.of(job.jobId(), job.tenantId(), item))
                .map(event -> emitter.send(Record.of(event.key(), event))).toList();
        return Uni.join().all(sends).andFailFast().replaceWithVoid();
    }

    private List<List<WorkItem>> batches(List<WorkItem> items) {
        List<List<WorkItem>> batches = new ArrayList<>();
        for (int i = 0; i < items.size(); i += batchSize) {
            batches.add(items.subList(i, Math.min(items.size(), i + batchSize)));
        }
        return batches;
    }
}
