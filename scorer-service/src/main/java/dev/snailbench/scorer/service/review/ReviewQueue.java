package dev.snailbench.scorer.service.review;

import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultRepository;
import dev.snailbench.scorer.repository.Review;
import dev.snailbench.scorer.service.compare.Reason;
import dev.snailbench.scorer.service.report.FinishedJobs;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Manual review, as the SNAILS authors did it: the items whose automatic verdict a person should judge (the
 * relaxed or set comparator matched but the strict one did not, or the results differ only in order, duplicates,
 * column order, extra columns or float noise), and the reviewer's verdict with a note. Reviewed labels feed
 * {@code manualAccuracy} (the manual verdict where there is one, else the strict match).
 */
@ApplicationScoped
public class ReviewQueue {

    /** Strict reasons that say "the same answer, written differently": a person decides. */
    static final Set<String> UNCERTAIN = Set.of(
            Reason.ROW_ORDER_DIFFERS.name(),
            Reason.DUPLICATE_ROWS_DIFFER.name(),
            Reason.COLUMN_ORDER_DIFFERS.name(),
            Reason.EXTRA_COLUMNS.name(),
            Reason.NUMERIC_PRECISION_DIFFERS.name());

    private final ItemResultRepository results;
    private final FinishedJobs finished;

    public ReviewQueue(ItemResultRepository results, FinishedJobs finished) {
        this.results = results;
        this.finished = finished;
    }

    /** Whether a person should judge the item's verdict. */
    public static boolean uncertain(ItemResult r) {
        if (r.linkingOnly || r.failed || Boolean.TRUE.equals(r.strict.match)) {
            return false;
        }
        return Boolean.TRUE.equals(r.relaxed.match)
                || Boolean.TRUE.equals(r.set.match)
                || r.strict.reason != null && UNCERTAIN.contains(r.strict.reason);
    }

    /** The items to review among a job's results (not yet reviewed, unless {@code all}), in their order. */
    public static List<ItemResult> pending(List<ItemResult> items, boolean all) {
        return items.stream()
                .filter(ReviewQueue::uncertain)
                .filter(r -> all || r.review.verdict == null)
                .toList();
    }

    /**
     * Records a reviewer's verdict on one item of the tenant's job, named by its work-item id or by its question id
     * (what lists show: "question 554"). A question asked of several models, levels or databases has several items:
     * 409 listing them, to be named by work-item id; 404 when the job has neither.
     */
    public Uni<ItemResult> review(
            UUID jobId, String tenantId, String itemOrQuestion, boolean correct, String note, String reviewer) {
        return Panache.withTransaction(() -> find(jobId, tenantId, itemOrQuestion)
                        .map(r -> {
                            if (r.linkingOnly) {
                                throw new InvalidInput(
                                        "verdict",
                                        "verdict cannot be given: the item has no execution result to judge "
                                                + "(linking-only job)");
                            }
                            r.review = new Review(correct, note, reviewer, Instant.now());
                            return r;
                        }))
                // Committed: a finished job's reports are computed again, in the background.
                .invoke(() -> finished.changed(jobId, tenantId));
    }

    private Uni<ItemResult> find(UUID jobId, String tenantId, String itemOrQuestion) {
        UUID workItemId = uuidOrNull(itemOrQuestion);
        Uni<ItemResult> byId = workItemId == null
                ? Uni.createFrom().nullItem()
                : results.findById(workItemId)
                        .map(r -> r != null && r.jobId.equals(jobId) && r.tenantId.equals(tenantId) ? r : null);
        return byId.chain(item -> item != null
                ? Uni.createFrom().item(item)
                : results.forQuestion(jobId, tenantId, itemOrQuestion).map(items -> {
                    if (items.isEmpty()) {
                        throw new NotFound("no item or question " + itemOrQuestion + " in job " + jobId);
                    }
                    if (items.size() > 1) {
                        throw new Conflict("question " + itemOrQuestion + " has " + items.size() + " items in job "
                                + jobId + " (one per model, level and database): review one by its work-item id: "
                                + items.stream()
                                        .map(r -> r.workItemId + " (" + r.model + ", " + r.level + ", " + r.databaseKey
                                                + ")")
                                        .collect(Collectors.joining(", ")));
                    }
                    return items.get(0);
                }));
    }

    private static UUID uuidOrNull(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
