package dev.snailbench.scorer.service.stats;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.snailbench.model.domain.FailureReasons;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.Question;
import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.scorer.repository.ItemResult;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;

/**
 * A job's statistics: where the job stands ({@link JobProgress}); per group (overall; by model, database,
 * naturalness level, model and level, hardness computed and labelled; and by model, database, level and computed
 * hardness together) counts, failure reasons and the mean of every metric with a 95% bootstrap interval; the failure
 * reasons of its items, grouped as {@link FailureReasons#group} does; IdentifierRecall per gold identifier; and SNAILS'
 * Kendall tau-b between query naturalness and correctness / QueryRecall per model.
 * <p>
 * Items whose gold query failed say nothing about the model: they are counted ({@code goldFailed}) but left out
 * of every mean. A failed prediction (inference or execution) counts as 0 for the result metrics.
 */
@ApplicationScoped
public class JobStatistics {

    /** Metric name → how to read it from an item (null = not applicable). */
    static final Map<String, Function<ItemResult, Double>> METRICS = new LinkedHashMap<>();

    static {
        METRICS.put("executionAccuracy", r -> bool(r.strict.match));
        // SNAILS' manual accuracy: a reviewer's verdict where there is one, else the strict comparator's.
        METRICS.put("manualAccuracy", r -> r.review.verdict != null ? bool(r.review.verdict) : bool(r.strict.match));
        METRICS.put("setAccuracy", r -> bool(r.set.match));
        METRICS.put("relaxedAccuracy", r -> bool(r.relaxed.match));
        METRICS.put("qatchExecutionAccuracy", r -> resultMetric(r, r.qatch.executionAccuracy));
        METRICS.put("cellPrecision", r -> resultMetric(r, r.qatch.cellPrecision));
        METRICS.put("cellRecall", r -> resultMetric(r, r.qatch.cellRecall));
        METRICS.put("tupleCardinality", r -> resultMetric(r, r.qatch.tupleCardinality));
        METRICS.put("tupleConstraint", r -> resultMetric(r, r.qatch.tupleConstraint));
        // Boxed on purpose: "? 0.0 : value" would unbox a null value and throw.
        METRICS.put("tupleOrder", r -> r.failed ? (r.orderBy ? Double.valueOf(0.0) : null) : r.qatch.tupleOrder);
        METRICS.put("validEfficiencyScore", r -> r.failed ? Double.valueOf(0.0) : r.qatch.validEfficiencyScore);
        METRICS.put("rewardBasedEfficiencyScore", r -> r.failed ? Double.valueOf(0.0) : r.rewardBasedEfficiencyScore);
        METRICS.put("softF1", r -> resultMetric(r, r.softF1));
        METRICS.put("queryRecall", r -> r.linkingScores.recall);
        METRICS.put("queryPrecision", r -> r.linkingScores.precision);
        METRICS.put("queryF1", r -> r.linkingScores.f1);
    }

    /** The metrics that need no execution (linking-only jobs have these only). */
    static final Set<String> LINKING_METRICS = Set.of("queryRecall", "queryPrecision", "queryF1");

    private final int resamples;
    private final NaturalnessLookup naturalness;

    public JobStatistics(ScorerConfig config, NaturalnessLookup naturalness) {
        this.resamples = config.bootstrapResamples();
        this.naturalness = naturalness;
    }

    public record Estimate(double mean, double ciLow, double ciHigh, int n) {}

    /**
     * {@code multipleStatements}: items whose predicted SQL holds several statements (linked over all of them);
     * {@code reviewed}: items a person gave a verdict ({@code manualAccuracy} takes theirs).
     */
    public record Group(
            Map<String, String> key,
            int items,
            int scored,
            int goldFailed,
            int predictionFailed,
            Map<String, Estimate> metrics,
            Map<String, Long> reasons,
            int multipleStatements,
            int reviewed) {}

    /** A failure reason (one line: its side, status, SQLSTATE and message) and how many items failed for it. */
    public record ReasonCount(String reason, long count) {}

    public record IdentifierRecall(String identifier, int goldOccurrences, int matches, double recall) {}

    public record Correlation(String model, String measure, String outcome, Double tauB, Double pValue, int n) {}

    /**
     * {@code job}: where the job stands, first (a running job's figures will change); {@code failureReasons}: every
     * reason its items failed for, commonest first (ties by reason); {@code byModelAndLevel}: the headline of a
     * naturalness experiment; {@code byHardness} groups by the hardness computed from the gold SQL,
     * {@code byLabelledHardness} by the dataset's own label of the question (empty when no item carries one);
     * {@code hardnessAgreement} compares them.
     */
    @JsonPropertyOrder({"job", "jobId", "overall", "failureReasons", "byModel", "byLevel", "byModelAndLevel"})
    public record Summary(
            JobProgress job,
            UUID jobId,
            Group overall,
            List<ReasonCount> failureReasons,
            List<Group> byModel,
            List<Group> byLevel,
            List<Group> byModelAndLevel,
            List<Group> byDatabase,
            List<Group> byHardness,
            List<Group> byLabelledHardness,
            HardnessAgreement hardnessAgreement,
            List<Group> byModelDatabaseLevelHardness,
            List<IdentifierRecall> identifierRecall,
            List<Correlation> naturalnessCorrelations,
            String method,
            GoldScreeningSummary goldScreening) {}

    static final String METHOD = "Means over items whose gold query ran; failed predictions count as 0. "
            + "95% CI: percentile bootstrap (seeded). Kendall tau-b with a two-sided p-value from the normal "
            + "approximation (tie-corrected variance).";

    /** The summary of a job's scored items; {@code job} says where the job stands. */
    public Summary summarize(UUID jobId, JobProgress job, List<ItemResult> items) {
        Group overall = group(Map.of(), items);
        return new Summary(
                job,
                jobId,
                overall,
                failureReasons(items),
                groups(items, "model", r -> r.model),
                groups(items, "level", r -> r.level),
                modelAndLevelGroups(items),
                groups(items, "database", r -> r.databaseKey),
                groups(items, "hardness", r -> r.hardness),
                items.stream().anyMatch(r -> r.labelledHardness != null)
                        ? groups(items, "labelledHardness", r -> r.labelledHardness)
                        : List.of(),
                HardnessAgreement.of(items),
                crossGroups(items),
                identifierRecall(items),
                correlations(items),
                METHOD,
                GoldScreeningSummary.of(items));
    }

    private List<Group> groups(List<ItemResult> items, String name, Function<ItemResult, String> key) {
        Map<String, List<ItemResult>> by = new TreeMap<>(valueOrder(name));
        for (ItemResult r : items) {
            by.computeIfAbsent(String.valueOf(key.apply(r)), k -> new ArrayList<>())
                    .add(r);
        }
        List<Group> out = new ArrayList<>();
        by.forEach((k, list) -> out.add(group(Map.of(name, k), list)));
        return out;
    }

    /** Every failed item's reason grouped by {@link FailureReasons#group}, commonest first, ties by reason. */
    static List<ReasonCount> failureReasons(List<ItemResult> items) {
        Map<String, Long> counts = new TreeMap<>();
        for (ItemResult r : items) {
            if (r.failed) {
                counts.merge(
                        r.reason == null || r.reason.isBlank() ? "no reason recorded" : FailureReasons.group(r.reason),
                        1L,
                        Long::sum);
            }
        }
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> new ReasonCount(e.getKey(), e.getValue()))
                .toList();
    }

    /** Per model and naturalness level: models alphabetically, levels from most to least natural. */
    private List<Group> modelAndLevelGroups(List<ItemResult> items) {
        Map<List<String>, List<ItemResult>> by = new TreeMap<>(Comparator.<List<String>, String>comparing(k -> k.get(0))
                .thenComparing(k -> k.get(1), valueOrder("level")));
        for (ItemResult r : items) {
            by.computeIfAbsent(List.of(String.valueOf(r.model), String.valueOf(r.level)), k -> new ArrayList<>())
                    .add(r);
        }
        List<Group> out = new ArrayList<>();
        by.forEach((k, list) -> {
            Map<String, String> key = new LinkedHashMap<>();
            key.put("model", k.get(0));
            key.put("level", k.get(1));
            out.add(group(key, list));
        });
        return out;
    }

    private List<Group> crossGroups(List<ItemResult> items) {
        Map<List<String>, List<ItemResult>> by = new TreeMap<>(Comparator.<List<String>, String>comparing(k -> k.get(0))
                .thenComparing(k -> k.get(1))
                .thenComparing(k -> k.get(2), valueOrder("level"))
                .thenComparing(k -> k.get(3), valueOrder("hardness")));
        for (ItemResult r : items) {
            by.computeIfAbsent(
                            List.of(
                                    String.valueOf(r.model),
                                    String.valueOf(r.databaseKey),
                                    String.valueOf(r.level),
                                    String.valueOf(r.hardness)),
                            k -> new ArrayList<>())
                    .add(r);
        }
        List<Group> out = new ArrayList<>();
        by.forEach((k, list) -> {
            Map<String, String> key = new LinkedHashMap<>();
            key.put("model", k.get(0));
            key.put("database", k.get(1));
            key.put("level", k.get(2));
            key.put("hardness", k.get(3));
            out.add(group(key, list));
        });
        return out;
    }

    /** Readers expect levels from most to least natural and hardness from easy to extra, not alphabetical order. */
    private static final Map<String, List<String>> ORDERED_VALUES = Map.of(
            "level", List.of("Native", "Regular", "Low", "Least"),
            "hardness", Question.HARDNESS_LABELS,
            "labelledHardness", Question.HARDNESS_LABELS);

    /** The order of a grouping's values: the known ones in their natural order, then any other alphabetically. */
    static Comparator<String> valueOrder(String grouping) {
        List<String> known = ORDERED_VALUES.getOrDefault(grouping, List.of());
        return Comparator.<String>comparingInt(v -> known.contains(v) ? known.indexOf(v) : known.size())
                .thenComparing(Comparator.naturalOrder());
    }

    Group group(Map<String, String> key, List<ItemResult> items) {
        int goldFailed = 0;
        int predictionFailed = 0;
        int multipleStatements = 0;
        int reviewed = 0;
        Map<String, Long> reasons = new TreeMap<>();
        List<ItemResult> scored = new ArrayList<>();
        for (ItemResult r : items) {
            reasons.merge(reasonCategory(r), 1L, Long::sum);
            multipleStatements += Boolean.TRUE.equals(r.multipleStatements) ? 1 : 0;
            reviewed += r.review.verdict != null ? 1 : 0;
            if (!r.linkingOnly && (r.gold.status == null || !"OK".equals(r.gold.status))) {
                goldFailed++;
                continue;
            }
            if (r.failed) {
                predictionFailed++;
            }
            scored.add(r);
        }
        Map<String, Estimate> metrics = new LinkedHashMap<>();
        for (Map.Entry<String, Function<ItemResult, Double>> m : METRICS.entrySet()) {
            boolean linking = LINKING_METRICS.contains(m.getKey());
            // Linking-only items have no result: they count for the linking metrics only.
            // Items whose unstable gold the job excludes (goldScreening: exclude) count for linking only, too.
            double[] values = scored.stream()
                    .filter(r -> linking || !r.linkingOnly && !excluded(r))
                    .map(m.getValue())
                    .filter(v -> v != null && !v.isNaN())
                    .mapToDouble(Double::doubleValue)
                    .sorted()
                    .toArray();
            if (values.length > 0) {
                // Seeded by the values themselves (sorted), not by the group's name: groups of the same items (the
                // overall group, the one model, the one database) get the same interval.
                long seed = Arrays.hashCode(values) * 31L + m.getKey().hashCode();
                Bootstrap.Estimate e = Bootstrap.mean(values, resamples, seed);
                metrics.put(m.getKey(), new Estimate(e.mean(), e.low(), e.high(), e.n()));
            }
        }
        return new Group(
                key,
                items.size(),
                scored.size(),
                goldFailed,
                predictionFailed,
                metrics,
                reasons,
                multipleStatements,
                reviewed);
    }

    private static boolean excluded(ItemResult r) {
        return Boolean.TRUE.equals(r.excludedFromAccuracy);
    }

    /** The gold ran, or the job is linking-only (the gold is then read, not run). */
    private static boolean goldUsable(ItemResult r) {
        return r.linkingOnly || "OK".equals(r.gold.status);
    }

    /** "gold failed", "predicted failed", "inference failed", or the strict comparator's reason code. */
    public static String reasonCategory(ItemResult r) {
        if (r.failed && r.reason != null) {
            int colon = r.reason.indexOf(':');
            return colon > 0 ? r.reason.substring(0, colon) : r.reason;
        }
        return r.strict.reason == null ? "unknown" : r.strict.reason;
    }

    private static List<IdentifierRecall> identifierRecall(List<ItemResult> items) {
        Map<String, int[]> counts = new TreeMap<>();
        for (ItemResult r : items) {
            if (r.goldIdentifiers == null || r.goldIdentifiers.isEmpty() || !goldUsable(r)) {
                continue;
            }
            List<String> predicted =
                    r.predictedIdentifiers == null ? List.of() : Arrays.asList(r.predictedIdentifiers.split("\n"));
            for (String id : r.goldIdentifiers.split("\n")) {
                int[] c = counts.computeIfAbsent(id, k -> new int[2]);
                c[0]++;
                if (predicted.contains(id)) {
                    c[1]++;
                }
            }
        }
        List<IdentifierRecall> out = new ArrayList<>();
        counts.forEach((id, c) -> out.add(new IdentifierRecall(id, c[0], c[1], (double) c[1] / c[0])));
        return out;
    }

    /**
     * Per model: Kendall tau-b between the query's naturalness (combined: Regular 1, Low 0.5, Least 0; and the
     * shares of Regular / Low / Least identifiers) and correctness (strict) or QueryRecall. Only items whose
     * identifiers have known levels take part (SNAILS databases, or a level other than Native).
     */
    private List<Correlation> correlations(List<ItemResult> items) {
        Map<String, List<double[]>> byModel = new TreeMap<>();
        for (ItemResult r : items) {
            if (!goldUsable(r)) {
                continue;
            }
            Optional<double[]> shares = naturalness(r);
            if (shares.isEmpty()) {
                continue;
            }
            double[] s = shares.get();
            // A linking-only item has no correctness: it takes part in the QueryRecall correlations only.
            double correct = r.linkingOnly ? Double.NaN : Boolean.TRUE.equals(r.strict.match) ? 1 : 0;
            double recall = r.linkingScores.recall == null ? Double.NaN : r.linkingScores.recall;
            byModel.computeIfAbsent(String.valueOf(r.model), k -> new ArrayList<>())
                    .add(new double[] {s[0], s[1], s[2], s[3], correct, recall});
        }
        String[] measures = {"combinedNaturalness", "shareRegular", "shareLow", "shareLeast"};
        String[] outcomes = {"executionAccuracy", "queryRecall"};
        List<Correlation> out = new ArrayList<>();
        byModel.forEach((model, rows) -> {
            for (int m = 0; m < measures.length; m++) {
                for (int o = 0; o < outcomes.length; o++) {
                    int mi = m;
                    int oi = 4 + o;
                    List<double[]> usable =
                            rows.stream().filter(x -> !Double.isNaN(x[oi])).toList();
                    double[] x = usable.stream().mapToDouble(v -> v[mi]).toArray();
                    double[] y = usable.stream().mapToDouble(v -> v[oi]).toArray();
                    KendallTau.Result k = KendallTau.of(x, y);
                    out.add(new Correlation(
                            model, measures[m], outcomes[o], finite(k.tau()), finite(k.pValue()), k.n()));
                }
            }
        });
        return out;
    }

    /** [combined, share Regular, share Low, share Least] of the gold query's identifiers, when known. */
    Optional<double[]> naturalness(ItemResult r) {
        NaturalnessLevel level;
        try {
            level = r.level == null ? NaturalnessLevel.NATIVE : NaturalnessLevel.fromLabel(r.level);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (level != NaturalnessLevel.NATIVE) {
            double[] s = new double[4];
            s[0] = level.weight();
            s[level == NaturalnessLevel.REGULAR ? 1 : level == NaturalnessLevel.LOW ? 2 : 3] = 1;
            return Optional.of(s);
        }
        if (r.goldIdentifiers == null || r.goldIdentifiers.isEmpty()) {
            return Optional.empty();
        }
        Optional<Map<String, NaturalnessLevel>> levels = naturalness.levels(r.databaseKey);
        if (levels.isEmpty()) {
            return Optional.empty();
        }
        Map<NaturalnessLevel, Integer> counts = new HashMap<>();
        int known = 0;
        for (String key : r.goldIdentifiers.split("\n")) {
            NaturalnessLevel l = levels.get().get(key.substring(2).toLowerCase(Locale.ROOT));
            if (l != null && l != NaturalnessLevel.NATIVE) {
                counts.merge(l, 1, Integer::sum);
                known++;
            }
        }
        if (known == 0) {
            return Optional.empty();
        }
        double reg = counts.getOrDefault(NaturalnessLevel.REGULAR, 0) / (double) known;
        double low = counts.getOrDefault(NaturalnessLevel.LOW, 0) / (double) known;
        double least = counts.getOrDefault(NaturalnessLevel.LEAST, 0) / (double) known;
        return Optional.of(new double[] {reg + 0.5 * low, reg, low, least});
    }

    /** Null instead of NaN: JSON has no NaN, and "undefined" (constant series) is what it means. */
    private static Double finite(double d) {
        return Double.isNaN(d) ? null : d;
    }

    private static Double bool(Boolean b) {
        return Boolean.TRUE.equals(b) ? 1.0 : 0.0;
    }

    private static Double resultMetric(ItemResult r, Double value) {
        return r.failed ? Double.valueOf(0.0) : value;
    }
}
