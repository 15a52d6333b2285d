package dev.snailbench.executor.service.qatch;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a column is good for in a generated test, from its type and its data: identifiers are never summed or
 * grouped, only low-cardinality columns are grouped, only numeric measures are averaged or summed.
 */
public record ColumnProfile(
        String table,
        String name,
        Kind kind,
        boolean primaryKey,
        long rows,
        long nonNull,
        long distinct,
        List<String> values) {

    public enum Kind {
        NUMERIC,
        TEXT,
        BOOLEAN,
        TEMPORAL,
        OTHER
    }

    private static final Pattern ID_NAME = Pattern.compile("(?i)^id$|_id$|^id_|[a-z]Id$|[a-z]ID$");

    public static Kind kindOf(String typeName) {
        String t = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        if (t.matches(".*(int|serial|numeric|decimal|float|real|double|money|number).*")) {
            return Kind.NUMERIC;
        }
        if (t.matches(".*(char|text|string|uniqueidentifier).*")) {
            return Kind.TEXT;
        }
        if (t.matches("bool.*|bit")) {
            return Kind.BOOLEAN;
        }
        if (t.matches(".*(date|time).*")) {
            return Kind.TEMPORAL;
        }
        return Kind.OTHER;
    }

    /** A key or identifier: never aggregated arithmetically, never grouped. */
    public boolean isId() {
        return primaryKey
                || ID_NAME.matcher(name).find()
                || (kind == Kind.NUMERIC && nonNull == rows && distinct == rows && rows > 20);
    }

    /** Few distinct values: GROUP BY, DISTINCT and equality filters make sense. */
    public boolean isCategorical(int maxDistinct) {
        return !isId() && kind != Kind.OTHER && distinct >= 2 && distinct <= maxDistinct && distinct * 2 <= nonNull;
    }

    /** A number that means a quantity: SUM, AVG, MIN, MAX. */
    public boolean isMeasure() {
        return kind == Kind.NUMERIC && !isId() && distinct >= 2;
    }

    /** Ordered values (numbers, dates): range filters, ORDER BY, MIN/MAX. */
    public boolean isOrdered() {
        return (kind == Kind.NUMERIC || kind == Kind.TEMPORAL || kind == Kind.TEXT) && nonNull > 0;
    }

    public boolean hasNulls() {
        return nonNull < rows;
    }

    /** The name as words for a question ("home_team_goals" → "home team goals"). */
    public String words() {
        return QuestionWording.words(name);
    }
}
