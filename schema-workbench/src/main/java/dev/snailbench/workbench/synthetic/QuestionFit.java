package dev.snailbench.workbench.synthetic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How well a candidate question says its query: a rewritten frame must not keep a word of the seed's column where
 * the column was swapped, and among candidates the one whose words are closest to the query's (its identifiers'
 * words and its literals) is chosen, so the question names the swapped column and value rather than a phrasing of
 * another seed that happens to sit at the candidates' centre.
 */
public final class QuestionFit {

    private static final Set<String> COLUMN_SLOTS = Set.of("PROJECTION", "MEASURE", "GROUP");
    private static final Set<String> STOP = Set.of(
            "the",
            "a",
            "an",
            "of",
            "in",
            "on",
            "at",
            "by",
            "for",
            "to",
            "and",
            "or",
            "is",
            "are",
            "was",
            "were",
            "be",
            "been",
            "did",
            "do",
            "does",
            "what",
            "which",
            "who",
            "whom",
            "whose",
            "where",
            "when",
            "how",
            "many",
            "much",
            "me",
            "give",
            "show",
            "list",
            "return",
            "all",
            "with",
            "from",
            "that",
            "this",
            "it",
            "its",
            "as",
            "has",
            "have",
            "had",
            "their",
            "there",
            "also",
            "select",
            "distinct",
            "join",
            "group",
            "order",
            "limit",
            "desc",
            "asc",
            "count",
            "sum",
            "avg",
            "min",
            "max",
            "true",
            "false",
            "not",
            "like",
            "ilike",
            "null",
            "having",
            "between",
            "than",
            "t1",
            "t2",
            "t3",
            "t4",
            "t5",
            "id");

    private QuestionFit() {}

    /**
     * Whether {@code question} (a frame rewritten for a pair) still says a word of a column the pair swapped: a
     * word of the seed's column words (as the frame said them) that the new column's words do not have.
     */
    static boolean keepsSwappedWord(
            List<String> slotKinds, List<String> seedSpoken, List<String> pairSpoken, String question) {
        Set<String> asked = stems(question);
        for (int k = 0; k < slotKinds.size() && k < seedSpoken.size() && k < pairSpoken.size(); k++) {
            if (!COLUMN_SLOTS.contains(slotKinds.get(k)) || seedSpoken.get(k).equalsIgnoreCase(pairSpoken.get(k))) {
                continue;
            }
            Set<String> now = stems(pairSpoken.get(k));
            for (String old : stems(seedSpoken.get(k))) {
                if (!now.contains(old) && asked.contains(old)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** How close a question's words are to the query's: shared words over the words of either (0 to 1). */
    static double closeness(String question, String sql) {
        Set<String> q = stems(question);
        Set<String> s = stems(sql.replaceAll("[_.]", " "));
        if (q.isEmpty() || s.isEmpty()) {
            return 0;
        }
        Set<String> shared = new HashSet<>(q);
        shared.retainAll(s);
        Set<String> union = new HashSet<>(q);
        union.addAll(s);
        return shared.size() / (double) union.size();
    }

    /**
     * The indexes of {@code candidates}, closest to {@code sql} first; candidates equally close keep the order of
     * {@code preferred} (the embedding centroid's).
     */
    static List<Integer> rank(List<String> candidates, String sql, List<Integer> preferred) {
        List<Integer> order = new ArrayList<>(preferred);
        for (int i = 0; i < candidates.size(); i++) {
            if (!order.contains(i)) {
                order.add(i);
            }
        }
        double[] score = new double[candidates.size()];
        for (int i = 0; i < candidates.size(); i++) {
            score[i] = closeness(candidates.get(i), sql);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> -score[i]));
        return order;
    }

    /** The content words of {@code text}, lower case, a plural's -s and -es dropped. */
    static Set<String> stems(String text) {
        Set<String> out = new HashSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (w.isEmpty() || STOP.contains(w)) {
                continue;
            }
            out.add(stem(w));
        }
        return out;
    }

    private static String stem(String w) {
        if (w.length() > 4 && (w.endsWith("ches") || w.endsWith("shes") || w.endsWith("xes"))) {
            return w.substring(0, w.length() - 2);
        }
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) {
            return w.substring(0, w.length() - 1);
        }
        return w;
    }
}
