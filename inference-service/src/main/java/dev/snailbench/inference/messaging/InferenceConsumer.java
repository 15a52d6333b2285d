package dev.snailbench.inference.messaging;

import dev.snailbench.inference.service.InferenceService;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.serde.EventRecords;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
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
    /** ExecutionsRequested records as the JSON {@link EventRecords} packed: serialized once, not by the producer. */
    private final MutinyEmitter<byte[]> toExecute;

    private final JobCancellationConsumer cancellations;
    private final Counter skipped;

    public InferenceConsumer(
            InferenceService inference,
            JobCancellationConsumer cancellations,
            MeterRegistry metrics,
            @Channel(Channels.SQL_TO_EXECUTE_OUT) MutinyEmitter<byte[]> toExecute) {
        this.inference = inference;
        this.toExecute = toExecute;
        this.cancellations = cancellations;
        this.skipped = Counter.builder(SKIPPED_METRIC)
                .description("work items of cancelled jobs skipped, not asked")
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
        return Batches.consume(
                batch,
                InferenceConsumer::refusal,
                records -> inferAll(records.stream()
                        .flatMap(record -> record.withSchema().stream())
                        .toList()));
    }

    static String refusal(InferenceBatch record) {
        String refused = record.refusal();
        if (refused != null) {
            return refused;
        }
        return record.requests().stream()
                .filter(request -> request.item() == null)
                .findFirst()
                .map(request -> "InferenceBatch " + record.eventId() + ": InferenceRequested " + request.eventId()
                        + " lacks its item")
                .orElse(null);
    }

    private Uni<Void> inferAll(List<InferenceRequested> batch) {
        // A cancelled job's items are skipped: no model is asked, nothing goes on to the executor.
        List<InferenceRequested> requests = batch.stream()
                .filter(request -> {
                    boolean cancelled = cancellations.contains(request.jobId());
                    if (cancelled) {
                        skipped.increment();
                    }
                    return !cancelled;
                })
                .toList();
        if (requests.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return inference
                .inferAll(requests)
                .onItem()
                .transformToUniAndConcatenate(this::forward)
                .collect()
                .last()
                .replaceWithVoid();
    }

    /**
     * Sends a group of answered items on to the executor, each job's together: up to {@link #ITEMS_PER_RECORD} to an
     * {@link ExecutionsRequested} record.
     */
    private Uni<Void> forward(List<InferenceService.Answered> group) {
        Context context = Vertx.currentContext();
        // Writing the records (each model's raw answer in them) is CPU work: on a worker, then back on the batch's
        // context for the sends.
        Uni<List<EventRecords.Encoded>> written =
                Uni.createFrom().item(() -> records(group)).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        return (context == null ? written : written.emitOn(task -> context.runOnContext(ignored -> task.run())))
                .chain(records -> EventRecords.send(toExecute, records));
    }

    private static List<EventRecords.Encoded> records(List<InferenceService.Answered> group) {
        return EventRecords.packByJob(
                group.stream()
                        .map(answered ->
                                EventRecords.Item.of(ExecutionRequested.of(answered.request(), answered.inference())))
                        .toList(),
                ITEMS_PER_RECORD,
                EventRecords.KAFKA_DEFAULT_MAX_BYTES,
                ExecutionsRequested::empty);
    }

    /**
     * Small enough that the executor's batch of records (its {@code max.poll.records}) stays a few dozen items, each
     * tenant's run side by side with the others'.
     */
    static final int ITEMS_PER_RECORD = 16;
}
