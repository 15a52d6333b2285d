package dev.snailbench.generator.messaging;

import dev.snailbench.generator.service.ModelBackends;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ModelBackendsAnnounced;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Reads the inference service's announced backends (topic {@code snailbench.inference.backends}) from the start, in
 * a consumer group of this process alone: every replica knows them, nothing is stored.
 */
@ApplicationScoped
public class ModelBackendsConsumer {

    private final ModelBackends backends;

    public ModelBackendsConsumer(ModelBackends backends) {
        this.backends = backends;
    }

    @Incoming(Channels.MODEL_BACKENDS)
    public void consume(ModelBackendsAnnounced announced) {
        backends.announced(announced);
    }
}
