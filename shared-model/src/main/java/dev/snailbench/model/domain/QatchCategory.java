package dev.snailbench.model.domain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** QATCH's SQL-centric test categories (Papicchio et al.), plus negated predicates. */
public enum QatchCategory {
    PROJECT("project"),
    DISTINCT("distinct"),
    ORDER_BY("orderby"),
    SELECT("select"),
    SIMPLE_AGGREGATION("simple-aggregation"),
    JOIN("join"),
    GROUP_BY("groupby"),
    HAVING("having"),
    NULL("null"),
    NEGATED("negated");

    private final String id;

    QatchCategory(String id) {
        this.id = id;
    }

    @JsonValue
    public String id() {
        return id;
    }

    @JsonCreator
    public static QatchCategory fromId(String value) {
        String wanted = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(c -> c.id.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown QATCH category '" + value + "' (expected "
                        + Arrays.stream(values()).map(QatchCategory::id).toList() + ")"));
    }
}
