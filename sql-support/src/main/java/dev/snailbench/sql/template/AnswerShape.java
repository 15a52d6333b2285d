package dev.snailbench.sql.template;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;

/**
 * Whether a query's result is the kind of answer its question asks for: a question that asks for a number of
 * things ("how many …", "what is the number of …") gets numbers, one row unless it asks per group; a question that
 * asks for things ("which …", "who …", "list …") gets more than a lone count. A seed that fails this would teach
 * its wrong answer to every pair made from it.
 */
public final class AnswerShape {

    /** What a question asks for, read from its first asking phrase. */
    public enum Ask {
        /** A number of things. */
        COUNT,
        /** Things: names, places, rows. */
        THINGS,
        /** Anything else (an amount, a yes/no, a phrase the rule does not read). */
        OTHER
    }

    private static final Pattern ASKING = Pattern.compile("\\b(how many|how often|which|who|whom|whose|where|list|"
            + "name|show|what|when|how much|give|return|find)\\b");
    private static final Pattern COUNT_PHRASE =
            Pattern.compile("^(?:is|was|are|were|'s)?\\s*the\\s+(?:total\\s+)?" + "(?:number|count)\\s+of\\b");
    private static final Pattern PER_GROUP = Pattern.compile("\\b(?:each|every|per|by|for all|respectively)\\b");

    private AnswerShape() {}

    /** What {@code question} asks for. */
    public static Ask ask(String question) {
        String q = question == null ? "" : question.toLowerCase(Locale.ROOT).replace('’', '\'');
        Matcher m = ASKING.matcher(q);
        if (!m.find()) {
            return Ask.OTHER;
        }
        String word = m.group(1);
        String rest = q.substring(m.end()).trim();
        return switch (word) {
            case "how many", "how often" -> Ask.COUNT;
            case "what", "give", "return", "find", "show", "list" ->
                COUNT_PHRASE.matcher(rest).find()
                                || rest.startsWith("the number of")
                                || rest.startsWith("me the number of")
                        ? Ask.COUNT
                        : word.equals("list") || word.equals("show") ? Ask.THINGS : Ask.OTHER;
            case "which", "who", "whom", "whose", "where", "name" -> Ask.THINGS;
            default -> Ask.OTHER;
        };
    }

    /**
     * Why {@code rows}, the result of {@code statement}, does not answer {@code question}, or null: a list or names
     * for a count, a lone count for things.
     */
    public static String mismatch(String question, Statement statement, List<List<String>> rows) {
        Ask ask = ask(question);
        if (ask == Ask.OTHER || rows.isEmpty()) {
            return null;
        }
        int columns = rows.get(0).size();
        boolean anyNumeric = false;
        for (int c = 0; c < columns; c++) {
            anyNumeric |= numeric(rows, c);
        }
        String q = question.toLowerCase(Locale.ROOT);
        if (ask == Ask.COUNT) {
            if (!anyNumeric) {
                return "asks how many but answers with " + (columns == 1 ? "values" : "rows") + " that hold no number";
            }
            if (rows.size() > 1 && !grouped(statement) && !PER_GROUP.matcher(q).find()) {
                return "asks how many but answers with a list of " + rows.size() + " rows";
            }
            return null;
        }
        if (rows.size() == 1
                && columns == 1
                && onlyCount(statement)
                && !q.contains("number")
                && !q.contains("how many")
                && !q.contains("count")) {
            return "asks which or who but answers with a lone count";
        }
        return null;
    }

    private static boolean grouped(Statement statement) {
        return statement instanceof PlainSelect ps && ps.getGroupBy() != null;
    }

    private static boolean onlyCount(Statement statement) {
        return statement instanceof PlainSelect ps
                && ps.getSelectItems() != null
                && ps.getSelectItems().size() == 1
                && ps.getGroupBy() == null
                && ps.getSelectItems().get(0).getExpression() instanceof Function f
                && f.getName() != null
                && f.getName().toLowerCase(Locale.ROOT).startsWith("count");
    }

    private static boolean numeric(List<List<String>> rows, int column) {
        for (List<String> row : rows) {
            String v = row.get(column);
            if (v == null) {
                continue;
            }
            try {
                new BigDecimal(v.trim());
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }
}
