package dev.snailbench.sql.analysis;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.TokenIdentifiers;
import dev.snailbench.sql.analysis.SqlParser.SqlParseException;
import java.util.Set;

/**
 * The identifiers of a predicted query: from its syntax tree, or, when it does not parse (a stray token, an
 * unfinished statement), from its tokens, so that every prediction gets a linking score (method {@link #TOKENS}).
 */
public final class PredictedIdentifiers {

    public static final String PARSED = "parsed";
    public static final String TOKENS = "tokens";

    /** A prediction's identifiers and how they were read ({@link #PARSED} or {@link #TOKENS}). */
    public record Linked(Identifiers identifiers, String method) {
    }

    private PredictedIdentifiers() {
    }

    public static Linked of(SqlParser parser, String predictedSql, SqlDialect dialect) {
        try {
            return new Linked(IdentifierExtractor.extract(parser.parse(predictedSql, dialect)), PARSED);
        } catch (SqlParseException | IllegalArgumentException e) {
            TokenIdentifiers.Names names = TokenIdentifiers.names(predictedSql, dialect);
            return new Linked(new Identifiers(names.tables(), names.columns(), Set.of()), TOKENS);
        }
    }
}
