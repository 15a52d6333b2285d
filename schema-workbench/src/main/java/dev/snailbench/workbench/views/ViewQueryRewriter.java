package dev.snailbench.workbench.views;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.rewrite.CrosswalkNames;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.sql.rewrite.NameMapping;
import java.util.List;

/**
 * Rewrites a query on native names into the same query on a crosswalk level's names (the natural views), in the
 * syntax tree through sql-support's {@link IdentifierRewriter}: table references become {@code <viewSchema>.<view>},
 * columns their renamed names, qualifiers that are table names follow their table. Aliases and CTE names stay, and
 * an ORDER BY item naming one of its select's output aliases is left alone (it means the output column).
 * Blocking (parsing): run off the event loop.
 */
public final class ViewQueryRewriter {

    private final IdentifierRewriter rewriter;
    private final NameMapping mapping;
    private final IdentifierRewriter.Style style;
    private final SqlDialect dialect;

    public ViewQueryRewriter(
            IdentifierRewriter rewriter,
            List<CrosswalkEntry> crosswalk,
            NaturalnessLevel level,
            String viewSchema,
            SqlDialect dialect) {
        this.rewriter = rewriter;
        this.mapping = CrosswalkNames.of(crosswalk).mapping(NaturalnessLevel.NATIVE, level);
        this.style = IdentifierRewriter.Style.views(viewSchema);
        this.dialect = dialect;
    }

    /** @throws InvalidInput when the SQL does not parse */
    public String rewrite(String sql) {
        try {
            return rewriter.rewrite(sql, dialect, mapping, style).sql();
        } catch (SqlParseException e) {
            throw InvalidInput.of("sql", e.getMessage());
        }
    }
}
