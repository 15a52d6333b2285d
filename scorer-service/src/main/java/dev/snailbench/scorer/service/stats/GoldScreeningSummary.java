package dev.snailbench.scorer.service.stats;

import dev.snailbench.scorer.repository.ItemResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Gold screening of a job: how many of its distinct gold queries (per database) were found nondeterministic, which
 * ones and why, how many items carry such a gold, and how many the job left out of the accuracy
 * ({@code goldScreening: exclude}). {@code mode} is the job's screening ({@code off}, {@code flag}, {@code exclude};
 * null for items scored before screening existed).
 */
public record GoldScreeningSummary(
        String mode, int unstableGolds, int flaggedItems, int excludedItems, List<UnstableGold> golds) {

    /** One nondeterministic gold: a question of one database, and why. */
    public record UnstableGold(String questionId, String database, String why) {}

    public static GoldScreeningSummary of(List<ItemResult> items) {
        Set<String> modes = new LinkedHashSet<>();
        Map<String, UnstableGold> golds = new TreeMap<>();
        int flagged = 0;
        int excluded = 0;
        for (ItemResult r : items) {
            if (r.goldScreening != null) {
                modes.add(r.goldScreening);
            }
            if (r.goldNondeterministic == null) {
                continue;
            }
            flagged++;
            excluded += Boolean.TRUE.equals(r.excludedFromAccuracy) ? 1 : 0;
            golds.putIfAbsent(
                    r.databaseKey + "\n" + r.questionId,
                    new UnstableGold(r.questionId, r.databaseKey, r.goldNondeterministic));
        }
        String mode = modes.isEmpty() ? null : String.join(",", modes);
        return new GoldScreeningSummary(mode, golds.size(), flagged, excluded, new ArrayList<>(golds.values()));
    }
}
