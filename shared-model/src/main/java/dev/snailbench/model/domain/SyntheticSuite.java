package dev.snailbench.model.domain;

import java.util.List;
import java.util.Map;

/**
 * Synthetic ⟨SQL, expected result⟩ pairs made on a team's database from a few seed ⟨question, SQL⟩ pairs (the
 * ScienceBenchmark pipeline's SQL side, run by the executor): the seeds' templates, the filled queries that ran
 * and returned rows, and what was dropped on the way. Questions are written afterwards from the templates' frames.
 */
public record SyntheticSuite(List<Template> templates, List<Pair> pairs, Counts counts) {

    /** A hand-written seed pair. */
    public record Seed(String question, String sql) {}

    /**
     * What to generate.
     *
     * @param target          pairs wanted (generation stops there)
     * @param maxPerTemplate  most pairs from one template, so that a few templates cannot fill the set (up to three
     *                        times as many in a stratum — grouped, aggregated, plain — of too few templates for the
     *                        seeds' share of it)
     * @param maxResultRows   larger results are dropped (a question is for a readable answer)
     * @param timeBudgetSeconds generation stops after this long with what it has
     */
    public record Options(
            List<Seed> seeds,
            long seed,
            int target,
            int maxPerTemplate,
            int maxResultRows,
            int queryTimeoutSeconds,
            int timeBudgetSeconds) {}

    /** How one seed's question says each slot of its template (same order as the template's slots). */
    public record Frame(int seedIndex, String question, List<String> spoken) {}

    /**
     * A template: the seed SQL with slots; {@code slotKinds} are VALUE, MEASURE, PROJECTION, AGGREGATE or GROUP;
     * {@code frames} are
     * the seeds it came from (several seeds can share one template, each a way to ask it).
     */
    public record Template(String id, String text, List<String> slotKinds, List<Frame> frames) {}

    /** A filled query that ran and returned rows; {@code spoken} says each slot's new value as a question would. */
    public record Pair(String id, String templateId, String sql, List<String> spoken, QatchSuite.TextTable expected) {}

    /**
     * @param unknownTables templates naming a table the schema does not have (dropped)
     * @param failingSeeds  seeds whose query itself fails on the database (dropped before filling)
     * @param sameAsSeed    filled queries equal to a seed query (dropped: not synthetic)
     * @param droppedForSize pairs that ran but did not fit in one answer event (the last ones generated)
     * @param failures      the first reasons of failed queries, for a reader to judge
     * @param refused       candidate fillings refused by each meaningfulness check, by check: {@code frame} (a
     *                      swapped column whose words do not fit the seed question's frame), {@code duplicateColumn}
     *                      (a column returned twice or one the query already names), {@code tautology} (a predicate
     *                      true or false by construction or on the data), {@code emptyChange} (equal to a seed after
     *                      normalisation, or the same result as the template's seed), {@code resultShape} (not the
     *                      seed result's shape: one row, a top-N, a cut between rows the ORDER BY tells apart),
     *                      {@code likeFragment} (a LIKE value not of the seed value's kind), {@code distinctValues}
     *                      (two value slots drawing one value); and seeds flagged and not multiplied:
     *                      {@code goldScreening} (a LIMIT that keeps some of tied rows), {@code answerShape} (a result
     *                      not of the kind its question asks for), {@code seedMeaning} (SQL that does not mean what
     *                      its question asks: a value, year, column or counted thing one of them names and the
     *                      other does not), {@code unaskedReturn} (a returned column its question does not ask for),
     *                      {@code flagReading} (one of two flags of one word chosen where its question names
     *                      neither's table); and seeds rewritten before they are multiplied: {@code rowsPerKey} (a
     *                      count of rows of a table that tells each event in several rows, every counted event with
     *                      all of them, made COUNT(DISTINCT key)), {@code distinctAdded} (a who/which list, or a
     *                      list of names through a join, given DISTINCT)
     * @param seedRefusals  why each seed that gave no template was left out ({@code seed 2: ...}, numbered from 1;
     *                      null in older answers)
     */
    public record Counts(
            int seeds,
            int unparsed,
            int withoutSlots,
            int unknownTables,
            int failingSeeds,
            int templates,
            int candidates,
            int failed,
            int timedOut,
            int empty,
            int tooLarge,
            int duplicateSql,
            int duplicateResult,
            int sameAsSeed,
            int droppedForSize,
            boolean budgetReached,
            List<String> failures,
            Map<String, Integer> refused,
            List<String> seedRefusals) {

        /** Counts that name no seed's refusal. */
        public Counts(
                int seeds,
                int unparsed,
                int withoutSlots,
                int unknownTables,
                int failingSeeds,
                int templates,
                int candidates,
                int failed,
                int timedOut,
                int empty,
                int tooLarge,
                int duplicateSql,
                int duplicateResult,
                int sameAsSeed,
                int droppedForSize,
                boolean budgetReached,
                List<String> failures,
                Map<String, Integer> refused) {
            this(
                    seeds,
                    unparsed,
                    withoutSlots,
                    unknownTables,
                    failingSeeds,
                    templates,
                    candidates,
                    failed,
                    timedOut,
                    empty,
                    tooLarge,
                    duplicateSql,
                    duplicateResult,
                    sameAsSeed,
                    droppedForSize,
                    budgetReached,
                    failures,
                    refused,
                    null);
        }
    }

    /** The suite without its last {@code n} pairs, counted as dropped for size. */
    public SyntheticSuite withoutLast(int n) {
        Counts c = counts;
        return new SyntheticSuite(
                templates,
                List.copyOf(pairs.subList(0, Math.max(0, pairs.size() - n))),
                new Counts(
                        c.seeds(),
                        c.unparsed(),
                        c.withoutSlots(),
                        c.unknownTables(),
                        c.failingSeeds(),
                        c.templates(),
                        c.candidates(),
                        c.failed(),
                        c.timedOut(),
                        c.empty(),
                        c.tooLarge(),
                        c.duplicateSql(),
                        c.duplicateResult(),
                        c.sameAsSeed(),
                        c.droppedForSize() + Math.min(n, pairs.size()),
                        c.budgetReached(),
                        c.failures(),
                        c.refused(),
                        c.seedRefusals()));
    }
}
