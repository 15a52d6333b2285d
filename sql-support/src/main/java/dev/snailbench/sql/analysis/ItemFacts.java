package dev.snailbench.sql.analysis;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.sql.SqlLexer;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import net.sf.jsqlparser.statement.Statement;

/**
 * What the scorer reads from a work item's gold and predicted SQL ({@link SqlFacts}), from the text (parsing it)
 * or from a tree already parsed from exactly that text: the executor reads them from its guard's trees, the scorer
 * from the text when an event does not carry them. Both ways give the same facts. Blocking.
 */
public final class ItemFacts {

    private ItemFacts() {}

    /** The gold's facts from its text: a text that does not parse gets the parser's reason as its error. */
    public static SqlFacts.Gold gold(SqlParser parser, String goldSql, SqlDialect dialect) {
        Statement gold;
        try {
            gold = parser.parse(goldSql, dialect);
        } catch (SqlParseException e) {
            return new SqlFacts.Gold(false, null, null, "gold SQL: " + e.reason());
        }
        return gold(gold);
    }

    /** The gold's facts from the one statement its text parsed to. */
    public static SqlFacts.Gold gold(Statement gold) {
        boolean orderBy = OrderBy.topLevel(gold);
        String hardness;
        try {
            hardness = Characteristics.of(gold).hardness().label();
        } catch (RuntimeException e) {
            hardness = null;
        }
        try {
            return new SqlFacts.Gold(
                    orderBy, hardness, IdentifierExtractor.extract(gold).keys(), null);
        } catch (RuntimeException e) {
            return new SqlFacts.Gold(orderBy, hardness, null, "gold SQL: " + e.getMessage());
        }
    }

    /** The prediction's facts from its text ({@link PredictedIdentifiers}: parsed, else its tokens). */
    public static SqlFacts.Predicted predicted(SqlParser parser, String predictedSql, SqlDialect dialect) {
        return of(PredictedIdentifiers.of(parser, predictedSql, dialect));
    }

    /**
     * The prediction's facts from the one statement its whole text parsed to, given that tree's reading as a gold
     * ({@link #gold(Statement)}, or null): its identifiers are the same extraction of the same tree, not done twice.
     * A text the lexer splits into several statements is read as {@link PredictedIdentifiers} reads it (each
     * statement on its own).
     */
    public static SqlFacts.Predicted predicted(
            SqlParser parser, String predictedSql, SqlDialect dialect, Statement parsed, SqlFacts.Gold asGold) {
        if (SqlLexer.statements(predictedSql, dialect).size() > 1) {
            return predicted(parser, predictedSql, dialect);
        }
        if (asGold != null && asGold.identifiers() != null) {
            return new SqlFacts.Predicted(asGold.identifiers(), PredictedIdentifiers.PARSED, 1);
        }
        try {
            return new SqlFacts.Predicted(IdentifierExtractor.extract(parsed).keys(), PredictedIdentifiers.PARSED, 1);
        } catch (IllegalArgumentException e) {
            // As PredictedIdentifiers does when a tree's identifiers cannot be read: the text's tokens.
            return predicted(parser, predictedSql, dialect);
        }
    }

    private static SqlFacts.Predicted of(PredictedIdentifiers.Linked linked) {
        return new SqlFacts.Predicted(linked.identifiers().keys(), linked.method(), linked.statements());
    }
}
