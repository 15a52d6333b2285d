package dev.snailbench.model.domain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/**
 * How a job's items are judged, chosen per job and carried on every work item (events written before it existed
 * read as {@link #DEFAULT}).
 *
 * @param linking       whose conventions schema linking follows: the platform's scope-aware reading (default) or the
 *                      SNAILS authors' ({@code snails}), to reproduce the paper's QueryRecall
 * @param goldScreening what happens to items whose gold query is not deterministic (its result depends on the plan):
 *                      {@code off} (not checked), {@code flag} (default: checked, flagged, compared tie-aware) or
 *                      {@code exclude} (also left out of the accuracy, counted apart)
 */
public record EvaluationOptions(Linking linking, GoldScreening goldScreening) {

    public static final EvaluationOptions DEFAULT = new EvaluationOptions(Linking.PLATFORM, GoldScreening.FLAG);

    public EvaluationOptions {
        linking = linking == null ? Linking.PLATFORM : linking;
        goldScreening = goldScreening == null ? GoldScreening.FLAG : goldScreening;
    }

    /** Schema-linking conventions. */
    public enum Linking {
        PLATFORM,
        SNAILS;

        private static final Linking[] ALL = values();
        private final String id = name().toLowerCase(Locale.ROOT);

        @JsonValue
        public String id() {
            return id;
        }

        @JsonCreator
        public static Linking fromId(String value) {
            return parse(value, ALL, Linking::id);
        }
    }

    /** What gold screening does with an item whose gold is not deterministic. */
    public enum GoldScreening {
        OFF,
        FLAG,
        EXCLUDE;

        private static final GoldScreening[] ALL = values();
        private final String id = name().toLowerCase(Locale.ROOT);

        @JsonValue
        public String id() {
            return id;
        }

        @JsonCreator
        public static GoldScreening fromId(String value) {
            return parse(value, ALL, GoldScreening::id);
        }
    }

    /**
     * The value as written ({@code id}) or in any case with surrounding spaces, as a team may write it. Every work
     * item's events carry both options: the written form is matched first, without the normalising search.
     */
    private static <E extends Enum<E>> E parse(String value, E[] values, Function<E, String> id) {
        for (E v : values) {
            if (id.apply(v).equals(value)) {
                return v;
            }
        }
        String wanted = value == null ? "" : value.trim().toUpperCase(Locale.ROOT);
        return Arrays.stream(values)
                .filter(v -> v.name().equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown value '" + value + "' (expected "
                        + String.join(
                                " or ",
                                Arrays.stream(values)
                                        .map(v -> v.name().toLowerCase(Locale.ROOT))
                                        .toList())
                        + ")"));
    }
}
