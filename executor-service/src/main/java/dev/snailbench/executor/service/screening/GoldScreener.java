package dev.snailbench.executor.service.screening;

import dev.snailbench.executor.config.ExecutorBeans;
import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.service.ExecutionLimits;
import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.SqlExecutor;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.model.domain.EvaluationOptions.GoldScreening;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Select;
import org.jboss.logging.Logger;

/**
 * Gold screening: before a job's items are scored, each distinct gold query (per job and database) is checked for
 * determinism once per replica, and every item of that gold carries the verdict ({@code goldNondeterministic} on
 * {@link dev.snailbench.model.event.ExecutionCompleted}). Static rules ({@link StaticGoldRules}) say what to look
 * for; the dynamic checks decide with the data: a probe keeping one row more than the LIMIT (does it cut, through a
 * tie on the ORDER BY keys?), and on PostgreSQL a second run under other plan settings ({@link PlanSettings})
 * compared in order when the query orders its result, else as a multiset, unless the query and the gold's own
 * result already fix what the scorer compares ({@link FixedResult}: then another plan cannot show anything, and the
 * runs that were most of a small job's database work are skipped; the metric {@code snailbench.screening.golds}
 * counts golds by {@code plan=rerun|fixed}). Every query runs guarded, read-only and rolled back, with the gold's
 * limits. Off when the job says {@code goldScreening: off}.
 */
@ApplicationScoped
public class GoldScreener {

    private static final Logger LOG = Logger.getLogger(GoldScreener.class);
    private static final Set<String> FLOAT_TYPES =
            Set.of("float4", "float8", "real", "double precision", "float", "double");

    /** The gold's outcome and why it is nondeterministic (null: found deterministic, or not screened). */
    public record Screened(ExecutionOutcome gold, String why) {}

    /** Equality and hash written out, as {@code PoolManager}'s key's are: looked up for every item's gold. */
    private record Key(UUID jobId, String database, String normalizedSql) {

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k
                    && jobId.equals(k.jobId)
                    && database.equals(k.database)
                    && normalizedSql.equals(k.normalizedSql);
        }

        @Override
        public int hashCode() {
            return 31 * jobId.hashCode() + normalizedSql.hashCode();
        }
    }

    private record ViewsKey(UUID jobId, String database) {}

    /**
     * The definitions of the database's views outside the system schemas: a gold that reads a view runs the view's
     * query too. The platform's own constant, read on the pooled session like the plan settings (never tenant SQL).
     */
    private static final String VIEW_DEFINITIONS = "SELECT definition FROM pg_catalog.pg_views "
            + "WHERE schemaname NOT IN ('pg_catalog', 'information_schema')";

    /** Why the gold's result depends on the plan (or null), and whether it ran under other plans to find out. */
    record Verdict(String why, boolean reran) {}

    /** When a PostgreSQL gold runs again under other plan settings. */
    enum Reruns {
        /** Unless {@link FixedResult} says its result is the same under every plan. */
        WHERE_THE_PLAN_CAN_CHOOSE,
        /** Always (the check of that rule). */
        ALWAYS
    }

    private final SqlExecutor executor;
    private final ExecutorConfig config;
    private final ScreeningConfig screening;
    private final ExecutorService workers;
    private final SqlParser parser;
    private final Map<Key, CompletableFuture<String>> verdicts;
    private final Map<ViewsKey, Boolean> views;
    private final PoolManager pools;
    private final Counter rerun;
    private final Counter fixed;

    public GoldScreener(
            SqlExecutor executor,
            ExecutorConfig config,
            ScreeningConfig screening,
            @Named(ExecutorBeans.WORKERS) ExecutorService workers,
            SqlParser parser,
            PoolManager pools,
            MeterRegistry registry) {
        this.executor = executor;
        this.pools = pools;
        this.rerun = registry.counter("snailbench.screening.golds", "plan", "rerun");
        this.fixed = registry.counter("snailbench.screening.golds", "plan", "fixed");
        this.parser = parser;
        this.config = config;
        this.screening = screening;
        this.workers = workers;
        int max = screening.cacheEntries();
        this.verdicts = leastRecentlyUsed(max);
        this.views = leastRecentlyUsed(max);
    }

    /** A map that forgets its least recently used entry beyond {@code max}; callers synchronize on it. */
    private static <K, V> Map<K, V> leastRecentlyUsed(int max) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > max;
            }
        };
    }

    /**
     * Screens the request's gold (on the worker pool, within {@link ScreeningConfig#deadline()}). A screening that
     * fails or runs out of time leaves the gold unflagged, with a warning in the log: it says nothing about the gold.
     *
     * A gold whose verdict this job already has is answered at once, on the caller's thread, with no task or timer (a
     * job's items repeat its golds: all but the first item of each gold take this path).
     *
     * @param tree    the guard's tree of the gold when its check parsed it ({@link SqlGuard.Checked}), read instead of
     *                parsing the text again; null: parsed here
     * @param verdict the guard's verdict of the gold (its normalized text names the job's verdict); null: none known
     */
    public Uni<Screened> screen(
            ExecutionRequested request, Target target, ExecutionOutcome gold, Select tree, SqlGuard.Verdict verdict) {
        GoldScreening mode = request.item() == null
                ? GoldScreening.OFF
                : request.item().evaluation().goldScreening();
        if (mode == GoldScreening.OFF || !gold.ok() || request.jobId() == null) {
            return Uni.createFrom().item(new Screened(gold, null));
        }
        CompletableFuture<String> known = verdict == null || !verdict.allowed()
                ? null
                : known(new Key(request.jobId(), target.identity(), verdict.normalizedSql()));
        if (known != null && known.isDone() && !known.isCompletedExceptionally()) {
            return Uni.createFrom().item(new Screened(gold, known.join()));
        }
        return Uni.createFrom()
                .item(() -> new Screened(
                        gold,
                        screenBlocking(request.jobId(), target, request.item().goldSql(), gold, tree)))
                .runSubscriptionOn(workers)
                .ifNoItem()
                .after(screening.deadline())
                .recoverWithItem(() -> {
                    LOG.warnf(
                            "job %s: screening the gold of question %s took longer than %s; not flagged",
                            request.jobId(), request.item().questionId(), screening.deadline());
                    return new Screened(gold, null);
                })
                .onFailure()
                .recoverWithItem(e -> {
                    LOG.warnf(
                            e,
                            "job %s: screening the gold of question %s failed; not flagged",
                            request.jobId(),
                            request.item().questionId());
                    return new Screened(gold, null);
                });
    }

    private CompletableFuture<String> known(Key key) {
        synchronized (verdicts) {
            return verdicts.get(key);
        }
    }

    /** The verdict of one gold, computed once per job, database and normalized SQL. Blocking. */
    String screenBlocking(UUID jobId, Target target, String goldSql, ExecutionOutcome gold, Select tree) {
        SqlGuard.Verdict verdict = executor.check(target, goldSql);
        if (!verdict.allowed()) {
            return null;
        }
        Key key = new Key(jobId, target.identity(), verdict.normalizedSql());
        CompletableFuture<String> mine = new CompletableFuture<>();
        CompletableFuture<String> existing;
        synchronized (verdicts) {
            existing = verdicts.putIfAbsent(key, mine);
        }
        if (existing != null) {
            return existing.join();
        }
        try {
            String why = verdict(jobId, target, goldSql, gold, Reruns.WHERE_THE_PLAN_CAN_CHOOSE, tree)
                    .why();
            mine.complete(why);
            return why;
        } catch (RuntimeException e) {
            synchronized (verdicts) {
                verdicts.remove(key, mine);
            }
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /** Why the gold's result depends on the plan (reasons joined by "; "), or null (no caching). Blocking. */
    public String check(Target target, String goldSql, ExecutionOutcome gold) {
        return verdict(null, target, goldSql, gold, Reruns.WHERE_THE_PLAN_CAN_CHOOSE, null)
                .why();
    }

    /**
     * The same, saying whether the gold ran again under other plans to find out; the database's views are read once
     * per job ({@code jobId} null: every time). Reads {@code tree} (the guard's, never changed here) when given
     * instead of parsing the text. Blocking.
     */
    Verdict verdict(UUID jobId, Target target, String goldSql, ExecutionOutcome gold, Reruns reruns, Select tree) {
        SqlDialect dialect = target.dialect();
        Statement statement = tree != null ? tree : parse(goldSql, dialect);
        List<String> reasons = new ArrayList<>();
        ExecutionLimits limits =
                new ExecutionLimits(config.goldTimeout(), config.rowCap(), config.byteCap(), config.fetchSize());
        Function<String, ExecutionOutcome> run = sql -> {
            SqlGuard.Verdict v = executor.check(target, sql);
            return v.allowed()
                    ? executor.executeChecked(target, sql, limits, 1)
                    : ExecutionOutcome.failed(ExecutionStatus.REJECTED, v.reason(), null, 0);
        };
        for (StaticGoldRules.Finding f : StaticGoldRules.check(statement)) {
            switch (f.kind()) {
                case LIMIT_WITHOUT_ORDER_BY, LIMIT_CUTS_PARTIAL_ORDER -> {
                    // The probe rewrites a fresh copy of the statement.
                    Statement copy = parse(goldSql, dialect);
                    StaticGoldRules.Cut cut = StaticGoldRules.cut(copy);
                    String keys = cut.keysText();
                    DynamicGoldCheck.CutProbe probe = DynamicGoldCheck.cutProbe(copy, cut);
                    String why = probe == null
                            ? f.why()
                            : f.kind() == StaticGoldRules.Kind.LIMIT_WITHOUT_ORDER_BY
                                    ? DynamicGoldCheck.limitChooses(probe, cut.rows(), run)
                                    : DynamicGoldCheck.tieAtCut(probe, cut.rows(), run, keys);
                    if (why != null) {
                        reasons.add(why);
                    }
                }
                case FLOATING_AGGREGATE -> {
                    if (gold.columns().stream()
                            .map(ResultColumn::databaseType)
                            .anyMatch(t -> t != null && FLOAT_TYPES.contains(t.toLowerCase(Locale.ROOT)))) {
                        reasons.add(f.why());
                    }
                }
                case PARTIAL_ORDER -> {
                    // Decided by the second plan below, compared in order.
                }
            }
        }
        boolean reran = false;
        if (dialect == SqlDialect.POSTGRESQL
                && reruns == Reruns.WHERE_THE_PLAN_CAN_CHOOSE
                && FixedResult.fixed(statement, goldSql, gold)
                && viewsLeaveNoChoice(jobId, target)) {
            fixed.increment();
        } else if (dialect == SqlDialect.POSTGRESQL) {
            rerun.increment();
            reran = true;
            // The first variant whose result differs says why; one difference is enough.
            for (PlanSettings.Variant variant : PlanSettings.VARIANTS) {
                String why = DynamicGoldCheck.otherPlan(
                        gold,
                        variant,
                        () -> runWithOtherPlan(target, goldSql, limits, variant),
                        StaticGoldRules.ordered(statement));
                if (why != null) {
                    reasons.add(why);
                    break;
                }
            }
        }
        return new Verdict(reasons.isEmpty() ? null : String.join("; ", reasons), reran);
    }

    /**
     * Whether no view of the database lets the plan choose (each definition read as a gold's text is); false when
     * they cannot be read. Once per job and database.
     */
    private boolean viewsLeaveNoChoice(UUID jobId, Target target) {
        ViewsKey key = new ViewsKey(jobId, target.identity());
        if (jobId != null) {
            synchronized (views) {
                Boolean known = views.get(key);
                if (known != null) {
                    return known;
                }
            }
        }
        boolean fixed;
        try {
            fixed = pools.withConnection(target, config.goldTimeout(), GoldScreener::readViews);
        } catch (SQLException | RuntimeException e) {
            LOG.debugf(e, "cannot read the views of %s; its golds run under other plans", target);
            return false;
        }
        if (jobId != null) {
            synchronized (views) {
                views.put(key, fixed);
            }
        }
        return fixed;
    }

    private static boolean readViews(Connection c) throws SQLException {
        try (java.sql.Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(VIEW_DEFINITIONS)) {
            while (rs.next()) {
                if (!FixedResult.textLeavesNoChoice(rs.getString(1))) {
                    return false;
                }
            }
            return true;
        } finally {
            // The read opened a transaction on the pooled session; it ends here, before the session goes back.
            c.rollback();
        }
    }

    /**
     * The gold once more, in a read-only transaction with the variant's settings applied to it (the runner rolls the
     * transaction back, which ends the SET LOCAL settings with it).
     */
    private ExecutionOutcome runWithOtherPlan(
            Target target, String goldSql, ExecutionLimits limits, PlanSettings.Variant variant) {
        return executor.executeCheckedWith(target, goldSql, limits, variant.settings());
    }

    private Statement parse(String sql, SqlDialect dialect) {
        return parser.parseStatements(sql, dialect).get(0);
    }
}
