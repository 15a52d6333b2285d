package dev.snailbench.inference.messaging;

import dev.snailbench.inference.service.InferenceService;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Redelivery;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.InferenceRequested;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * The inference hop: a work item's question in, its gold and (denaturalized) predicted SQL out. The offset is
 * committed only after the inference record is stored and the outgoing event is acknowledged by the broker,
 * so a crash in between means a redelivery, which re-emits the stored answer.
 */
@ApplicationScoped
public class InferenceConsumer {

    private static final Logger LOG = Logger.getLogger(InferenceConsumer.class);

    private final InferenceService inference;
    private final MutinyEmitter<ExecutionRequested> toExecute;

    public InferenceConsumer(InferenceService inference,
            @Channel(Channels.SQL_TO_EXECUTE_OUT) MutinyEmitter<ExecutionRequested> toExecute) {
        this.inference = inference;
        this.toExecute = toExecute;
    }

    @Incoming(Channels.QUERIES_TO_INFER)
    public Uni<Void> consume(InferenceRequested request) {
        return Redelivery.withRetries("work item " + request.workItemId(), () -> inference.inferOnce(request)
                .map(result -> ExecutionRequested.of(request, result))
                .chain(event -> toExecute.sendMessage(KafkaRecord.of(event.key(), event))))
                .onFailure().invoke(e -> LOG.errorf(e, "inference of work item %s failed", request.workItemId()));
    }
}
