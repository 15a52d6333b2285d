package dev.snailbench.classifier.features;

import java.util.Collection;

/**
 * A letter trigram language model of English words (a–z, with start and end marks, add-one smoothing): how
 * word-like a spelling is. {@code height} scores high, {@code hght} low, whether or not either is in the list,
 * which the dictionary look-ups alone cannot tell for tokens they do not find.
 */
final class LetterTrigrams {

    private static final int SYMBOLS = 28; // 0 = start/end mark, 1..26 = a..z, 27 = any other character
    private final float[] logProbability = new float[SYMBOLS * SYMBOLS * SYMBOLS];

    private LetterTrigrams() {}

    static LetterTrigrams of(Collection<String> words) {
        int[] counts = new int[SYMBOLS * SYMBOLS * SYMBOLS];
        for (String word : words) {
            int a = 0, b = 0;
            for (int i = 0; i <= word.length(); i++) {
                int c = i == word.length() ? 0 : symbol(word.charAt(i));
                counts[(a * SYMBOLS + b) * SYMBOLS + c]++;
                a = b;
                b = c;
            }
        }
        LetterTrigrams model = new LetterTrigrams();
        for (int context = 0; context < SYMBOLS * SYMBOLS; context++) {
            long total = 0;
            for (int c = 0; c < SYMBOLS; c++) {
                total += counts[context * SYMBOLS + c];
            }
            for (int c = 0; c < SYMBOLS; c++) {
                model.logProbability[context * SYMBOLS + c] =
                        (float) Math.log((counts[context * SYMBOLS + c] + 1.0) / (total + SYMBOLS));
            }
        }
        return model;
    }

    double meanLogProbability(String lowerCaseToken) {
        double sum = 0;
        int a = 0, b = 0;
        for (int i = 0; i <= lowerCaseToken.length(); i++) {
            int c = i == lowerCaseToken.length() ? 0 : symbol(lowerCaseToken.charAt(i));
            sum += logProbability[(a * SYMBOLS + b) * SYMBOLS + c];
            a = b;
            b = c;
        }
        return sum / (lowerCaseToken.length() + 1);
    }

    private static int symbol(char c) {
        return c >= 'a' && c <= 'z' ? c - 'a' + 1 : 27;
    }
}
