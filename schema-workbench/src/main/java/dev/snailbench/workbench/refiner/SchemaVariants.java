package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The three schemas of one refiner experiment over a database: the original (native names), the injected one
 * (ambiguity injected: the database a refiner would meet, its "physical" names) and the refined view layer built
 * over the injected one. Each is given as native column → the name it goes by there, and SQL written on a
 * variant's names is mapped to the database it runs on (original: the native schema; injected and refined: the
 * injected schema, the refined SQL through the view layer's back-mapping) or to the native names (for
 * schema-linking scores against the gold query).
 *
 * @param injected native → injected names ({@link InjectedSchema#renaming()})
 * @param refined  injected → refined names, on the columns of the injected schema as the database shows them
 *                 ({@link RefinedViews#plan})
 */
public record SchemaVariants(Renaming injected, Renaming refined, SqlDialect dialect) {

    /** Native column → its name in {@code variant}. */
    public Renaming shown(Variant variant) {
        if (variant == Variant.ORIGINAL) {
            return new Renaming(Map.of(), injected.all());
        }
        Map<String, ColumnRef> onInjected = new HashMap<>();
        refined.all().forEach(c -> onInjected.put(c.key(), c));
        Map<ColumnRef, String> names = new LinkedHashMap<>();
        for (ColumnRef c : injected.all()) {
            String name = injectedName(c);
            if (variant == Variant.REFINED) {
                ColumnRef shownColumn = onInjected.get(new ColumnRef(c.table(), name).key());
                name = shownColumn == null ? name : refined.nameOf(shownColumn);
            }
            if (!name.equals(c.column())) {
                names.put(c, name);
            }
        }
        return new Renaming(names, injected.all());
    }

    /** SQL on the variant's names → SQL on the names of the database it runs on. */
    public String toDatabase(IdentifierRewriter rewriter, Variant variant, String sql) {
        return variant == Variant.REFINED
                ? refined.rewrite(rewriter, sql, dialect, true).sql()
                : sql;
    }

    /** SQL on the variant's names → SQL on the native names. */
    public String toNative(IdentifierRewriter rewriter, Variant variant, String sql) {
        String onInjected = toDatabase(rewriter, variant, sql);
        return variant == Variant.ORIGINAL
                ? onInjected
                : injected.rewrite(rewriter, onInjected, dialect, true).sql();
    }

    /**
     * An injected name as the database shows it: PostgreSQL folds the new names, written unquoted, to lower case
     * ({@link InjectedSchema#as}).
     */
    private String injectedName(ColumnRef c) {
        String name = injected.nameOf(c);
        return dialect == SqlDialect.POSTGRESQL && injected.renamed().containsKey(c)
                ? name.toLowerCase(Locale.ROOT)
                : name;
    }
}
