package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.workbench.synthetic.TextEmbedder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * <b>Name-linking simulator, not an LLM.</b> An offline stand-in for a model that writes SQL against the names it
 * is shown, so that a refiner experiment can be run with no model: replaying the gold SQL would score the same on
 * every schema variant, and names are exactly what the refiner changes.
 * <p>
 * The simulator knows each column by its native (natural) name — the concept a question asks for — and for
 * every column reference of a gold query picks the name most similar to it (cosine of the lexical embedder's
 * character 3-gram vectors, the offline SSS backend) among the column names of that table in the variant shown.
 * On the original schema that is the native name itself, so it reproduces the gold query; on an injected schema
 * an abbreviated, replaced or generic name can lose to another column of the table (a mislink); on the refined
 * views the canonical names should win again. Tables keep their names in every variant (the injector and the
 * view layer rename columns only), so table references are linked to themselves. It never reads which column a
 * shown name belongs to: only the set of names of each table, as a model would.
 */
public final class NameLinkingSimulator {

    /** The schema a "model" is shown. */
    public enum Variant {
        ORIGINAL,
        INJECTED,
        REFINED;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Label used wherever the simulator's figures are printed. */
    public static final String LABEL = "name-linking simulator, not an LLM";

    private final Renaming linked;

    private NameLinkingSimulator(Renaming linked) {
        this.linked = linked;
    }

    /**
     * Links every native column of {@code shown} (native column → the name it goes by in the variant) to the
     * variant name closest to its native name among the names of its table.
     */
    public static NameLinkingSimulator link(Renaming shown, TextEmbedder embedder) {
        Map<String, List<String>> namesOfTable = new LinkedHashMap<>();
        for (ColumnRef c : shown.all()) {
            namesOfTable
                    .computeIfAbsent(c.table().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(shown.nameOf(c));
        }
        return link(shown.all(), namesOfTable, embedder);
    }

    /**
     * Links every native column to the name closest to its native name among {@code namesOfTable} (lower-case
     * table → the column names shown for it, e.g. read from a prompt); a table shown with no names keeps its
     * columns' native names.
     */
    public static NameLinkingSimulator link(
            List<ColumnRef> nativeColumns, Map<String, List<String>> namesOfTable, TextEmbedder embedder) {
        Set<String> texts = new LinkedHashSet<>();
        for (ColumnRef c : nativeColumns) {
            // Names read as words (HomeTeam → "home team"), as the detector reads them.
            namesOfTable
                    .getOrDefault(c.table().toLowerCase(Locale.ROOT), List.of())
                    .forEach(n -> texts.add(AmbiguityDetector.nameText(n)));
            texts.add(AmbiguityDetector.nameText(c.column()));
        }
        List<String> list = List.copyOf(texts);
        List<float[]> vectors = embedder.embed(list).await().indefinitely();
        Map<String, float[]> byText = new HashMap<>();
        for (int i = 0; i < list.size(); i++) {
            byText.put(list.get(i), vectors.get(i));
        }
        Map<ColumnRef, String> chosen = new LinkedHashMap<>();
        for (ColumnRef c : nativeColumns) {
            float[] concept = byText.get(AmbiguityDetector.nameText(c.column()));
            String best = c.column();
            double bestScore = Double.NEGATIVE_INFINITY;
            for (String candidate : namesOfTable.getOrDefault(c.table().toLowerCase(Locale.ROOT), List.of())) {
                // The spelling itself first (a model copies a name it sees), then the closest 3-gram vector;
                // ties go to the first column of the table, as a model reading the schema top-down might.
                double score = candidate.equalsIgnoreCase(c.column())
                        ? 2.0
                        : AmbiguityDetector.cosine(concept, byText.get(AmbiguityDetector.nameText(candidate)));
                if (score > bestScore) {
                    bestScore = score;
                    best = candidate;
                }
            }
            if (!best.equals(c.column())) {
                chosen.put(c, best);
            }
        }
        return new NameLinkingSimulator(new Renaming(chosen, nativeColumns));
    }

    /** native column → the variant name the simulator writes for it. */
    public Renaming links() {
        return linked;
    }

    /** The simulator's "prediction" for a gold query on native names: the same query on the names it linked. */
    public String predict(IdentifierRewriter rewriter, String goldSql, SqlDialect dialect) {
        return linked.rewrite(rewriter, goldSql, dialect, false).sql();
    }

    /** How many native columns it links to a name that belongs to another column of the variant. */
    public int mislinked(Renaming shown) {
        int n = 0;
        for (ColumnRef c : shown.all()) {
            if (!linked.nameOf(c).equalsIgnoreCase(shown.nameOf(c))) {
                n++;
            }
        }
        return n;
    }
}
