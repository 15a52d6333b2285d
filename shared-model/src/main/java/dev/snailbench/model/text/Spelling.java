package dev.snailbench.model.text;

/**
 * How far apart two spellings are, for the "did you mean" of the API's error bodies and of the command-line
 * client. Plain Java: the client runs it without the services' libraries.
 */
public final class Spelling {

    private Spelling() {}

    /**
     * Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each count as
     * one edit (Levenshtein with transpositions). Case counts: callers compare lower-cased words.
     */
    public static int distance(String a, String b) {
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
