package dev.snailbench.executor.service.synthetic;

import dev.snailbench.model.domain.SyntheticSuite.Pair;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The seeds' shares of grouped, aggregated and plain queries, as quotas for the set and an order that keeps them. */
final class Strata {

    private Strata() {}

    /**
     * The pairs in an order where every prefix keeps the strata's shares of the whole (the next pair is taken from
     * the stratum furthest below its share so far), renumbered: a set that keeps only the first pairs (the
     * generator service asks for a few more than it keeps) keeps the shares too. Within a stratum the order of
     * generation stays.
     */
    static List<Pair> interleave(List<Pair> pairs, List<Stratum> strata) {
        Map<Stratum, ArrayDeque<Pair>> queues = new EnumMap<>(Stratum.class);
        for (int i = 0; i < pairs.size(); i++) {
            queues.computeIfAbsent(strata.get(i), k -> new ArrayDeque<>()).add(pairs.get(i));
        }
        Map<Stratum, Integer> taken = new EnumMap<>(Stratum.class);
        List<Pair> out = new ArrayList<>(pairs.size());
        while (out.size() < pairs.size()) {
            Stratum next = null;
            double lowest = Double.MAX_VALUE;
            for (Stratum s : Stratum.values()) {
                if (queues.containsKey(s) && !queues.get(s).isEmpty()) {
                    double ratio = taken.getOrDefault(s, 0)
                            / (double) (taken.getOrDefault(s, 0) + queues.get(s).size());
                    if (ratio < lowest) {
                        lowest = ratio;
                        next = s;
                    }
                }
            }
            Pair p = queues.get(next).poll();
            taken.merge(next, 1, Integer::sum);
            out.add(new Pair("syn-" + (out.size() + 1), p.templateId(), p.sql(), p.spoken(), p.expected()));
        }
        return List.copyOf(out);
    }

    /**
     * Pairs per stratum (rounded up): GROUP BY at its share among the seeds that run on the database ({@code
     * running}: a grouped seed that cannot run here gives no pair, so its share is out of reach), aggregation as a
     * whole (grouped or not) at its share among all seeds ({@code all}), the rest plain.
     */
    static Map<Stratum, Integer> quotas(Map<Stratum, Integer> all, Map<Stratum, Integer> running, int target) {
        int seeds = all.values().stream().mapToInt(Integer::intValue).sum();
        int ran = running.values().stream().mapToInt(Integer::intValue).sum();
        Map<Stratum, Integer> quota = new EnumMap<>(Stratum.class);
        if (seeds == 0 || ran == 0) {
            for (Stratum s : Stratum.values()) {
                quota.put(s, target);
            }
            return quota;
        }
        int grouped = (int) Math.ceil(target * (double) running.getOrDefault(Stratum.GROUPED, 0) / ran);
        int aggregated = (int) Math.ceil(target
                * (double) (all.getOrDefault(Stratum.GROUPED, 0) + all.getOrDefault(Stratum.AGGREGATED, 0))
                / seeds);
        quota.put(Stratum.GROUPED, grouped);
        quota.put(Stratum.AGGREGATED, Math.max(0, aggregated - grouped));
        quota.put(Stratum.PLAIN, (int) Math.ceil(target * (double) all.getOrDefault(Stratum.PLAIN, 0) / seeds));
        return quota;
    }

    /**
     * Whether a stratum has its share. Grouped queries aggregate too: what the grouped templates cannot fill of their
     * share, the aggregated ones may once {@code makingUp} (after the grouped templates had their turn), so the set
     * keeps at least the seeds' share of aggregation.
     */
    static boolean full(Stratum stratum, Map<Stratum, Integer> quota, Map<Stratum, Integer> filled, boolean makingUp) {
        int grouped = filled.getOrDefault(Stratum.GROUPED, 0);
        int aggregated = filled.getOrDefault(Stratum.AGGREGATED, 0);
        return switch (stratum) {
            case GROUPED -> grouped >= quota.get(Stratum.GROUPED);
            case AGGREGATED ->
                makingUp
                        ? aggregated + grouped >= quota.get(Stratum.AGGREGATED) + quota.get(Stratum.GROUPED)
                        : aggregated >= quota.get(Stratum.AGGREGATED);
            case PLAIN -> filled.getOrDefault(Stratum.PLAIN, 0) >= quota.get(Stratum.PLAIN);
        };
    }

    /**
     * The most pairs one template of {@code stratum} may give: the per-template cap, raised (up to three times) when
     * the stratum's few templates could not otherwise reach its quota, so that a stratum with fewer templates than
     * the others (GROUP BY seeds often share one template) still keeps the seeds' share.
     */
    static int cap(Stratum stratum, Map<Stratum, Integer> quota, Map<Stratum, Integer> templates, int maxPerTemplate) {
        int n = templates.getOrDefault(stratum, 0);
        if (n == 0) {
            return maxPerTemplate;
        }
        int needed = (int) Math.ceil(quota.get(stratum) / (double) n);
        return Math.min(3 * maxPerTemplate, Math.max(maxPerTemplate, needed));
    }

    /**
     * The most pairs one template of {@code stratum} may give in {@code pass} beyond {@link #cap}: in the first pass
     * a grouped template may give up to three times the cap while GROUP BY is below its share (grouped seeds share
     * few templates: the grouping and the rest of the query fixed, only the values they say vary); in the second,
     * a template of any stratum still below its share may (a stratum's templates differ in how many fillings the
     * data allows: an aggregate over a column of six values gives a few counts, a count per team two hundred, and
     * the productive ones make up what the others cannot); in the last, no template goes beyond {@link #cap} (0).
     */
    static int stretch(Stratum stratum, int pass, int maxPerTemplate) {
        return switch (pass) {
            case 0 -> stratum == Stratum.GROUPED ? 3 * maxPerTemplate : 0;
            case 1 -> 3 * maxPerTemplate;
            default -> 0;
        };
    }
}
