package dev.snailbench.scorer.service.sql;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.scorer.service.sql.SqlParser.SqlParseException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import dev.snailbench.sql.TokenIdentifiers;
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

    /** A prediction's identifiers and how they were read. */
    public record Linked(Identifiers identifiers, String method) {
    }

    /**
     * The identifiers of a predicted query: from its syntax tree, or, when it does not parse (a stray token, an
     * unfinished statement), from its tokens, so that every prediction gets a linking score (method {@code tokens}).
     */
    public Linked predictedIdentifiers(String predictedSql, SqlDialect dialect) {
        return predictedIdentifiers(parsers.parser(), predictedSql, dialect);
    }

    /** As {@link #predictedIdentifiers(String, SqlDialect)} with a given parser. */
    public static Linked predictedIdentifiers(SqlParser parser, String predictedSql, SqlDialect dialect) {
        try {
            return new Linked(IdentifierExtractor.extract(parser.parse(predictedSql, dialect)), PARSED);
        } catch (SqlParseException | IllegalArgumentException e) {
            TokenIdentifiers.Names names = TokenIdentifiers.names(predictedSql, dialect);
            return new Linked(new Identifiers(names.tables(), names.columns(), Set.of()), TOKENS);
        }
    }

    public static final String PARSED = "parsed";
    public static final String TOKENS = "tokens";

    /** {@code linkingMethod}: {@link #PARSED} or {@link #TOKENS} (null when there is no predicted SQL). */
    public record ItemAnalysis(boolean goldOrderBy, String hardness, Double queryRecall, Double queryPrecision,
            Double queryF1, Set<String> goldIdentifiers, Set<String> predictedIdentifiers, String error,
            String linkingMethod) {
    }
}
