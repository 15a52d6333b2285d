package dev.snailbench.scorer.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import dev.snailbench.model.serde.EventRecords;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Sends verdicts to the generator, each job's together: one {@link ItemsScored} record per job of what the scorer
 * reached at once, split when it would exceed {@link EventRecords#KAFKA_DEFAULT_MAX_BYTES}. Verdicts are small (their
 * reason is cut, {@link ItemScored#REASON_LENGTH}), so a record holds a whole batch of a job in practice.
 */
@ApplicationScoped
public class VerdictPublisher {

    /** Bounds the generator's transaction per record, whatever a batch holds. */
    static final int VERDICTS_PER_RECORD = 500;

    private final MutinyEmitter<byte[]> scores;

    public VerdictPublisher(@Channel(Channels.SCORES_OUT) MutinyEmitter<byte[]> scores) {
        this.scores = scores;
    }

    /** Completes when the broker has acknowledged every record. */
    public Uni<Void> send(List<ItemScored> verdicts) {
        return EventRecords.send(
                scores,
                EventRecords.packByJob(
                        verdicts.stream().map(EventRecords.Item::of).toList(),
                        VERDICTS_PER_RECORD,
                        EventRecords.KAFKA_DEFAULT_MAX_BYTES,
                        (job, tenant, noWorkItems) -> ItemsScored.empty(job, tenant)));
    }
}
