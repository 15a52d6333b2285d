package dev.snailbench.workbench.refiner;

import dev.snailbench.workbench.refiner.SchemaGraph.ColumnNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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
 * (a declared foreign key, or an undeclared one read from values: the column's values are among the values of
 * another table's single-column primary key), how much of the key a reference's values cover, and the share of
 * values two columns have in common. No pair is a synonym on this alone: {@link AmbiguityDetector} asks the names,
 * or the name's form and the coverage, to agree.
 *
 * <p>Values are compared on the sample the executor reads (distinct values, at most the requested number per
 * column). When that sample is the bottom of one hash order ({@code md5} of the value's text, the same for every
 * column: {@link #HASHED}, checked here by recomputing the hashes), two columns' samples are coordinated: below the
 * lower of their last hashes each sample holds every value its column has, so inclusion, coverage and overlap are
 * measured exactly on that range however large the columns. A column with fewer values than the bound is sampled
 * whole. Any other sample (the first values in order, cut at the bound) is compared as it stands.
 */
final class SynonymEvidence {

    /** A reference from {@code from} to the key {@code to}; {@code declared} false: read from values. */
    record Reference(ColumnNode from, ColumnNode to, boolean declared, boolean distinctive) {}

    /** Fewest sample values a column needs for its values to count as evidence. */
    static final int MIN_VALUES = 2;

    /** Least share of the smaller column's values found in the other for shared values to count. */
    static final double MIN_OVERLAP = 0.5;

    /** Least share of a key's values a reference must cover to be read as the key's entity rather than a role. */
    static final double MIN_COVERAGE = 0.5;

    /** The sample order this evidence reads coordinated: ascending {@code md5} of each value's text (lower-case hex). */
    static final String HASHED = "md5";

    /**
     * One column's sample: its values, normalized, and the last hash up to which it holds every value of its
     * column (null: the whole column; empty: a cut sample not in hash order, which covers no known range).
     */
    private record Sample(List<String> values, List<String> hashes, String upTo, boolean known) {

        /** The values whose hash is at most {@code limit} (null: all). */
        Set<String> below(String limit) {
            Set<String> out = new HashSet<>();
            for (int i = 0; i < values.size(); i++) {
                if (limit == null || hashes.get(i).compareTo(limit) <= 0) {
                    out.add(values.get(i));
                }
            }
            return out;
        }
    }

    private final SchemaGraph graph;
    private final Map<Integer, List<Reference>> inferred = new HashMap<>();
    private final Map<Long, Integer> shared = new HashMap<>();
    private final Map<Integer, Sample> samples = new HashMap<>();
    private final int bound;

    private SynonymEvidence(SchemaGraph graph) {
        this.graph = graph;
        // the executor's bound: a column with as many values as the largest sample may have more
        this.bound =
                graph.columns().stream().mapToInt(c -> c.samples().size()).max().orElse(0);
        graph.columns().forEach(c -> samples.put(c.index(), sample(c)));
    }

    static SynonymEvidence of(SchemaGraph graph) {
        SynonymEvidence e = new SynonymEvidence(graph);
        e.inferReferences();
        e.countSharedValues();
        return e;
    }

    private Sample sample(ColumnNode c) {
        List<String> values = new ArrayList<>();
        List<String> hashes = new ArrayList<>();
        boolean ascending = true;
        for (String v : c.samples()) {
            String h = md5(v);
            ascending &= hashes.isEmpty() || hashes.get(hashes.size() - 1).compareTo(h) < 0;
            values.add(v.trim().toLowerCase(Locale.ROOT));
            hashes.add(h);
        }
        boolean whole = c.samples().size() < bound;
        if (whole) {
            return new Sample(values, hashes, null, true);
        }
        return ascending && !hashes.isEmpty()
                ? new Sample(values, hashes, hashes.get(hashes.size() - 1), true)
                : new Sample(values, hashes, null, false);
    }

    /** The lower of two samples' last hashes (null: both whole). */
    private static String limit(Sample a, Sample b) {
        if (a.upTo() == null) {
            return b.upTo();
        }
        return b.upTo() == null || a.upTo().compareTo(b.upTo()) <= 0 ? a.upTo() : b.upTo();
    }

    /** Whether two samples are coordinated: each holds every value of its column up to a known hash. */
    private static boolean coordinated(Sample a, Sample b) {
        return a.known() && b.known();
    }

    /**
     * How much of the key {@code r.to()} the reference's values cover, measured on the range where both samples
     * are whole; NaN when the samples are not coordinated.
     */
    double coverage(Reference r) {
        Sample from = samples.get(r.from().index());
        Sample to = samples.get(r.to().index());
        if (!coordinated(from, to)) {
            return Double.NaN;
        }
        String limit = limit(from, to);
        Set<String> keys = to.below(limit);
        if (keys.size() < MIN_VALUES) {
            return Double.NaN;
        }
        Set<String> held = from.below(limit);
        held.retainAll(keys);
        return (double) held.size() / keys.size();
    }

    static String md5(String value) {
        try {
            byte[] d = MessageDigest.getInstance("MD5").digest(value.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(32);
            for (byte b : d) {
                hex.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every Java runtime", e);
        }
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

    /** The references read from the values of {@code c}. */
    List<Reference> inferredFrom(ColumnNode c) {
        return inferred.getOrDefault(c.index(), List.of());
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
            boolean distinctive = c.samples().stream().allMatch(v -> distinctive(c, v));
            for (ColumnNode key : keys) {
                if (key.ref().table().equalsIgnoreCase(c.ref().table())
                        || !AmbiguityDetector.compatible(c.valueType(), key.valueType())) {
                    continue;
                }
                if (included(samples.get(c.index()), samples.get(key.index()))) {
                    inferred.computeIfAbsent(c.index(), k -> new ArrayList<>())
                            .add(new Reference(c, key, false, distinctive));
                }
            }
        }
    }

    /**
     * Whether a column's values are among a key's: on coordinated samples, every value of the range both hold whole
     * (at least {@link #MIN_VALUES} of them); otherwise every sample value of the column among the key's.
     */
    private static boolean included(Sample column, Sample key) {
        if (!coordinated(column, key)) {
            return new HashSet<>(key.values()).containsAll(column.values());
        }
        String limit = limit(column, key);
        Set<String> values = column.below(limit);
        return values.size() >= MIN_VALUES && key.below(limit).containsAll(values);
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
            if (n >= MIN_VALUES
                    && overlap(
                            graph.columns().get((int) (k >>> 32)),
                            graph.columns().get((int) (k & 0xffffffffL)))) {
                shared.put(k, n);
            }
        });
    }

    /**
     * Whether two columns have most values in common: on coordinated samples at least {@link #MIN_OVERLAP} of the
     * smaller column's values, in the range both samples hold whole, are the other's (two columns sharing a few
     * values by accident, such as the towns people were born in and live in, do not); a cut sample in another
     * order cannot tell, its shared values count as they are.
     */
    private boolean overlap(ColumnNode a, ColumnNode b) {
        Sample sa = samples.get(a.index());
        Sample sb = samples.get(b.index());
        if (!coordinated(sa, sb)) {
            return true;
        }
        String limit = limit(sa, sb);
        Set<String> va = sa.below(limit);
        Set<String> vb = sb.below(limit);
        Set<String> both = new HashSet<>(va);
        both.retainAll(vb);
        int smaller = Math.min(va.size(), vb.size());
        return smaller > 0 && both.size() >= MIN_OVERLAP * smaller;
    }

    /** Fewest distinct values a column needs for {@link #subset} and {@link #similarValues}. */
    static final int MIN_SET_VALUES = 3;

    /**
     * Whether every value of one text column (at least {@link #MIN_SET_VALUES}, three characters or more) is among
     * the other's, on the range both samples hold whole (coordinated samples), or as they stand when both are whole.
     */
    boolean subset(ColumnNode a, ColumnNode b) {
        if (!family(a).equals("text") || !family(b).equals("text")) {
            return false;
        }
        Sample sa = samples.get(a.index());
        Sample sb = samples.get(b.index());
        if (!coordinated(sa, sb)) {
            return false;
        }
        String limit = limit(sa, sb);
        Set<String> va = sa.below(limit);
        Set<String> vb = sb.below(limit);
        Set<String> small = va.size() <= vb.size() ? va : vb;
        Set<String> large = small == va ? vb : va;
        return small.size() >= MIN_SET_VALUES
                && small.stream().allMatch(v -> v.length() >= 3)
                && large.containsAll(small);
    }

    /**
     * Whether two numeric columns hold one quantity by their values: at least {@link #MIN_SET_VALUES} numbers each,
     * ranges that overlap, and medians within a factor of two (a wage and a salary; not a count of tickets and a
     * count of screens).
     */
    static boolean similarValues(ColumnNode a, ColumnNode b) {
        double[] va = numbers(a);
        double[] vb = numbers(b);
        if (va.length < MIN_SET_VALUES || vb.length < MIN_SET_VALUES) {
            return false;
        }
        if (Math.max(va[0], vb[0]) > Math.min(va[va.length - 1], vb[vb.length - 1])) {
            return false;
        }
        double ma = va[va.length / 2];
        double mb = vb[vb.length / 2];
        return ma > 0 && mb > 0 && Math.max(ma, mb) <= 2 * Math.min(ma, mb);
    }

    /** A column's sample values as sorted numbers; empty when one is not a number or the column is not numeric. */
    private static double[] numbers(ColumnNode c) {
        if (!family(c).equals("number")) {
            return new double[0];
        }
        double[] out = new double[c.samples().size()];
        for (int i = 0; i < out.length; i++) {
            try {
                out[i] = Double.parseDouble(c.samples().get(i).trim());
            } catch (NumberFormatException e) {
                return new double[0];
            }
        }
        java.util.Arrays.sort(out);
        return out;
    }

    private static String family(ColumnNode c) {
        return AmbiguityDetector.family(c.valueType());
    }

    static long key(int a, int b) {
        return (long) Math.min(a, b) << 32 | Math.max(a, b);
    }
}
