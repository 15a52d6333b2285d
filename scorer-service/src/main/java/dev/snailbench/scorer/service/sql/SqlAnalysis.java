package dev.snailbench.scorer.service.sql;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.analysis.Characteristics;
import dev.snailbench.sql.analysis.IdentifierExtractor;
import dev.snailbench.sql.analysis.Identifiers;
import dev.snailbench.sql.analysis.LinkingScore;
import dev.snailbench.sql.analysis.OrderBy;
import dev.snailbench.sql.analysis.PredictedIdentifiers.Linked;
import dev.snailbench.sql.analysis.PredictedIdentifiers;
import dev.snailbench.sql.analysis.SqlParser.SqlParseException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import net.sf.jsqlparser.statement.Statement;

/** What the scorer reads from a work item's SQL: gold ORDER BY, hardness and schema linking. Blocking. */
@ApplicationScoped
public class SqlAnalysis {

    private final SqlParsers parsers;

    public SqlAnalysis(SqlParsers parsers) {
        this.parsers = parsers;
    }

    public Statement parse(String sql, SqlDialect dialect) {
        return parsers.parser().parse(sql, dialect);
    }

    /** Per-item analysis; parse failures are reported in {@code error}, never thrown. */
    public ItemAnalysis analyse(String goldSql, String predictedSql, SqlDialect dialect) {
        Statement gold;
        try {
            gold = parse(goldSql, dialect);
        } catch (SqlParseException e) {
            return new ItemAnalysis(false, null, null, null, null, null, null, "gold SQL: " + e.getMessage(), null);
        }
        boolean orderBy = OrderBy.topLevel(gold);
        String hardness = null;
        try {
            hardness = Characteristics.of(gold).hardness().label();
        } catch (RuntimeException e) {
            hardness = null;
        }
        Identifiers goldIds;
        try {
            goldIds = IdentifierExtractor.extract(gold);
        } catch (RuntimeException e) {
            return new ItemAnalysis(orderBy, hardness, null, null, null, null, null, "gold SQL: " + e.getMessage(),
                    null);
        }
        if (predictedSql == null || predictedSql.isBlank()) {
            return new ItemAnalysis(orderBy, hardness, null, null, null, goldIds.keys(), null, null, null);
        }
        Linked predicted = predictedIdentifiers(predictedSql, dialect);
        LinkingScore s = LinkingScore.of(goldIds, predicted.identifiers());
        return new ItemAnalysis(orderBy, hardness, s.queryRecall(), s.queryPrecision(), s.queryF1(),
                goldIds.keys(), predicted.identifiers().keys(), null, predicted.method());
    }

    /** As {@link PredictedIdentifiers#of}, with the service's parser (bounded threads and time). */
    public Linked predictedIdentifiers(String predictedSql, SqlDialect dialect) {
        return PredictedIdentifiers.of(parsers.parser(), predictedSql, dialect);
    }

    /** {@code linkingMethod}: {@link PredictedIdentifiers#PARSED} or {@link PredictedIdentifiers#TOKENS} (null when there is no predicted SQL). */
    public record ItemAnalysis(boolean goldOrderBy, String hardness, Double queryRecall, Double queryPrecision,
            Double queryF1, Set<String> goldIdentifiers, Set<String> predictedIdentifiers, String error,
            String linkingMethod) {
    }
}
