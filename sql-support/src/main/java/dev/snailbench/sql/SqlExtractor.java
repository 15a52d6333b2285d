package dev.snailbench.sql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the SQL query in a model's free-form answer: the first fenced code block holding a query, else the
 * first query in the text; leading prose and trailing explanations are dropped, and of several statements the
 * first query is kept. The inference service reads every model answer with it; a recorded prediction is read with it
 * when it holds a Markdown fence ({@link #recorded}), by the generator when the job is submitted and by the
 * inference service when it replays the prediction.
 */
public final class SqlExtractor {

    private static final Pattern FENCE =
            Pattern.compile("```[ \\t]*([A-Za-z0-9_-]*)[^\\n]*\\n(.*?)(?:```|$)", Pattern.DOTALL);
    /** A query start at the beginning of a line (any case) … */
    private static final Pattern LINE_START = Pattern.compile(
            "(?im)^[ \\t]*(SELECT\\b|WITH\\s+(?:RECURSIVE\\s+)?[\\w\"\\[\\]]+\\s*(?:\\([^)]*\\))?\\s*AS\\s*\\()");
    /** … or an upper-case SELECT / WITH … AS ( anywhere (prose says "select" in lower case). */
    private static final Pattern ANYWHERE =
            Pattern.compile("(SELECT\\b|WITH\\s+(?:RECURSIVE\\s+)?[\\w\"\\[\\]]+\\s*(?:\\([^)]*\\))?\\s*AS\\s*\\()");

    private SqlExtractor() {}

    /**
     * The query of a model's answer.
     *
     * @throws NoSql saying why there is none
     */
    public static String extract(String answer) {
        if (answer == null || answer.isBlank()) {
            throw new NoSql("no SQL: the model's answer is empty");
        }
        Matcher fence = FENCE.matcher(answer);
        while (fence.find()) {
            String query = firstQuery(fence.group(2));
            if (query != null) {
                return query;
            }
        }
        String query = firstQuery(answer);
        if (query == null) {
            String shown = answer.strip();
            throw new NoSql("no SQL in the model's answer: \""
                    + (shown.length() > 120 ? shown.substring(0, 120) + "…" : shown) + "\"");
        }
        return query;
    }

    /**
     * A recorded prediction as it is run: the query inside its Markdown fence when it has one ({@code ```sql …```},
     * unwrapped as a model's answer is), else the text as recorded.
     *
     * @throws NoSql when its fences hold no query
     */
    public static String recorded(String prediction) {
        return prediction != null && prediction.contains("```") ? extract(prediction) : prediction;
    }

    /** An answer with no query in it; the message says so for the person reading the item's failure. */
    public static final class NoSql extends IllegalArgumentException {

        public NoSql(String message) {
            super(message);
        }
    }

    private static String firstQuery(String text) {
        Matcher m = LINE_START.matcher(text);
        int start;
        if (m.find()) {
            start = m.start(1);
        } else {
            Matcher any = ANYWHERE.matcher(text);
            if (!any.find()) {
                return null;
            }
            start = any.start(1);
        }
        String query = dropTrailingProse(text.substring(start, endOfStatement(text, start)))
                .strip();
        return query.isEmpty() ? null : query;
    }

    /**
     * A line that reads as an English sentence (a capitalized non-SQL word and two more lower-case words, or
     * "Note:" / "Explanation:") ends the query: models often explain right below it.
     */
    private static final Pattern PROSE = Pattern.compile("^\\s*(?:(?!(?i:select|from|where|and|or|join|inner|left"
            + "|right|full|cross|outer|on|group|order|having|limit|union|except|intersect|with|case|when|then|else|end"
            + "|not|exists|between|offset|fetch|top|over|partition|into|values)\\b)[A-Z][a-z]+(?: [a-z]+){2,}"
            + "|(?i:note|explanation|explained)\\s*:)");

    private static String dropTrailingProse(String query) {
        String[] lines = query.split("\n", -1);
        StringBuilder kept = new StringBuilder(lines[0]);
        for (int i = 1; i < lines.length; i++) {
            if (PROSE.matcher(lines[i]).find()) {
                break;
            }
            kept.append('\n').append(lines[i]);
        }
        return kept.toString();
    }

    /**
     * The end of the statement starting at {@code start}: the first {@code ;} outside quotes and brackets, else
     * a blank line (what separates a query from the explanation after it), else the end of the text.
     */
    private static int endOfStatement(String text, int start) {
        char quote = 0;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            switch (c) {
                case '\'', '"', '`' -> quote = c;
                case '[' -> quote = ']';
                case ';' -> {
                    return i;
                }
                case '\n' -> {
                    int j = i + 1;
                    while (j < text.length()
                            && (text.charAt(j) == ' ' || text.charAt(j) == '\t' || text.charAt(j) == '\r')) {
                        j++;
                    }
                    if (j < text.length() && text.charAt(j) == '\n') {
                        return i;
                    }
                }
                default -> {}
            }
        }
        return text.length();
    }
}
