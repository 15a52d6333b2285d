package dev.snailbench.scorer;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.when;

import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultSql;
import dev.snailbench.scorer.repository.JobCancellations;
import dev.snailbench.scorer.repository.ResultsVersion;
import dev.snailbench.scorer.service.ItemScorer;
import dev.snailbench.scorer.service.report.JobReports;
import dev.snailbench.scorer.service.stats.JobProgress;
import dev.snailbench.testkit.InMemoryTenant;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-memory tenant's scored results for the in-memory tier: events scored by the real {@link ItemScorer} and kept
 * in a map, which the reads of the stored results answer from ({@link JobReports#results}, {@link JobReports#items},
 * {@link ItemResultSql#version}, {@link JobCancellations#find}, stubbed on the test's spy and mocks). Every report is
 * then the real {@link JobReports}'s; another tenant's job, or one with nothing stored, is a 404.
 */
public final class InMemoryResults {

    private final ItemScorer scorer;
    private final Map<UUID, List<ItemResult>> stored = new ConcurrentHashMap<>();
    private final Map<UUID, String> cancelled = new ConcurrentHashMap<>();

    /** Stubs the reads on {@code reports} (a spy), {@code sql} and {@code cancellations} (mocks). */
    public InMemoryResults(ItemScorer scorer, JobReports reports, ItemResultSql sql, JobCancellations cancellations) {
        this.scorer = scorer;
        doAnswer(call -> Uni.createFrom().item(() -> read(call.getArgument(0), call.getArgument(1))))
                .when(reports)
                .results(any(), any());
        doAnswer(call -> Uni.createFrom().item(() -> {
                    List<ItemResult> items = read(call.getArgument(0), call.getArgument(1));
                    String reason = cancelled.get((UUID) call.getArgument(0));
                    return new JobReports.JobItems(JobProgress.of(items, reason != null, reason), items);
                }))
                .when(reports)
                .items(any(), any());
        when(sql.version(any(), any()))
                .thenAnswer(call -> Uni.createFrom().item(() -> {
                    List<ItemResult> items = InMemoryTenant.TENANT.equals(call.getArgument(1))
                            ? stored.get((UUID) call.getArgument(0))
                            : null;
                    return items == null ? new ResultsVersion(0, "0") : ResultsVersion.of(items);
                }));
        when(cancellations.find(any(), any()))
                .thenAnswer(call -> Uni.createFrom()
                        .item(Optional.ofNullable(cancelled.get((UUID) call.getArgument(0)))
                                .map(JobCancellations.Cancelled::new)));
    }

    /** Scores the events and keeps them as the items of {@code job}, in the order given (question order). */
    public List<ItemResult> store(UUID job, List<ExecutionCompleted> events) {
        List<ItemResult> items = events.stream().map(scorer::score).toList();
        stored.put(job, items);
        return items;
    }

    /** The job's items as kept. */
    public List<ItemResult> items(UUID job) {
        return stored.get(job);
    }

    /** Marks the job cancelled by its tenant with this reason. */
    public void cancel(UUID job, String reason) {
        cancelled.put(job, reason);
    }

    private List<ItemResult> read(UUID job, String tenant) {
        List<ItemResult> items = InMemoryTenant.TENANT.equals(tenant) ? stored.get(job) : null;
        if (items == null) {
            throw new NotFound("no results for job " + job);
        }
        return items;
    }
}
