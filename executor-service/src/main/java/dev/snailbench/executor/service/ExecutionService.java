package dev.snailbench.executor.service;

import dev.snailbench.executor.config.ExecutorBeans;
import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.service.screening.GoldScreener;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.Inference;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.ItemFacts;
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

    public ExecutionService(SqlExecutor executor, GoldCache goldCache, ExecutorConfig config,
            @Named(ExecutorBeans.WORKERS) ExecutorService workers, GoldScreener screener, SqlParser parser) {
        this.executor = executor;
        this.parser = parser;
        this.goldCache = goldCache;
        this.config = config;
        this.workers = workers;
        this.screener = screener;
    }

    public Uni<ExecutionCompleted> execute(ExecutionRequested request, Target target) {
        // The gold, then its screening (once per distinct gold of the job), while the prediction runs.
        Uni<GoldScreener.Screened> gold = blocking(() -> gold(request, target), config.goldTimeout(), GoldRun::of)
                .chain(g -> screener.screen(request, target, g.outcome(), g.tree(), g.verdict()));
        String predictedSql = request.inference() == null ? null : request.inference().predictedSql();
        Uni<ExecutionOutcome> predicted = predictedSql == null
                ? Uni.createFrom().item(notRun(request.inference()))
                : blocking(() -> executor.execute(target, predictedSql, limits(config.predictedTimeout()),
                        config.timingRuns()), config.predictedTimeout());
        return Uni.combine().all().unis(gold, predicted).asTuple()
                .map(both -> ExecutionCompleted.of(request, both.getItem1().gold(), both.getItem2(),
                        both.getItem1().why(), facts(request, target)));
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
        SqlDialect dialect = request.item().dialect() == null ? SqlDialect.POSTGRESQL : request.item().dialect();
        boolean guarded = dialect == target.dialect();
        SqlGuard.Verdict gold = guarded ? executor.check(target, goldSql) : null;
        SqlFacts.Gold goldFacts = gold != null && gold.asGold() != null ? gold.asGold()
                : ItemFacts.gold(parser, goldSql, dialect);
        String predictedSql = request.inference() == null ? null : request.inference().predictedSql();
        if (predictedSql == null || predictedSql.isBlank()) {
            return new SqlFacts(goldFacts, null);
        }
        SqlGuard.Verdict predicted = guarded ? executor.check(target, predictedSql) : null;
        return new SqlFacts(goldFacts, predicted != null && predicted.asPrediction() != null
                ? predicted.asPrediction() : ItemFacts.predicted(parser, predictedSql, dialect));
    }

    /** The event for an item of a linking-only job (no database): neither query is run, and that is no failure. */
    public ExecutionCompleted linkingOnly(ExecutionRequested request) {
        ExecutionOutcome notRun = ExecutionOutcome.notRun(ExecutionOutcome.LINKING_ONLY);
        return ExecutionCompleted.of(request, notRun, notRun);
    }

    /** The event for a request whose database could not even be resolved. */
    public ExecutionCompleted unreachable(ExecutionRequested request, String why) {
        ExecutionOutcome failed = ExecutionOutcome.failed(ExecutionStatus.ERROR, why, null, 0);
        boolean hasPrediction = request.inference() != null && request.inference().predictedSql() != null;
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
            return new GoldRun(ExecutionOutcome.failed(ExecutionStatus.REJECTED, "gold SQL refused: "
                    + verdict.reason(), null, 0), null, verdict);
        }
        Supplier<ExecutionOutcome> run = () -> executor.executeChecked(target, sql, limits(config.goldTimeout()),
                config.timingRuns());
        if (!config.goldCache() || request.jobId() == null) {
            return new GoldRun(run.get(), checked.tree(), verdict);
        }
        return new GoldRun(goldCache.get(new GoldCache.Key(request.jobId(), target.identity(),
                target.dialect().id(), verdict.normalizedSql()), run), checked.tree(), verdict);
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
     * of the server-side timeout, so a stuck driver cannot hold the item forever.
     */
    private Uni<ExecutionOutcome> blocking(Supplier<ExecutionOutcome> work, Duration statementTimeout) {
        return blocking(work, statementTimeout, outcome -> outcome);
    }

    /** The same for work whose result carries an outcome: {@code failed} makes one from a failed outcome. */
    private <T> Uni<T> blocking(Supplier<T> work, Duration statementTimeout, Function<ExecutionOutcome, T> failed) {
        Duration deadline = statementTimeout.multipliedBy(Math.max(1, config.timingRuns()))
                .plus(config.borrowTimeout().multipliedBy(2)).plus(config.connectTimeout()).plusSeconds(30);
        return Uni.createFrom().item(work).runSubscriptionOn(workers)
                .ifNoItem().after(deadline).recoverWithItem(() -> failed.apply(ExecutionOutcome.failed(
                        ExecutionStatus.TIMEOUT, "executor gave up after " + deadline.toSeconds() + " s", null,
                        deadline.toSeconds())))
                .onFailure().recoverWithItem(e -> failed.apply(ExecutionOutcome.failed(ExecutionStatus.ERROR,
                        "executor error: " + e, null, 0)));
    }
}
