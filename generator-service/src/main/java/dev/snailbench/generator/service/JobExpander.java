package dev.snailbench.generator.service;

import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.Prediction;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.WorkItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/** Expands a job into its work items: questions × models × levels, with ids that depend only on the spec. */
public final class JobExpander {

    /** The single target database of a job; part of the work-item identity. */
    static final String DATABASE_KEY = "db";

    private JobExpander() {}

    public static List<WorkItem> expand(UUID jobId, JobSpec spec) {
        Map<String, String> recorded =
                spec.predictions().stream().collect(Collectors.toMap(Prediction::key, Prediction::predictedSql));
        int jobItems = spec.workItemCount();
        List<WorkItem> items = new ArrayList<>(jobItems);
        String variant = spec.teamSchema() == null || spec.teamSchema().variant() == null
                ? null
                : spec.teamSchema().variant().label();
        for (Question q : spec.questions()) {
            for (ModelRef model : spec.models()) {
                for (NaturalnessLevel level : spec.levels()) {
                    items.add(new WorkItem(
                            WorkItem.idFor(jobId, DATABASE_KEY, q.id(), model, level),
                            q.id(),
                            q.question(),
                            q.goldSql(),
                            spec.dialect(),
                            spec.database(),
                            model,
                            level,
                            spec.promptOptions(),
                            spec.schemaId(),
                            model.isReplay() ? recorded(recorded, q, level) : null,
                            spec.name(),
                            variant,
                            q.hardness(),
                            spec.evaluation(),
                            jobItems));
                }
            }
        }
        return items;
    }

    /** The prediction written at this level, else the one for every level. */
    private static String recorded(Map<String, String> recorded, Question q, NaturalnessLevel level) {
        String atLevel = recorded.get(Prediction.key(q.id(), level));
        return atLevel != null ? atLevel : recorded.get(Prediction.key(q.id(), null));
    }
}
