package dev.snailbench.workbench.refiner;

import dev.snailbench.workbench.refiner.SchemaGraph.ColumnNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import nl.cwts.networkanalysis.Clustering;
import nl.cwts.networkanalysis.LeidenAlgorithm;
import nl.cwts.networkanalysis.Network;
import nl.cwts.util.LargeDoubleArray;
import nl.cwts.util.LargeIntArray;

/**
 * The column graph and its Leiden partition. Columns are linked when they share a table (a chain through the
 * table plus a link to its first key column: linear in the table's width, where a clique would be quadratic on
 * 300-column tables), through a foreign key (weight 2), when they share a name across tables, when a column's
 * name starts with another table's name ({@code Event_ID} → {@code tbl_Events}), and when their sample values
 * overlap. Leiden (CWTS {@code networkanalysis}) maximises modularity; a column's community is the context its
 * semantic package is written from.
 */
public final class ColumnCommunities {

    private final int[] community;
    private final List<List<Integer>> members;

    private ColumnCommunities(int[] community) {
        this.community = community;
        Map<Integer, List<Integer>> by = new LinkedHashMap<>();
        for (int i = 0; i < community.length; i++) {
            by.computeIfAbsent(community[i], k -> new ArrayList<>()).add(i);
        }
        this.members = List.copyOf(by.values());
    }

    /** The community (an index) of each column of the graph, in column order. */
    public int of(int column) {
        return community[column];
    }

    /** The columns of the same community as {@code column} (itself included). */
    public List<Integer> peers(int column) {
        int c = community[column];
        for (List<Integer> m : members) {
            if (community[m.get(0)] == c) {
                return m;
            }
        }
        return List.of(column);
    }

    public int count() {
        return members.size();
    }

    /** Weighted edges of the column graph: {@code [from, to, weight*100]} rows, each pair once. */
    static Map<Long, Double> edges(SchemaGraph graph) {
        Map<Long, Double> w = new HashMap<>();
        List<ColumnNode> cols = graph.columns();
        Map<String, List<Integer>> byTable = new LinkedHashMap<>();
        Map<String, List<Integer>> byName = new LinkedHashMap<>();
        for (ColumnNode c : cols) {
            byTable.computeIfAbsent(c.ref().table().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(c.index());
            byName.computeIfAbsent(c.ref().column().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(c.index());
        }
        Map<String, Integer> anchorOfTable = new HashMap<>();
        for (Map.Entry<String, List<Integer>> t : byTable.entrySet()) {
            List<Integer> ids = t.getValue();
            int anchor = ids.stream()
                    .filter(i -> cols.get(i).primaryKey())
                    .findFirst()
                    .orElse(ids.get(0));
            anchorOfTable.put(t.getKey(), anchor);
            for (int k = 0; k < ids.size(); k++) {
                add(w, ids.get(k), anchor, 1);
                if (k > 0) {
                    add(w, ids.get(k - 1), ids.get(k), 1);
                }
            }
        }
        for (ColumnNode c : cols) {
            ColumnNode ref = graph.referenced(c);
            if (ref != null) {
                add(w, c.index(), ref.index(), 2);
            }
        }
        for (List<Integer> same : byName.values()) {
            for (int k = 1; k < same.size(); k++) {
                add(w, same.get(k - 1), same.get(k), 1);
            }
        }
        // Implicit references: Event_ID in any table links to tbl_Events' anchor.
        Map<String, Integer> entityAnchor = new HashMap<>();
        for (Map.Entry<String, Integer> t : anchorOfTable.entrySet()) {
            String entity = Lexicon.entity(t.getKey());
            entityAnchor.put(entity, t.getValue());
            entityAnchor.putIfAbsent(Lexicon.singular(entity), t.getValue());
        }
        for (ColumnNode c : cols) {
            List<String> tokens = Lexicon.words(c.ref().column());
            if (tokens.size() >= 2 && Lexicon.isKeyWord(tokens.get(tokens.size() - 1))) {
                String entity = String.join("_", tokens.subList(0, tokens.size() - 1));
                Integer anchor = entityAnchor.get(entity);
                if (anchor == null) {
                    anchor = entityAnchor.get(Lexicon.singular(entity));
                }
                if (anchor != null && anchor != c.index()) {
                    add(w, c.index(), anchor, 1.5);
                }
            }
        }
        Map<String, List<Integer>> byValue = new HashMap<>();
        for (ColumnNode c : cols) {
            for (String v : c.samples()) {
                if (v != null && v.length() >= 2) {
                    byValue.computeIfAbsent(v, k -> new ArrayList<>()).add(c.index());
                }
            }
        }
        for (List<Integer> sharing : byValue.values()) {
            if (sharing.size() <= 10) { // a value found everywhere (0, 'Y') says nothing about meaning
                for (int k = 1; k < sharing.size(); k++) {
                    add(w, sharing.get(k - 1), sharing.get(k), 0.5);
                }
            }
        }
        return w;
    }

    private static void add(Map<Long, Double> w, int a, int b, double weight) {
        if (a == b) {
            return;
        }
        long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
        w.merge(key, weight, Double::sum);
    }

    /** Leiden on the column graph (modularity, resolution 1), seeded so that a schema always splits the same way. */
    public static ColumnCommunities of(SchemaGraph graph, long seed) {
        int n = graph.columns().size();
        if (n == 0) {
            return new ColumnCommunities(new int[0]);
        }
        Map<Long, Double> w = edges(graph);
        int m = w.size();
        int[] from = new int[m];
        int[] to = new int[m];
        double[] weight = new double[m];
        int i = 0;
        for (Map.Entry<Long, Double> e : w.entrySet()) {
            from[i] = (int) (e.getKey() >>> 32);
            to[i] = (int) (e.getKey() & 0xffffffffL);
            weight[i] = e.getValue();
            i++;
        }
        if (m == 0) {
            int[] singletons = new int[n];
            for (int k = 0; k < n; k++) {
                singletons[k] = k;
            }
            return new ColumnCommunities(singletons);
        }
        Network network = new Network(
                n,
                true,
                new LargeIntArray[] {new LargeIntArray(from), new LargeIntArray(to)},
                new LargeDoubleArray(weight),
                false,
                true);
        // Modularity as CPM: resolution / (2m), the scaling CWTS' own command-line runner applies.
        double resolution = 1.0 / (2 * network.getTotalEdgeWeight() + network.getTotalEdgeWeightSelfLinks());
        LeidenAlgorithm leiden =
                new LeidenAlgorithm(resolution, 10, LeidenAlgorithm.DEFAULT_RANDOMNESS, new Random(seed));
        Clustering clustering = leiden.findClustering(network);
        return new ColumnCommunities(clustering.getClusters());
    }
}
