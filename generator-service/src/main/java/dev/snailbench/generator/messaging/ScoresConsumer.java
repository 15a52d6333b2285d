package dev.snailbench.generator.messaging;

import dev.snailbench.generator.repository.JobRepository;
import dev.snailbench.generator.repository.WorkItemState;
import dev.snailbench.generator.repository.WorkItemStateRepository;
import dev.snailbench.model.Channels;
import dev.snailbench.model.delivery.Batches;
import dev.snailbench.model.event.ItemScored;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Counts each work item's verdict into its job's progress, exactly once however often it is delivered. A batch of
 * verdicts is one transaction: the items' rows still unscored are locked and marked, then each job's counters move
 * by that many in one UPDATE.
 */
@ApplicationScoped
public class ScoresConsumer {

    private final JobRepository jobs;
    private final WorkItemStateRepository items;
    private final WorkPublisher publisher;

    public ScoresConsumer(JobRepository jobs, WorkItemStateRepository items, WorkPublisher publisher) {
        this.jobs = jobs;
        this.items = items;
        this.publisher = publisher;
    }

    @Incoming(Channels.SCORES)
    public Uni<Void> consume(Message<List<ItemScored>> batch) {
        return Batches.consume(batch, event -> event.workItemId() == null || event.jobId() == null
                ? "ItemScored " + event.eventId() + " lacks workItemId or jobId" : null, this::count);
    }

    private Uni<Void> count(List<ItemScored> verdicts) {
        // A redelivered verdict may share the batch with the first one: the first counts.
        Map<UUID, ItemScored> byItem = verdicts.stream().collect(Collectors.toMap(ItemScored::workItemId,
                Function.identity(), (first, again) -> first, LinkedHashMap::new));
        return Panache.withTransaction(() -> items.lockUnscored(byItem.keySet())
                        .chain(unscored -> unscored.isEmpty() ? Uni.createFrom().voidItem() : mark(unscored, byItem)))
                // Counted verdicts make room in their jobs' windows: publish their next items now.
                .invoke(publisher::kick);
    }

    private Uni<Void> mark(List<WorkItemState> unscored, Map<UUID, ItemScored> byItem) {
        Map<Boolean, List<UUID>> byOutcome = unscored.stream().collect(Collectors.partitioningBy(
                state -> byItem.get(state.id).failed(), Collectors.mapping(state -> state.id, Collectors.toList())));
        // Jobs in id order: two batches touching the same jobs lock their rows in the same order (no deadlock).
        Map<UUID, List<WorkItemState>> byJob = unscored.stream().collect(Collectors.groupingBy(state -> state.jobId,
                TreeMap::new, Collectors.toList()));
        // Failed items keep their reason, so a job can say why its items failed (GET /jobs/{id} topReasons).
        Map<String, List<UUID>> failedByReason = byOutcome.get(true).stream().collect(Collectors.groupingBy(
                id -> WorkItemState.reasonOf(byItem.get(id).reason()), TreeMap::new, Collectors.toList()));
        return Multi.createFrom().iterable(failedByReason.entrySet())
                .onItem().transformToUniAndConcatenate(r -> items.markFailed(r.getValue(), r.getKey()))
                .collect().last()
                .chain(() -> items.markScored(byOutcome.get(false), false))
                .chain(() -> Multi.createFrom().iterable(byJob.entrySet())
                        .onItem().transformToUniAndConcatenate(job -> jobs.countVerdicts(job.getKey(),
                                job.getValue().size(),
                                (int) job.getValue().stream().filter(s -> byItem.get(s.id).failed()).count()))
                        .collect().last())
                .replaceWithVoid();
    }
}
