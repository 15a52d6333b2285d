package dev.snailbench.cli;

import dev.snailbench.model.text.Spelling;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean": the known word closest to a mistyped one (edit distance, case ignored), if it is close enough. */
public final class Suggest {

    private Suggest() {}

    /** The closest candidate within 1 edit for short words (up to 4 characters), 2 for longer ones. */
    public static Optional<String> closest(String word, Collection<String> candidates) {
        String typed = word.toLowerCase(Locale.ROOT);
        int allowed = typed.length() <= 4 ? 1 : 2;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = Spelling.distance(typed, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** {@code ": did you mean 'x'?"} when there is a close candidate, else nothing. */
    public static String hint(String word, Collection<String> candidates) {
        return closest(word, candidates).map(c -> ": did you mean '" + c + "'?").orElse("");
    }
}
