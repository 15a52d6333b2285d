package dev.snailbench.sql.analysis;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.LexicalIdentifiers;
import dev.snailbench.sql.SqlLexer;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.QueryIdentifiers.ColumnRef;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The identifiers of a predicted query: from its syntax tree, or, when it does not parse (a stray token, an
 * unfinished statement), from its tokens, so that every prediction gets a linking score (method {@link #TOKENS}).
 * <p>
 * An answer of several statements ({@code SELECT …; SELECT …}) is linked over all of them, as it is written and as
 * the inference service denaturalizes it (every statement kept): reading the first alone would give a
 * {@code DECLARE @n int; SELECT …} no identifier at all, and would silently pick one of two alternatives. The
 * executor refuses such an answer (exactly one statement may run), so it fails execution with that reason; the
 * count of statements is kept so that the scorer flags the item ({@code multipleStatements}).
 */
public final class PredictedIdentifiers {

    public static final String PARSED = "parsed";
    public static final String TOKENS = "tokens";

    /**
     * A prediction's identifiers, how they were read ({@link #PARSED} or {@link #TOKENS}), and how many statements
     * the prediction holds (at least 1).
     */
    public record Linked(QueryIdentifiers identifiers, String method, int statements) {

        public boolean multipleStatements() {
            return statements > 1;
        }
    }

    private PredictedIdentifiers() {}

    public static Linked of(SqlParser parser, String predictedSql, SqlDialect dialect) {
        List<String> statements = SqlLexer.statements(predictedSql, dialect);
        int count = Math.max(1, statements.size());
        try {
            if (statements.size() <= 1) {
                return new Linked(IdentifierExtractor.extract(parser.parse(predictedSql, dialect)), PARSED, count);
            }
            Set<String> tables = new LinkedHashSet<>();
            Set<String> columns = new LinkedHashSet<>();
            Set<ColumnRef> refs = new LinkedHashSet<>();
            for (String statement : statements) {
                QueryIdentifiers ids = IdentifierExtractor.extract(parser.parse(statement, dialect));
                tables.addAll(ids.tables());
                columns.addAll(ids.columns());
                refs.addAll(ids.columnRefs());
            }
            return new Linked(new QueryIdentifiers(tables, columns, refs), PARSED, count);
        } catch (SqlParseException | IllegalArgumentException e) {
            // The tokens of the whole text: every statement's identifiers, as above.
            LexicalIdentifiers.Names names = LexicalIdentifiers.names(predictedSql, dialect);
            return new Linked(new QueryIdentifiers(names.tables(), names.columns(), Set.of()), TOKENS, count);
        }
    }
}
