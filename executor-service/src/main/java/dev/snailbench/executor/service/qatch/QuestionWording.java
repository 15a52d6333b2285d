package dev.snailbench.executor.service.qatch;

import dev.snailbench.sql.IdentifierWords;
import java.util.List;
import java.util.Locale;

/** How QATCH questions say names, values and comparisons in English. */
final class QuestionWording {

    private QuestionWording() {}

    /** An identifier as words: "home_team_goals" → "home team goals", "PlayerName" → "player name". */
    static String words(String identifier) {
        return String.join(" ", IdentifierWords.of(identifier).tokens()).toLowerCase(Locale.ROOT);
    }

    /** A value as a question shows it: numbers bare, booleans as true/false, the rest quoted. */
    static String display(ColumnProfile c, String v) {
        return switch (c.kind()) {
            case NUMERIC -> v;
            case BOOLEAN -> isTrue(v) ? "true" : "false";
            default -> "'" + v + "'";
        };
    }

    static String opWords(String op) {
        return switch (op) {
            case "=" -> "is";
            case "!=" -> "is not";
            case "<" -> "is less than";
            case ">" -> "is greater than";
            case "<=" -> "is at most";
            case ">=" -> "is at least";
            default -> throw new IllegalArgumentException(op);
        };
    }

    /** "a", "a and b", "a, b and c". */
    static String and(List<String> parts) {
        return parts.size() == 1
                ? parts.get(0)
                : String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }

    /** How PostgreSQL and SQL Server print a true boolean as text. */
    static boolean isTrue(String v) {
        return v.equalsIgnoreCase("t") || v.equalsIgnoreCase("true") || v.equals("1");
    }
}
