package dev.snailbench.workbench.refiner;

import dev.snailbench.workbench.refiner.SchemaGraph.ColumnNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a schema says, besides names, about two columns holding one thing: a reference from one to the other
 * (a declared foreign key, or an undeclared one read from values: every sample value of a column is among the
 * sample values of another table's single-column primary key) and sample values the two share. No pair is a synonym
 * on this alone: {@link AmbiguityDetector} asks the names to agree.
 */
final class SynonymEvidence {

    /** A reference from {@code from} to the key {@code to}; {@code declared} false: read from values. */
    record Reference(ColumnNode from, ColumnNode to, boolean declared, boolean distinctive) {}

    /** Fewest sample values a column needs for its values to count as evidence. */
    static final int MIN_VALUES = 2;

    private final SchemaGraph graph;
    private final Map<Integer, List<Reference>> inferred = new HashMap<>();
    private final Map<Long, Integer> shared = new HashMap<>();

    private SynonymEvidence(SchemaGraph graph) {
        this.graph = graph;
    }

    static SynonymEvidence of(SchemaGraph graph) {
        SynonymEvidence e = new SynonymEvidence(graph);
        e.inferReferences();
        e.countSharedValues();
        return e;
    }

    /**
     * The declared reference between two columns (either way), else the references read from values from one
     * to the other, or null.
     */
    Reference reference(ColumnNode a, ColumnNode b) {
        if (graph.referenced(a) == b) {
            return new Reference(a, b, true, true);
        }
        if (graph.referenced(b) == a) {
            return new Reference(b, a, true, true);
        }
        for (Reference r : inferred.getOrDefault(a.index(), List.of())) {
            if (r.to() == b) {
                return r;
            }
        }
        for (Reference r : inferred.getOrDefault(b.index(), List.of())) {
            if (r.to() == a) {
                return r;
            }
        }
        return null;
    }

    /** Every reference read from values, by referencing column. */
    List<Reference> inferred() {
        return inferred.values().stream().flatMap(List::stream).toList();
    }

    /** Whether the table of {@code r.from()} references {@code r.to()}'s table more than once: each is a role. */
    boolean oneOfSeveral(Reference r) {
        String table = r.to().ref().table();
        int n = 0;
        for (ColumnNode c : graph.columnsOf(r.from().ref().table())) {
            ColumnNode to = graph.referenced(c);
            if (to != null && to.ref().table().equalsIgnoreCase(table)) {
                n++;
            }
            for (Reference i : inferred.getOrDefault(c.index(), List.of())) {
                if (i.distinctive() && i.to().ref().table().equalsIgnoreCase(table) && to == null) {
                    n++;
                }
            }
        }
        return n > 1;
    }

    /** How many distinctive sample values two columns share (0 when they share fewer than {@link #MIN_VALUES}). */
    int sharedValues(ColumnNode a, ColumnNode b) {
        return shared.getOrDefault(key(a.index(), b.index()), 0);
    }

    /** Pairs of columns of different tables sharing at least {@link #MIN_VALUES} distinctive values. */
    List<long[]> sharingPairs() {
        List<long[]> out = new ArrayList<>();
        shared.keySet().forEach(k -> out.add(new long[] {k >>> 32, k & 0xffffffffL}));
        return out;
    }

    /**
     * A value that identifies something rather than occurring by chance: text of three characters or more, or
     * any other value of four characters or more (years, large numbers, dates); small numbers are shared by chance.
     */
    static boolean distinctive(ColumnNode c, String value) {
        String v = value.trim();
        return family(c).equals("text") ? v.length() >= 3 : v.length() >= 4;
    }

    private void inferReferences() {
        List<ColumnNode> keys = new ArrayList<>();
        for (SchemaGraph.TableNode t : graph.tables()) {
            if (t.primaryKey().size() == 1) {
                ColumnNode key =
                        graph.column(new ColumnRef(t.name(), t.primaryKey().get(0)).key());
                if (key != null && key.samples().size() >= MIN_VALUES) {
                    keys.add(key);
                }
            }
        }
        for (ColumnNode c : graph.columns()) {
            if (graph.referenced(c) != null || c.samples().size() < MIN_VALUES || soleKey(c)) {
                continue;
            }
            Set<String> values = normalized(c);
            boolean distinctive = c.samples().stream().allMatch(v -> distinctive(c, v));
            for (ColumnNode key : keys) {
                if (key.ref().table().equalsIgnoreCase(c.ref().table())
                        || !AmbiguityDetector.compatible(c.valueType(), key.valueType())) {
                    continue;
                }
                if (normalized(key).containsAll(values)) {
                    inferred.computeIfAbsent(c.index(), k -> new ArrayList<>())
                            .add(new Reference(c, key, false, distinctive));
                }
            }
        }
    }

    private boolean soleKey(ColumnNode c) {
        return c.primaryKey()
                && graph.tables().stream()
                        .filter(t -> t.name().equalsIgnoreCase(c.ref().table()))
                        .anyMatch(t -> t.primaryKey().size() == 1);
    }

    private void countSharedValues() {
        Map<String, List<ColumnNode>> byValue = new LinkedHashMap<>();
        for (ColumnNode c : graph.columns()) {
            if (c.samples().size() < MIN_VALUES) {
                continue;
            }
            Set<String> seen = new HashSet<>();
            for (String v : c.samples()) {
                String n = v.trim().toLowerCase(Locale.ROOT);
                if (distinctive(c, v) && seen.add(n)) {
                    byValue.computeIfAbsent(family(c) + "\u0000" + n, k -> new ArrayList<>())
                            .add(c);
                }
            }
        }
        Map<Long, Integer> counts = new HashMap<>();
        for (List<ColumnNode> holders : byValue.values()) {
            for (int i = 0; i < holders.size(); i++) {
                for (int j = i + 1; j < holders.size(); j++) {
                    if (!holders.get(i)
                            .ref()
                            .table()
                            .equalsIgnoreCase(holders.get(j).ref().table())) {
                        counts.merge(key(holders.get(i).index(), holders.get(j).index()), 1, Integer::sum);
                    }
                }
            }
        }
        counts.forEach((k, n) -> {
            if (n >= MIN_VALUES) {
                shared.put(k, n);
            }
        });
    }

    private static String family(ColumnNode c) {
        return AmbiguityDetector.family(c.valueType());
    }

    private static Set<String> normalized(ColumnNode c) {
        Set<String> out = new HashSet<>();
        c.samples().forEach(v -> out.add(v.trim().toLowerCase(Locale.ROOT)));
        return out;
    }

    static long key(int a, int b) {
        return (long) Math.min(a, b) << 32 | Math.max(a, b);
    }
}
