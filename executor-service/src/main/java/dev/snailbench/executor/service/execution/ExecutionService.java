package dev.snailbench.executor.service.execution;

import dev.snailbench.executor.config.ExecutorBeans;
import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.service.ExecutionLimits;
import dev.snailbench.executor.service.GoldCache;
import dev.snailbench.executor.service.SqlExecutor;
import dev.snailbench.executor.service.screening.GoldScreener;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.ItemFacts;
import dev.snailbench.sql.guard.SqlGuard;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;
import net.sf.jsqlparser.statement.select.Select;
import org.jboss.logging.Logger;

/**
 * Runs a request's gold and predicted SQL (in parallel, on the JDBC worker pool) and builds the
 * {@link ExecutionCompleted}, with what the scorer reads from the two texts. Every failure becomes an outcome: the
 * item always reaches the scorer.
 */
@ApplicationScoped
public class ExecutionService {

    private static final Logger LOG = Logger.getLogger(ExecutionService.class);

    private final SqlExecutor executor;
    private final GoldCache goldCache;
    private final ExecutorConfig config;
    private final ExecutorService workers;
    private final GoldScreener screener;
    private final SqlParser parser;

    public ExecutionService(
            SqlExecutor executor,
            GoldCache goldCache,
            ExecutorConfig config,
            @Named(ExecutorBeans.WORKERS) ExecutorService workers,
            GoldScreener screener,
            SqlParser parser) {
        this.executor = executor;
        this.parser = parser;
        this.goldCache = goldCache;
        this.config = config;
        this.workers = workers;
        this.screener = screener;
    }

    /**
     * Runs the item's gold, then its prediction, in one task on the JDBC pool (a task, a deadline and a hand-off per
     * item, not per query: the concurrency is the items run side by side, {@code items-per-tenant}), then screens the
     * gold (once per distinct gold of the job; at once when the job's verdict on it is known).
     */
    public Uni<ExecutionCompleted> execute(ExecutionRequested request, Target target) {
        boolean predicts = predictedSql(request) != null;
        Duration timeouts = predicts ? config.goldTimeout().plus(config.predictedTimeout()) : config.goldTimeout();
        return blocking(
                        () -> run(request, target),
                        timeouts,
                        predicts ? 2 : 1,
                        failed -> new Ran(GoldRun.of(failed), predicts ? failed : notRun(request.inference())))
                .chain(ran -> screener.screen(
                                request,
                                target,
                                ran.gold().outcome(),
                                ran.gold().tree(),
                                ran.gold().verdict())
                        .map(screened -> ExecutionCompleted.of(
                                request, screened.gold(), ran.predicted(), screened.why(), facts(request, target))));
    }

    /** The gold, then the prediction. Blocking. */
    private Ran run(ExecutionRequested request, Target target) {
        GoldRun gold = guarded(() -> gold(request, target), GoldRun::of);
        String predictedSql = predictedSql(request);
        ExecutionOutcome predicted = predictedSql == null
                ? notRun(request.inference())
                : guarded(
                        () -> executor.execute(
                                target, predictedSql, limits(config.predictedTimeout()), config.timingRuns()),
                        outcome -> outcome);
        return new Ran(gold, predicted);
    }

    private static String predictedSql(ExecutionRequested request) {
        return request.inference() == null ? null : request.inference().predictedSql();
    }

    /** Both queries' outcomes, the gold's with what the guard read of it. */
    private record Ran(GoldRun gold, ExecutionOutcome predicted) {}

    /** One query's work; a bug in it is that query's failed outcome, and the item's other query still runs. */
    private static <T> T guarded(Supplier<T> work, Function<ExecutionOutcome, T> failed) {
        try {
            return work.get();
        } catch (RuntimeException e) {
            return failed.apply(ExecutionOutcome.failed(ExecutionStatus.ERROR, "executor error: " + e, null, 0));
        }
    }

    /**
     * What the scorer reads from the item's two texts, taken from the guard's verdicts (remembered since the item's
     * own checks above, so nothing is parsed again); a text the guard refused, or an item of another dialect than
     * its database's, is read from its text as the scorer would read it. Null without a gold text (the scorer says
     * what is missing).
     */
    private SqlFacts facts(ExecutionRequested request, Target target) {
        try {
            return read(request, target);
        } catch (RuntimeException e) {
            // The scorer then reads the texts itself, and meets the same problem where it always did.
            LOG.warnf(e, "work item %s: its SQL could not be read for the scorer", request.workItemId());
            return null;
        }
    }

    private SqlFacts read(ExecutionRequested request, Target target) {
        String goldSql = request.item() == null ? null : request.item().goldSql();
        if (goldSql == null) {
            return null;
        }
        // The dialect the scorer reads the item in.
        SqlDialect dialect = request.item().dialect() == null
                ? SqlDialect.POSTGRESQL
                : request.item().dialect();
        boolean guarded = dialect == target.dialect();
        SqlGuard.Verdict gold = guarded ? executor.check(target, goldSql) : null;
        SqlFacts.Gold goldFacts =
                gold != null && gold.asGold() != null ? gold.asGold() : ItemFacts.gold(parser, goldSql, dialect);
        String predictedSql =
                request.inference() == null ? null : request.inference().predictedSql();
        if (predictedSql == null || predictedSql.isBlank()) {
            return new SqlFacts(goldFacts, null);
        }
        SqlGuard.Verdict predicted = guarded ? executor.check(target, predictedSql) : null;
        return new SqlFacts(
                goldFacts,
                predicted != null && predicted.asPrediction() != null
                        ? predicted.asPrediction()
                        : ItemFacts.predicted(parser, predictedSql, dialect));
    }

    /** The event for an item of a linking-only job (no database): neither query is run, and that is no failure. */
    public ExecutionCompleted linkingOnly(ExecutionRequested request) {
        ExecutionOutcome notRun = ExecutionOutcome.notRun(ExecutionOutcome.LINKING_ONLY);
        return ExecutionCompleted.of(request, notRun, notRun);
    }

    /** The event for a request whose database could not even be resolved. */
    public ExecutionCompleted unreachable(ExecutionRequested request, String why) {
        ExecutionOutcome failed = ExecutionOutcome.failed(ExecutionStatus.ERROR, why, null, 0);
        boolean hasPrediction =
                request.inference() != null && request.inference().predictedSql() != null;
        return ExecutionCompleted.of(request, failed, hasPrediction ? failed : notRun(request.inference()));
    }

    /**
     * The gold's outcome, the guard's verdict of it, and the guard's tree when the check parsed it (for the screening
     * to read).
     */
    private record GoldRun(ExecutionOutcome outcome, Select tree, SqlGuard.Verdict verdict) {
        static GoldRun of(ExecutionOutcome outcome) {
            return new GoldRun(outcome, null, null);
        }
    }

    private GoldRun gold(ExecutionRequested request, Target target) {
        String sql = request.item() == null ? null : request.item().goldSql();
        SqlGuard.Checked checked = executor.checked(target, sql);
        SqlGuard.Verdict verdict = checked.verdict();
        if (!verdict.allowed()) {
            return new GoldRun(
                    ExecutionOutcome.failed(ExecutionStatus.REJECTED, "gold SQL refused: " + verdict.reason(), null, 0),
                    null,
                    verdict);
        }
        Supplier<ExecutionOutcome> run =
                () -> executor.executeChecked(target, sql, limits(config.goldTimeout()), config.timingRuns());
        if (!config.goldCache() || request.jobId() == null) {
            return new GoldRun(run.get(), checked.tree(), verdict);
        }
        return new GoldRun(
                goldCache.get(
                        new GoldCache.Key(
                                request.jobId(),
                                target.identity(),
                                target.dialect().id(),
                                verdict.normalizedSql()),
                        run),
                checked.tree(),
                verdict);
    }

    private static ExecutionOutcome notRun(Inference inference) {
        if (inference == null) {
            return ExecutionOutcome.notRun("no inference for this item");
        }
        return ExecutionOutcome.notRun(inference.error() != null ? inference.error() : "inference produced no SQL");
    }

    public ExecutionLimits limits(Duration timeout) {
        return new ExecutionLimits(timeout, config.rowCap(), config.byteCap(), config.fetchSize());
    }

    /**
     * Runs JDBC work on the worker pool, never the event loop. The deadline covers queueing and connecting on top
     * of the server-side timeouts of its {@code queries}, so a stuck driver cannot hold the item forever;
     * {@code failed} makes the work's result from the outcome of a task that ran out of time or failed.
     */
    private <T> Uni<T> blocking(
            Supplier<T> work, Duration statementTimeouts, int queries, Function<ExecutionOutcome, T> failed) {
        Duration deadline = statementTimeouts
                .multipliedBy(Math.max(1, config.timingRuns()))
                .plus(config.borrowTimeout().multipliedBy(2L * queries))
                // A borrower of a new pool may wait for the logins of the pool's other borrowers (PoolManager).
                .plus(config.connectTimeout().multipliedBy((long) queries * config.poolSizePerDatabase()))
                .plusSeconds(30);
        return Uni.createFrom()
                .item(work)
                .runSubscriptionOn(workers)
                .ifNoItem()
                .after(deadline)
                .recoverWithItem(() -> failed.apply(ExecutionOutcome.failed(
                        ExecutionStatus.TIMEOUT,
                        "executor gave up after " + deadline.toSeconds() + " s",
                        null,
                        deadline.toSeconds())))
                .onFailure()
                .recoverWithItem(e ->
                        failed.apply(ExecutionOutcome.failed(ExecutionStatus.ERROR, "executor error: " + e, null, 0)));
    }
}
