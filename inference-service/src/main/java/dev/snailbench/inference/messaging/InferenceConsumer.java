package dev.snailbench.inference.messaging;

import dev.snailbench.inference.service.InferenceService;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Objects;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * The inference hop: work items' questions in (several to a record), their gold and (denaturalized) predicted SQL
 * out, a batch of records at a time, the answered items of a batch going on in groups as the model answers them (a
 * slow model's items do not hold the answered ones back). The offsets are committed only after the inference records
 * are stored and the outgoing events are acknowledged by the broker, so a crash in between means a redelivery, which
 * re-emits the stored answers. Items of a cancelled job are skipped (no model call, no event); each tenant's items are answered a few at a
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

    /**
     * Records of several work items each ({@link InferenceBatch}): a record with an item lacking its ids, or of another
     * job or tenant than the record's (whose schema every item is asked on), is refused whole (dead-lettered, where the
     * scorer gives each identifiable item a failed verdict); the other records' items are answered together.
     */
    @Incoming(Channels.QUERIES_TO_INFER)
    public Uni<Void> consume(Message<List<InferenceBatch>> batch) {
        return Batches.consume(batch, InferenceConsumer::refusal, records -> inferAll(records.stream()
                .flatMap(record -> record.withSchema().stream()).toList()));
    }

    static String refusal(InferenceBatch record) {
        if (record.requests() == null || record.requests().isEmpty()) {
            return "InferenceBatch " + record.eventId() + " holds no request";
        }
        for (InferenceRequested request : record.requests()) {
            if (request.workItemId() == null || request.jobId() == null || request.item() == null) {
                return "InferenceBatch " + record.eventId() + ": InferenceRequested " + request.eventId()
                        + " lacks workItemId, jobId or item";
            }
            if (!request.jobId().equals(record.jobId()) || !Objects.equals(request.tenantId(), record.tenantId())) {
                return "InferenceBatch " + record.eventId() + " (job " + record.jobId() + "): InferenceRequested "
                        + request.eventId() + " is of job " + request.jobId() + " and tenant " + request.tenantId()
                        + ", not the record's";
            }
        }
        return null;
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
