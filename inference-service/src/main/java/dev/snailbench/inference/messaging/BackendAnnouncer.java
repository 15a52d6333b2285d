package dev.snailbench.inference.messaging;

import dev.snailbench.inference.config.InferenceConfig;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ModelBackendsAnnounced;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.jboss.logging.Logger;

/**
 * Tells the generator which model backends this service is configured with, once at start-up (topic
 * {@code snailbench.inference.backends}, one key, compacted), so a job naming another backend is refused when it is
 * submitted rather than failing every one of its items here.
 */
@ApplicationScoped
public class BackendAnnouncer {

    private static final Logger LOG = Logger.getLogger(BackendAnnouncer.class);

    private final InferenceConfig config;
    private final MutinyEmitter<Record<String, ModelBackendsAnnounced>> emitter;

    public BackendAnnouncer(
            InferenceConfig config,
            @Channel(Channels.MODEL_BACKENDS_OUT) MutinyEmitter<Record<String, ModelBackendsAnnounced>> emitter) {
        this.config = config;
        this.emitter = emitter;
    }

    void announce(@Observes StartupEvent start) {
        ModelBackendsAnnounced event =
                ModelBackendsAnnounced.of(config.backends().keySet());
        // Not awaited: start-up does not wait for the broker; the producer retries until it is reachable.
        emitter.send(Record.of(event.key(), event))
                .subscribe()
                .with(
                        ok -> LOG.infof("announced model backends %s", event.backends()),
                        e -> LOG.warnf(
                                "could not announce model backends %s: %s (jobs naming them are refused until the "
                                        + "next start)",
                                event.backends(), e.getMessage()));
    }
}
