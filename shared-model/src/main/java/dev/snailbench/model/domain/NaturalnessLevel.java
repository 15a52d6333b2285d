package dev.snailbench.model.domain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * How natural an identifier is (SNAILS): {@code Regular} (complete words), {@code Low} (decodable
 * abbreviations), {@code Least} (needs documentation). {@code Native} names the database's own identifiers,
 * whatever their level.
 */
public enum NaturalnessLevel {
    NATIVE("Native"),
    REGULAR("Regular"),
    LOW("Low"),
    LEAST("Least");

    private static final NaturalnessLevel[] ALL = values();

    private final String label;

    NaturalnessLevel(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    /**
     * Case-insensitive; throws {@link IllegalArgumentException} naming the accepted values. Also read from every
     * work item's events: the form written ({@link #label}) is matched first, as it is.
     */
    @JsonCreator
    public static NaturalnessLevel fromLabel(String value) {
        for (NaturalnessLevel level : ALL) {
            if (level.label.equals(value)) {
                return level;
            }
        }
        String wanted = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(ALL)
                .filter(l -> l.label.toLowerCase(Locale.ROOT).equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown naturalness level '" + value + "' (expected Native, Regular, Low or Least)"));
    }

    /** The weight of this level in SNAILS' combined naturalness (Regular 1, Low 0.5, Least 0). */
    public double weight() {
        return switch (this) {
            case REGULAR -> 1.0;
            case LOW -> 0.5;
            case LEAST -> 0.0;
            case NATIVE -> throw new IllegalStateException("Native is not a naturalness class");
        };
    }
}
