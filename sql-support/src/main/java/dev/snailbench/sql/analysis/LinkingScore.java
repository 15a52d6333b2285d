package dev.snailbench.sql.analysis;

import java.util.Set;
import java.util.TreeSet;

/**
 * SNAILS' query-level schema-linking scores over the union of table and column identifiers:
 * QueryRecall = |gold ∩ predicted| / |gold|, QueryPrecision = |gold ∩ predicted| / |predicted|, and their F1.
 * An empty side scores 1 when the other is empty too, else 0.
 */
public record LinkingScore(
        double queryRecall,
        double queryPrecision,
        double queryF1,
        Set<String> matched,
        Set<String> missing,
        Set<String> extra) {

    public static LinkingScore of(QueryIdentifiers gold, QueryIdentifiers predicted) {
        return of(gold.keys(), predicted.keys());
    }

    /** The same scores over two sets of {@link QueryIdentifiers#keys()}. */
    public static LinkingScore of(Set<String> g, Set<String> p) {
        Set<String> matched = new TreeSet<>(g);
        matched.retainAll(p);
        Set<String> missing = new TreeSet<>(g);
        missing.removeAll(p);
        Set<String> extra = new TreeSet<>(p);
        extra.removeAll(g);
        double recall = g.isEmpty() ? (p.isEmpty() ? 1 : 0) : (double) matched.size() / g.size();
        double precision = p.isEmpty() ? (g.isEmpty() ? 1 : 0) : (double) matched.size() / p.size();
        double f1 = recall + precision == 0 ? 0 : 2 * recall * precision / (recall + precision);
        return new LinkingScore(recall, precision, f1, matched, missing, extra);
    }

    /**
     * The SNAILS authors' scores ({@code schema_linking_eval.compare_query_schema_elements}): the same ratios, but a
     * side without identifiers divides by zero, which they score 0 (QueryRecall 0 when the gold has none,
     * QueryPrecision 0 when the prediction has none, even when both are empty).
     */
    public static LinkingScore snails(QueryIdentifiers gold, QueryIdentifiers predicted) {
        LinkingScore s = of(gold, predicted);
        double recall = gold.keys().isEmpty() ? 0 : s.queryRecall();
        double precision = predicted.keys().isEmpty() ? 0 : s.queryPrecision();
        double f1 = recall + precision == 0 ? 0 : 2 * recall * precision / (recall + precision);
        return new LinkingScore(recall, precision, f1, s.matched(), s.missing(), s.extra());
    }
}
