package dev.snailbench.model.domain;

import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the scorer reads from a work item's two SQL texts (gold ORDER BY, hardness, schema-linking identifiers),
 * read by the executor from the trees its guard parsed, so that each text is parsed once on the item path instead
 * of once in each service. Either side is null when there is no such text (no prediction). Identifiers are SNAILS'
 * keys: {@code t:table} and {@code c:column}, lower-cased.
 */
public record SqlFacts(Gold gold, Predicted predicted) {

    /**
     * The gold's facts; {@code error} (gold SQL that does not parse, or whose identifiers cannot be read) means no
     * linking score, and then {@code identifiers} is null. {@code hardness} is null when it cannot be told.
     */
    public record Gold(boolean orderBy, String hardness, Set<String> identifiers, String error) {

        public Gold {
            identifiers = identifiers == null ? null : sorted(identifiers);
        }
    }

    /**
     * The prediction's identifiers and how they were read: {@code parsed}, or {@code tokens} when it does not
     * parse; {@code statements} is how many statements the text holds (at least 1).
     */
    public record Predicted(Set<String> identifiers, String method, int statements) {

        public Predicted {
            identifiers = identifiers == null ? Set.of() : sorted(identifiers);
        }
    }

    /** Sorted, as the scorer lists them on an item's result, whichever set the JSON was read into. */
    private static Set<String> sorted(Set<String> identifiers) {
        return Collections.unmodifiableSortedSet(new TreeSet<>(identifiers));
    }
}
