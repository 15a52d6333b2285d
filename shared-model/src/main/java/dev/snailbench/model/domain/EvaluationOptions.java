package dev.snailbench.model.domain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

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
        PLATFORM, SNAILS;

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static Linking fromId(String value) {
            return parse(Linking.class, value, values());
        }
    }

    /** What gold screening does with an item whose gold is not deterministic. */
    public enum GoldScreening {
        OFF, FLAG, EXCLUDE;

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static GoldScreening fromId(String value) {
            return parse(GoldScreening.class, value, values());
        }
    }

    private static <E extends Enum<E>> E parse(Class<E> type, String value, E[] values) {
        String wanted = value == null ? "" : value.trim().toUpperCase(Locale.ROOT);
        return Arrays.stream(values).filter(v -> v.name().equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown value '" + value + "' (expected "
                        + String.join(" or ", Arrays.stream(values).map(v -> v.name().toLowerCase(Locale.ROOT))
                                .toList()) + ")"));
    }
}
