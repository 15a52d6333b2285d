package dev.snailbench.scorer.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import dev.snailbench.model.serde.EventRecords;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Sends verdicts to the generator, each job's together: one {@link ItemsScored} record per job of what the scorer
 * reached at once, split when it would exceed {@link EventRecords#KAFKA_DEFAULT_MAX_BYTES}. Verdicts are small (their reason is cut,
 * {@link ItemScored#REASON_LENGTH}), so a record holds a whole batch of a job in practice.
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
        List<Uni<Void>> sends = new ArrayList<>();
        byJob(verdicts).values().forEach(ofJob -> EventRecords.pack(ofJob.stream().map(EventRecords::encode).toList(),
                        VERDICTS_PER_RECORD, EventRecords.KAFKA_DEFAULT_MAX_BYTES,
                        () -> ItemsScored.empty(ofJob.get(0).jobId(), ofJob.get(0).tenantId()))
                .forEach(record -> sends.add(scores.sendMessage(KafkaRecord.of(record.key(), record.json())))));
        return sends.isEmpty() ? Uni.createFrom().voidItem() : Uni.join().all(sends).andFailFast().replaceWithVoid();
    }

    /** In their order, by job (and tenant: a record is one tenant's, whatever its verdicts claim). */
    private static Map<String, List<ItemScored>> byJob(List<ItemScored> verdicts) {
        Map<String, List<ItemScored>> byJob = new LinkedHashMap<>();
        for (ItemScored verdict : verdicts) {
            UUID job = verdict.jobId();
            byJob.computeIfAbsent(job + "|" + verdict.tenantId(), k -> new ArrayList<>()).add(verdict);
        }
        return byJob;
    }
}
