package dev.snailbench.scorer.service;

import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.EvaluationOptions.GoldScreening;
import dev.snailbench.model.domain.EvaluationOptions.Linking;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.FailureReasons;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ItemAbandoned;
import dev.snailbench.model.event.WorkItemEvent;
import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.service.compare.ComparableTable;
import dev.snailbench.scorer.service.compare.CompareOptions;
import dev.snailbench.scorer.service.compare.Comparison;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import dev.snailbench.scorer.service.compare.Tolerance;
import dev.snailbench.scorer.service.compare.Verdict;
import dev.snailbench.scorer.service.sql.SqlAnalysis;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns one ExecutionCompleted into a scored {@link ItemResult}: the failure reason when no comparison is
 * possible, else every comparator and metric, plus schema linking and hardness of the queries. Blocking
 * (parsing, comparing large results): run it on a worker thread.
 */
@ApplicationScoped
public class ItemScorer {

    /** How an item's result says that its gold's result depends on the plan. */
    public static final String GOLD_NONDETERMINISTIC = "gold nondeterministic: ";

    private final ResultComparisons comparisons;
    private final SqlAnalysis sql;
    private final CompareOptions.Factory options;
    private final int previewRows;

    public ItemScorer(ResultComparisons comparisons, SqlAnalysis sql, ScorerConfig config) {
        this.comparisons = comparisons;
        this.sql = sql;
        Tolerance tolerance = new Tolerance(config.absoluteTolerance(), config.relativeTolerance());
        this.options = orderBy -> new CompareOptions(orderBy, tolerance, config.nullsEqual());
        this.previewRows = config.previewRows();
    }

    public ItemResult score(ExecutionCompleted event) {
        WorkItem item = event.item();
        ItemResult r = result(event, item);
        SqlDialect dialect = dialectOf(item);
        if (event.inference() != null) {
            r.predictedSql = event.inference().predictedSql();
            r.inferenceError =
                    event.inference().succeeded() ? null : event.inference().error();
        }
        describe(event.gold(), true, r);
        describe(event.predicted(), false, r);
        r.resultPreview = ResultPreview.json(event.gold(), event.predicted(), previewRows);

        EvaluationOptions evaluation = item == null ? EvaluationOptions.DEFAULT : item.evaluation();
        r.linking = evaluation.linking().id();
        r.goldScreening = evaluation.goldScreening().id();
        boolean unstableGold = evaluation.goldScreening() != GoldScreening.OFF && event.goldNondeterministic() != null;
        if (unstableGold) {
            r.goldNondeterministic = GOLD_NONDETERMINISTIC + event.goldNondeterministic();
            r.excludedFromAccuracy = evaluation.goldScreening() == GoldScreening.EXCLUDE;
        }
        // The executor's reading of the texts, from the trees its guard parsed; SNAILS' conventions read other trees.
        SqlAnalysis.ItemAnalysis analysis = event.sql() != null && evaluation.linking() == Linking.PLATFORM
                ? SqlAnalysis.analyse(event.sql())
                : sql.analyse(r.goldSql, r.predictedSql, dialect, evaluation.linking());
        r.orderBy = analysis.goldOrderBy();
        r.hardness = analysis.hardness();
        r.linkingScores.recall = analysis.queryRecall();
        r.linkingScores.precision = analysis.queryPrecision();
        r.linkingScores.f1 = analysis.queryF1();
        r.linkingScores.error = analysis.error();
        r.linkingScores.method = analysis.linkingMethod();
        r.multipleStatements = analysis.multipleStatements();
        r.goldIdentifiers = lines(analysis.goldIdentifiers());
        r.predictedIdentifiers = lines(analysis.predictedIdentifiers());

        if (item != null && item.database() == null) {
            // A linking-only job: no result to compare, and that is not a failure. Only an inference failure is.
            r.linkingOnly = true;
            boolean inferred = event.inference() == null || event.inference().succeeded();
            r.failed = !inferred;
            r.reason = inferred
                    ? "execution not run (linking-only job)"
                    : "inference failed: " + oneLine(event.inference().error());
            return r;
        }
        String failure = failure(event);
        if (failure != null) {
            return failed(r, failure);
        }
        // A gold whose result depends on the plan is compared tie-aware: any order of its rows, float noise allowed.
        CompareOptions compareOptions =
                unstableGold ? CompareOptions.tieAware(options.of(r.orderBy)) : options.of(r.orderBy);
        Comparison c = comparisons.compare(
                ComparableTable.of(event.gold()), ComparableTable.of(event.predicted()), compareOptions);
        apply(c, r);
        return r;
    }

    /**
     * The failed verdict of an item that could not be scored (dead-lettered by a hop, or abandoned by the job
     * watchdog): what is known of the item, and why there is no comparison.
     */
    public ItemResult abandoned(ItemAbandoned event) {
        ItemResult r = result(event, event.item());
        return failed(r, "could not be scored: " + oneLine(event.reason()));
    }

    /** A result scored now with what is known of the event's item (only its ids when the event carries none). */
    private static ItemResult result(WorkItemEvent event, WorkItem item) {
        ItemResult r = new ItemResult();
        r.workItemId = event.workItemId();
        r.jobId = event.jobId();
        r.tenantId = event.tenantId();
        r.scoredAt = Instant.now();
        if (item != null) {
            r.questionId = item.questionId();
            r.model = item.model() == null ? null : item.model().label();
            r.databaseKey = databaseKey(item);
            r.level = item.level() == null ? null : item.level().label();
            r.dialect = dialectOf(item).id();
            r.question = item.question();
            r.goldSql = item.goldSql();
            r.jobName = item.jobName();
            r.jobItems = item.jobItems();
            r.labelledHardness = item.labelledHardness();
        }
        return r;
    }

    /** The item's dialect; PostgreSQL when the event does not say. */
    private static SqlDialect dialectOf(WorkItem item) {
        return item == null || item.dialect() == null ? SqlDialect.POSTGRESQL : item.dialect();
    }

    /** A failed verdict: no comparator matched, for this reason. */
    private static ItemResult failed(ItemResult r, String reason) {
        r.failed = true;
        r.reason = reason;
        r.strict.match = false;
        r.set.match = false;
        r.relaxed.match = false;
        return r;
    }

    static void apply(Comparison c, ItemResult r) {
        r.strict.match = c.strict().match();
        r.strict.reason = c.strict().reason().name();
        r.strict.detail = c.strict().detail();
        r.set.match = c.set().match();
        r.set.reason = c.set().reason().name();
        r.set.detail = c.set().detail();
        r.relaxed.match = c.relaxed().match();
        r.relaxed.reason = c.relaxed().reason().name();
        r.relaxed.detail = c.relaxed().detail();
        r.reason = reasonOf(c.strict());
        r.qatch.cellPrecision = c.cellPrecision();
        r.qatch.cellRecall = c.cellRecall();
        r.qatch.tupleCardinality = c.tupleCardinality();
        r.qatch.tupleConstraint = c.tupleConstraint();
        r.qatch.tupleOrder = c.tupleOrder();
        r.qatch.executionAccuracy = c.qatchExecutionAccuracy();
        r.qatch.validEfficiencyScore = c.validEfficiencyScore();
        r.rewardBasedEfficiencyScore = c.rewardBasedEfficiencyScore();
        r.softF1 = c.softF1();
    }

    private static String reasonOf(Verdict strict) {
        return strict.text();
    }

    /**
     * Which side(s) prevented a comparison, each with its status, SQLSTATE and the database's message on one line
     * ({@link FailureReasons#oneLine}); null when both results are there.
     */
    static String failure(ExecutionCompleted event) {
        List<String> parts = new ArrayList<>();
        ExecutionOutcome gold = event.gold();
        if (gold == null) {
            parts.add("gold failed: no gold result");
        } else if (!gold.ok()) {
            parts.add("gold failed: " + outcomeError(gold));
        }
        if (event.inference() != null && !event.inference().succeeded()) {
            parts.add("inference failed: " + oneLine(event.inference().error()));
        } else {
            ExecutionOutcome predicted = event.predicted();
            if (predicted == null) {
                parts.add("predicted failed: no predicted result");
            } else if (!predicted.ok()) {
                parts.add("predicted failed: " + outcomeError(predicted));
            }
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    private static String outcomeError(ExecutionOutcome o) {
        StringBuilder sb = new StringBuilder(o.status().name());
        if (o.sqlState() != null && !o.sqlState().isBlank()) {
            sb.append(' ').append(o.sqlState());
        }
        if (o.error() != null && !o.error().isBlank()) {
            sb.append(' ').append(FailureReasons.oneLine(o.error()));
        }
        return sb.toString();
    }

    private static String nonNull(String s) {
        return s == null ? "no error message" : s;
    }

    private static String oneLine(String s) {
        return s == null || s.isBlank() ? "no error message" : FailureReasons.oneLine(s);
    }

    private static void describe(ExecutionOutcome o, boolean gold, ItemResult r) {
        if (o == null) {
            return;
        }
        String status = o.status() == null ? null : o.status().name();
        String error = o.ok() ? null : (o.sqlState() == null ? "" : o.sqlState() + " ") + nonNull(o.error());
        Integer rows = o.ok() ? o.rows().size() : null;
        if (gold) {
            r.gold.status = status;
            r.gold.error = error;
            r.gold.rows = rows;
            r.gold.seconds = o.elapsedSeconds();
        } else {
            r.predicted.status = status;
            r.predicted.error = error;
            r.predicted.rows = rows;
            r.predicted.seconds = o.elapsedSeconds();
        }
    }

    private static String lines(Set<String> keys) {
        return keys == null ? null : String.join("\n", keys);
    }

    /**
     * The database, and the schema variant the item was asked on after a {@code #} when it was asked on one
     * ({@code <databaseId>#injected seed=1 rate=0.1}), so results and reports tell the variants apart.
     */
    static String databaseKey(WorkItem item) {
        String variant = item.schemaVariant() == null ? "" : "#" + item.schemaVariant();
        if (item.schemaId() != null) {
            return item.schemaId() + variant;
        }
        if (item.database() == null) {
            return null;
        }
        // A registered database by the name its team gave it (a job runs on one database, so names cannot merge
        // two of them in one job's groups); its id where the event carries no name (older jobs).
        String database = item.database().name() != null
                ? item.database().name()
                : item.database().databaseId() != null
                        ? item.database().databaseId()
                        : item.database().jdbcUrl();
        return database + variant;
    }
}
