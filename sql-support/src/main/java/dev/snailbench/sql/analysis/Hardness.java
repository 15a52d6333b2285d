package dev.snailbench.sql.analysis;

import com.fasterxml.jackson.annotation.JsonValue;

/** Spider's hardness levels. */
public enum Hardness {
    EASY("easy"),
    MEDIUM("medium"),
    HARD("hard"),
    EXTRA("extra");

    private final String label;

    Hardness(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    /**
     * Spider's rule (evaluation.py, eval_hardness): component1 = WHERE, GROUP BY, ORDER BY, LIMIT, extra FROM
     * tables, ORs and LIKEs; component2 = nested queries and set operations; others = more than one
     * aggregation, more than one projection, more than one WHERE condition, more than one GROUP BY key.
     */
    public static Hardness of(int component1, int component2, int others) {
        if (component1 <= 1 && others == 0 && component2 == 0) {
            return EASY;
        }
        if ((others <= 2 && component1 <= 1 && component2 == 0) || (component1 <= 2 && others < 2 && component2 == 0)) {
            return MEDIUM;
        }
        if ((others > 2 && component1 <= 2 && component2 == 0)
                || (component1 > 2 && component1 <= 3 && others <= 2 && component2 == 0)
                || (component1 <= 1 && others == 0 && component2 <= 1)) {
            return HARD;
        }
        return EXTRA;
    }
}
