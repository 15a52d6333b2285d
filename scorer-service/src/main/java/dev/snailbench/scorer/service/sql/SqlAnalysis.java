package dev.snailbench.scorer.service.sql;

import dev.snailbench.model.domain.EvaluationOptions.Linking;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.ItemFacts;
import dev.snailbench.sql.analysis.LinkingScore;
import dev.snailbench.sql.analysis.PredictedIdentifiers;
import dev.snailbench.sql.analysis.QueryIdentifiers;
import dev.snailbench.sql.analysis.SnailsLinking;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import net.sf.jsqlparser.statement.Statement;

/**
 * What the scorer reads from a work item's SQL: gold ORDER BY, hardness and schema linking. Blocking.
 * <p>
 * Analyses are kept per statement text (and dialect) for a while: a job asks the same gold question of every model at
 * every level, and models often answer alike, so most items of a job repeat a statement already parsed. Parsing is
 * the scorer's largest cost per item after the comparison itself. Items scored from the executor's events mostly
 * arrive with what the executor read from its own parse ({@link #analyse(SqlFacts)}), and are not parsed here.
 */
@ApplicationScoped
public class SqlAnalysis {

    /** Distinct statements kept per kind (gold, predicted): a large job's questions, a few KB each. */
    static final int CACHED_STATEMENTS = 4_096;

    private final SqlParser parser;
    private final Map<String, SqlFacts.Gold> golds = lru(CACHED_STATEMENTS);
    private final Map<String, SqlFacts.Predicted> predictions = lru(CACHED_STATEMENTS);
    private final Map<String, QueryIdentifiers> snailsStatements = lru(CACHED_STATEMENTS);

    /** {@code linkingMethod} of items linked by the SNAILS authors' conventions. */
    public static final String SNAILS_METHOD = "snails";

    public SqlAnalysis(SqlParser parser) {
        this.parser = parser;
    }

    public Statement parse(String sql, SqlDialect dialect) {
        return parser.parse(sql, dialect);
    }

    /** Per-item analysis with the platform's linking conventions. */
    public ItemAnalysis analyse(String goldSql, String predictedSql, SqlDialect dialect) {
        return analyse(goldSql, predictedSql, dialect, Linking.PLATFORM);
    }

    /**
     * Per-item analysis; parse failures are reported in {@code error}, never thrown. With {@link Linking#SNAILS}
     * the linking scores follow the SNAILS authors' conventions ({@link SnailsLinking}; method {@code snails}).
     */
    public ItemAnalysis analyse(String goldSql, String predictedSql, SqlDialect dialect, Linking linking) {
        SqlFacts.Gold gold =
                cached(golds, dialect.id() + "\n" + goldSql, () -> ItemFacts.gold(parser, goldSql, dialect));
        boolean predicted = predictedSql != null && !predictedSql.isBlank();
        if (linking == Linking.SNAILS && gold.error() == null && predicted) {
            QueryIdentifiers g = snails(goldSql, dialect);
            QueryIdentifiers p = snails(predictedSql, dialect);
            LinkingScore s = LinkingScore.snails(g, p);
            return new ItemAnalysis(
                    gold.orderBy(),
                    gold.hardness(),
                    s.queryRecall(),
                    s.queryPrecision(),
                    s.queryF1(),
                    g.keys(),
                    p.keys(),
                    null,
                    SNAILS_METHOD,
                    false);
        }
        return analyse(new SqlFacts(gold, predicted ? predictedFacts(predictedSql, dialect) : null));
    }

    /**
     * Per-item analysis, with the platform's linking conventions, of what the executor read from the item's SQL
     * (nothing is parsed here).
     */
    public static ItemAnalysis analyse(SqlFacts facts) {
        SqlFacts.Gold gold = facts.gold();
        if (gold.error() != null) {
            return new ItemAnalysis(
                    gold.orderBy(), gold.hardness(), null, null, null, null, null, gold.error(), null, false);
        }
        SqlFacts.Predicted predicted = facts.predicted();
        if (predicted == null) {
            return new ItemAnalysis(
                    gold.orderBy(), gold.hardness(), null, null, null, gold.identifiers(), null, null, null, false);
        }
        LinkingScore s = LinkingScore.of(gold.identifiers(), predicted.identifiers());
        return new ItemAnalysis(
                gold.orderBy(),
                gold.hardness(),
                s.queryRecall(),
                s.queryPrecision(),
                s.queryF1(),
                gold.identifiers(),
                predicted.identifiers(),
                null,
                predicted.method(),
                predicted.statements() > 1);
    }

    /** A prediction's identifiers as {@link PredictedIdentifiers#of} reads them, with the service's parser. */
    public SqlFacts.Predicted predictedFacts(String predictedSql, SqlDialect dialect) {
        return cached(
                predictions,
                dialect.id() + "\n" + predictedSql,
                () -> ItemFacts.predicted(parser, predictedSql, dialect));
    }

    /** A statement's identifiers by the SNAILS authors' conventions, cached like the others. */
    public QueryIdentifiers snails(String sql, SqlDialect dialect) {
        return cached(
                snailsStatements, dialect.id() + "\n" + sql, () -> SnailsLinking.identifiers(parser, sql, dialect));
    }

    /** Parses outside the map's lock: two workers may parse the same new statement once each, never wait on it. */
    private static <V> V cached(Map<String, V> cache, String key, Supplier<V> analysis) {
        V known = cache.get(key);
        if (known != null) {
            return known;
        }
        V fresh = analysis.get();
        cache.put(key, fresh);
        return fresh;
    }

    /** A bounded map that forgets the least recently used statement first; safe for the scorer's workers. */
    private static <V> Map<String, V> lru(int capacity) {
        return Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > capacity;
            }
        });
    }

    /**
     * {@code linkingMethod}: {@link PredictedIdentifiers#PARSED} or {@link PredictedIdentifiers#TOKENS} (null when
     * there is no predicted SQL), or {@link #SNAILS_METHOD} with the SNAILS authors' conventions; {@code multipleStatements}: the predicted SQL holds several statements, linked over
     * all of them (the executor refuses to run it).
     */
    public record ItemAnalysis(
            boolean goldOrderBy,
            String hardness,
            Double queryRecall,
            Double queryPrecision,
            Double queryF1,
            Set<String> goldIdentifiers,
            Set<String> predictedIdentifiers,
            String error,
            String linkingMethod,
            boolean multipleStatements) {}
}
