package dev.snailbench.generator.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ItemAbandoned;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;

/** Tells the scorer which items the watchdog gave up on; the scorer records their failed verdicts. */
@ApplicationScoped
public class AbandonedItemPublisher {

    private final MutinyEmitter<Record<String, ItemAbandoned>> emitter;

    public AbandonedItemPublisher(
            @Channel(Channels.ITEMS_ABANDONED_OUT) MutinyEmitter<Record<String, ItemAbandoned>> emitter) {
        this.emitter = emitter;
    }

    /** Completes once the broker has acknowledged every one. */
    public Uni<Void> publish(List<ItemAbandoned> items) {
        if (items.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Uni.join()
                .all(items.stream()
                        .map(e -> emitter.send(Record.of(e.key(), e)))
                        .toList())
                .usingConcurrencyOf(64)
                .andFailFast()
                .replaceWithVoid();
    }
}
