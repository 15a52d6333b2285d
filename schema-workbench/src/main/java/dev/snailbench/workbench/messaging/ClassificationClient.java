package dev.snailbench.workbench.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ClassificationRequested;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.reactive.messaging.Channel;

/** Asks the classifier (topic identifiers.to-classify) to label identifiers; the answer arrives in {@link ClassificationAnswerConsumer}. */
@ApplicationScoped
public class ClassificationClient {

    private final MutinyEmitter<Record<String, ClassificationRequested>> emitter;

    public ClassificationClient(
            @Channel(Channels.IDENTIFIERS_TO_CLASSIFY_OUT)
                    MutinyEmitter<Record<String, ClassificationRequested>> emitter) {
        this.emitter = emitter;
    }

    /** Completes when the broker has the request. */
    public Uni<Void> request(String tenantId, UUID requestId, List<String> identifiers) {
        ClassificationRequested event = ClassificationRequested.of(null, tenantId, requestId, identifiers);
        return emitter.send(Record.of(event.key(), event));
    }
}
