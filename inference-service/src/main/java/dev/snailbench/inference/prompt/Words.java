package dev.snailbench.inference.prompt;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/** Word sets for similarity: split on non-letters and camelCase, lower case, crude plural folding. */
final class Words {

    private Words() {}

    static Set<String> of(String text) {
        Set<String> words = new LinkedHashSet<>();
        String spaced = text.replaceAll("([a-z])([A-Z])", "$1 $2");
        for (String w : spaced.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (w.length() >= 2) {
                words.add(w.length() > 3 && w.endsWith("s") ? w.substring(0, w.length() - 1) : w);
            }
        }
        return words;
    }

    static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() && b.isEmpty()) {
            return 0;
        }
        long common = a.stream().filter(b::contains).count();
        return (double) common / (a.size() + b.size() - common);
    }
}
