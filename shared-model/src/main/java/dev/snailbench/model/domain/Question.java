package dev.snailbench.model.domain;

import java.util.List;
import java.util.Locale;

/**
 * A natural-language question with its gold SQL, written against the native schema. {@code hardness} is the
 * dataset's own Spider hardness label of the question ({@code easy}, {@code medium}, {@code hard} or
 * {@code extra}; null when the dataset gives none). It is kept beside the hardness the scorer computes from the
 * gold SQL because the two can differ: FootballDB labels a question once (on its v3 text) for every data model.
 */
public record Question(String id, String question, String goldSql, String hardness) {

    /** The labels Spider's hardness takes, from easy to extra. */
    public static final List<String> HARDNESS_LABELS = List.of("easy", "medium", "hard", "extra");

    public Question {
        hardness = hardnessLabel(hardness);
    }

    /** A question its dataset gives no hardness label. */
    public Question(String id, String question, String goldSql) {
        this(id, question, goldSql, null);
    }

    /**
     * A hardness label in lower case (any case accepted), or null for none.
     *
     * @throws IllegalArgumentException naming the accepted labels for any other value
     */
    public static String hardnessLabel(String value) {
        if (value == null) {
            return null;
        }
        String label = value.trim().toLowerCase(Locale.ROOT);
        if (!HARDNESS_LABELS.contains(label)) {
            throw new IllegalArgumentException("unknown hardness '" + value + "' (easy, medium, hard or extra)");
        }
        return label;
    }
}
