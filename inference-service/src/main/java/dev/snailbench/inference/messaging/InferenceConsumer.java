package dev.snailbench.inference.messaging;

import dev.snailbench.inference.service.InferenceService;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.InferenceRequested;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * The inference hop: work items' questions in, their gold and (denaturalized) predicted SQL out, a batch of records
 * at a time, the answered items of a batch going on in groups as the model answers them (a slow model's items do not
 * hold the answered ones back). The offsets are committed only after the inference records are stored and the
 * outgoing events are acknowledged by the broker, so a crash in between means a redelivery, which re-emits the stored
 * answers. Items of a cancelled job are skipped (no model call, no event); each tenant's items are answered a few at a
 * time, tenants side by side ({@code concurrent-answers-per-tenant}).
 */
@ApplicationScoped
public class InferenceConsumer {

    private final InferenceService inference;
    private final MutinyEmitter<ExecutionRequested> toExecute;

    private final JobCancellationConsumer cancellations;
    private final Counter skipped;

    public InferenceConsumer(InferenceService inference, JobCancellationConsumer cancellations, MeterRegistry metrics,
            @Channel(Channels.SQL_TO_EXECUTE_OUT) MutinyEmitter<ExecutionRequested> toExecute) {
        this.inference = inference;
        this.toExecute = toExecute;
        this.cancellations = cancellations;
        this.skipped = Counter.builder(SKIPPED_METRIC).description("work items of cancelled jobs skipped, not asked")
                .register(metrics);
    }

    /** Items skipped because their job was cancelled (Prometheus: snailbench_inference_items_skipped). */
    public static final String SKIPPED_METRIC = "snailbench.inference.items.skipped";

    @Incoming(Channels.QUERIES_TO_INFER)
    public Uni<Void> consume(Message<List<InferenceRequested>> batch) {
        return Batches.consume(batch, request -> request.workItemId() == null || request.jobId() == null
                || request.item() == null ? "InferenceRequested " + request.eventId()
                        + " lacks workItemId, jobId or item" : null, this::inferAll);
    }

    private Uni<Void> inferAll(List<InferenceRequested> batch) {
        // A cancelled job's items are skipped: no model is asked, nothing goes on to the executor.
        List<InferenceRequested> requests = batch.stream().filter(request -> {
            boolean cancelled = cancellations.contains(request.jobId());
            if (cancelled) {
                skipped.increment();
            }
            return !cancelled;
        }).toList();
        if (requests.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return inference.inferAll(requests).onItem().transformToUniAndConcatenate(this::forward)
                .collect().last().replaceWithVoid();
    }

    /** Sends a group of answered items on to the executor. */
    private Uni<Void> forward(List<InferenceService.Answered> group) {
        List<Uni<Void>> sends = group.stream()
                .map(answered -> ExecutionRequested.of(answered.request(), answered.inference()))
                .map(event -> toExecute.sendMessage(KafkaRecord.of(event.key(), event))).toList();
        return Uni.join().all(sends).andFailFast().replaceWithVoid();
    }
}
