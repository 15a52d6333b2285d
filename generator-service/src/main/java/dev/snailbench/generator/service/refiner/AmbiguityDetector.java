package dev.snailbench.generator.service.refiner;

import dev.snailbench.generator.service.refiner.SchemaGraph.ColumnNode;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Homonyms, synonyms and irregular names from the semantic packages and an embedding of each text, with no I/O:
 * <ul>
 * <li>homonyms: two columns of different tables with the same name whose descriptions are dissimilar;</li>
 * <li>synonyms: two columns of different tables with different names, compatible value families and similar
 * canonical names (candidates are pairs whose canonical names share their words, so a 10,000-column schema
 * is not compared pair by pair);</li>
 * <li>irregular: a name far from its canonical name, unless the column is already a homonym or synonym.</li>
 * </ul>
 */
public final class AmbiguityDetector {

    private AmbiguityDetector() {
    }

    /** Every text whose vector detection needs: names, canonical names, descriptions. */
    public static Set<String> texts(List<SemanticPackage> packages) {
        Set<String> texts = new HashSet<>();
        for (SemanticPackage p : packages) {
            texts.add(nameText(p.column().column()));
            texts.add(nameText(p.canonicalName()));
            texts.add(nameText(meaningName(p.canonicalName())));
            texts.add(p.description());
        }
        return texts;
    }

    /**
     * A canonical name read through the thesaurus ({@code club_key} → {@code club_id}): what synonyms are compared
     * on, and the one name a synonym pair gets in the view layer.
     */
    public static String meaningName(String canonical) {
        return String.join("_", Lexicon.words(canonical).stream().map(Lexicon::canonical).toList());
    }

    /** Identifiers are embedded as their words ({@code HomeTeamID} → "home team id"). */
    static String nameText(String identifier) {
        return String.join(" ", Lexicon.words(identifier));
    }

    /** One candidate: a pair (or, for irregular names, one column) with its similarity score. */
    public record Candidate(Ambiguity.Type type, List<Integer> columns, double sss, String evidence) {
    }

    /**
     * Every candidate with its score, thresholds not yet applied: same-named pairs (homonym candidates),
     * differently named pairs with compatible values whose canonical names share their words (synonym candidates),
     * and every column's name against its canonical name (irregular candidates).
     */
    public static List<Candidate> candidates(SchemaGraph graph, List<SemanticPackage> packages,
            Function<String, float[]> vectors) {
        List<Candidate> out = new ArrayList<>();
        List<ColumnNode> cols = graph.columns();
        Map<String, List<Integer>> byName = new LinkedHashMap<>();
        Map<String, List<Integer>> byWords = new LinkedHashMap<>();
        for (ColumnNode c : cols) {
            byName.computeIfAbsent(c.ref().column().toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(c.index());
            TreeSet<String> words = new TreeSet<>();
            for (String w : meaningName(packages.get(c.index()).canonicalName()).split("_")) {
                words.add(Lexicon.singular(w));
            }
            byWords.computeIfAbsent(String.join(" ", words), k -> new ArrayList<>()).add(c.index());
        }
        Map<String, Double> cache = new HashMap<>();
        for (List<Integer> same : byName.values()) {
            for (int i = 0; i < same.size(); i++) {
                for (int j = i + 1; j < same.size(); j++) {
                    SemanticPackage a = packages.get(same.get(i));
                    SemanticPackage b = packages.get(same.get(j));
                    if (a.column().table().equalsIgnoreCase(b.column().table())) {
                        continue;
                    }
                    double sss = a.description().equals(b.description()) ? 1
                            : cache.computeIfAbsent(a.description() + "\u0000" + b.description(),
                                    k -> cosine(vectors.apply(a.description()), vectors.apply(b.description())));
                    out.add(new Candidate(Ambiguity.Type.HOMONYM, List.of(same.get(i), same.get(j)), sss,
                            "same name, different meanings: '" + a.description() + "' vs '" + b.description() + "'"));
                }
            }
        }
        for (List<Integer> block : byWords.values()) {
            for (int i = 0; i < block.size(); i++) {
                for (int j = i + 1; j < block.size(); j++) {
                    ColumnNode ca = cols.get(block.get(i));
                    ColumnNode cb = cols.get(block.get(j));
                    if (ca.ref().table().equalsIgnoreCase(cb.ref().table())
                            || ca.ref().column().equalsIgnoreCase(cb.ref().column())
                            || !compatible(ca.valueType(), cb.valueType())) {
                        continue;
                    }
                    SemanticPackage a = packages.get(ca.index());
                    SemanticPackage b = packages.get(cb.index());
                    double sss = cosine(vectors.apply(nameText(meaningName(a.canonicalName()))),
                            vectors.apply(nameText(meaningName(b.canonicalName()))));
                    out.add(new Candidate(Ambiguity.Type.SYNONYM, List.of(ca.index(), cb.index()), sss,
                            "different names, one meaning: both read as '" + a.canonicalName() + "'"
                                    + (a.canonicalName().equals(b.canonicalName()) ? ""
                                            : " / '" + b.canonicalName() + "'")));
                }
            }
        }
        for (ColumnNode c : cols) {
            SemanticPackage p = packages.get(c.index());
            double sss = cosine(vectors.apply(nameText(c.ref().column())), vectors.apply(nameText(p.canonicalName())));
            out.add(new Candidate(Ambiguity.Type.IRREGULAR, List.of(c.index()), sss,
                    "name far from its meaning: '" + c.ref().column() + "' reads as '" + p.canonicalName() + "'"));
        }
        return out;
    }

    public static List<Ambiguity> detect(SchemaGraph graph, List<SemanticPackage> packages,
            Function<String, float[]> vectors, Thresholds thresholds) {
        return decide(graph, candidates(graph, packages, vectors), thresholds);
    }

    /** The thresholds applied to scored candidates; homonymy and synonymy take precedence over irregular names. */
    public static List<Ambiguity> decide(SchemaGraph graph, List<Candidate> candidates, Thresholds thresholds) {
        List<Ambiguity> found = new ArrayList<>();
        Set<Integer> involved = new HashSet<>();
        for (Candidate c : candidates) {
            boolean hit = switch (c.type()) {
                case HOMONYM -> c.sss() < thresholds.homonym();
                case SYNONYM -> c.sss() >= thresholds.synonym();
                case IRREGULAR -> false;
            };
            if (hit) {
                found.add(new Ambiguity(c.type(), c.columns().stream().map(i -> graph.columns().get(i).ref()).toList(),
                        c.sss(), c.evidence()));
                involved.addAll(c.columns());
            }
        }
        for (Candidate c : candidates) {
            if (c.type() == Ambiguity.Type.IRREGULAR && c.sss() < thresholds.irregular()
                    && !involved.contains(c.columns().get(0))) {
                found.add(new Ambiguity(c.type(), List.of(graph.columns().get(c.columns().get(0)).ref()), c.sss(),
                        c.evidence()));
            }
        }
        return found;
    }

    /** Value families a comparison could join: numbers with numbers, dates with timestamps, text with text. */
    static boolean compatible(ValueType a, ValueType b) {
        return family(a).equals(family(b));
    }

    private static String family(ValueType t) {
        return switch (t) {
            case NUMBER, BOOLEAN -> "number";
            case DATE, TIME, TIMESTAMP -> "time";
            default -> "text";
        };
    }

    public static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }
}
