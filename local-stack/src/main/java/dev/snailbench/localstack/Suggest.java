package dev.snailbench.localstack;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean": the known word closest to a mistyped one (edit distance, case ignored), if it is close enough. */
final class Suggest {

    private Suggest() {
    }

    /** The closest candidate within 1 edit for short words (up to 4 characters), 2 for longer ones. */
    static Optional<String> closest(String word, Collection<String> candidates) {
        String typed = word.toLowerCase(Locale.ROOT);
        int allowed = typed.length() <= 4 ? 1 : 2;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = distance(typed, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** {@code ": did you mean 'x'?"} when there is a close candidate, else nothing. */
    static String hint(String word, Collection<String> candidates) {
        return closest(word, candidates).map(c -> ": did you mean '" + c + "'?").orElse("");
    }

    /** Levenshtein distance with transpositions counted as one edit (optimal string alignment). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
