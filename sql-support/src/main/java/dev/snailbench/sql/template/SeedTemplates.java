package dev.snailbench.sql.template;

import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.IdentifierWords;
import dev.snailbench.sql.template.SeedTemplate.Kind;
import dev.snailbench.sql.template.SeedTemplate.Slot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.DateUnitExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * Turns a seed ⟨question, SQL⟩ into a {@link SeedTemplate}. A literal compared with a column, an aggregated
 * column or a returned column becomes a slot only when the question says it exactly once (the value, or the
 * column's words), and a column only when the query uses it nowhere else (else the question's words may be about
 * its other use: "the biggest attendance" of an ORDER BY): what the question does not say unambiguously stays
 * fixed, so every filled query can be asked by the same substitution in the question. Only the top-level SELECT is
 * templated; sub-queries and set operations stay as written.
 */
public final class SeedTemplates {

    private static final Set<String> MEASURES = Set.of("sum", "avg", "min", "max");

    private SeedTemplates() {}

    /**
     * @param statement       the seed's parsed SQL; it is changed (slots put in), so parse it for this call only
     * @param question        the seed's question
     * @param columnsByTable  the schema's columns per table, lower case, to place unqualified columns
     */
    public static SeedTemplate of(Statement statement, String question, Map<String, Set<String>> columnsByTable) {
        if (!(statement instanceof PlainSelect select)) {
            return new SeedTemplate(statement.toString(), List.of());
        }
        QueryTables scope = QueryTables.of(select, columnsByTable);
        String asked = question == null ? "" : question.toLowerCase(Locale.ROOT);
        String printed = select.toString();
        Claims claims = new Claims(asked);
        List<Slot> slots = new ArrayList<>();
        groupSlot(select, scope, claims, printed, slots);
        if (select.getGroupBy() == null && select.getSelectItems() != null) {
            for (SelectItem<?> item : select.getSelectItems()) {
                if (item.getExpression() instanceof Column c && item.getAlias() == null) {
                    columnSlot(c, Kind.PROJECTION, scope, claims, printed, slots);
                }
            }
        }
        if (select.getSelectItems() != null) {
            for (SelectItem<?> item : select.getSelectItems()) {
                if (item.getExpression() instanceof Function f
                        && f.getName() != null
                        && MEASURES.contains(f.getName().toLowerCase(Locale.ROOT))
                        && f.getParameters() != null
                        && f.getParameters().size() == 1
                        && f.getParameters().get(0) instanceof Column c) {
                    String function = f.getName().toLowerCase(Locale.ROOT);
                    aggregateSlot(f, scope, claims, printed, slots);
                    if (aggregateSaidOf(asked, function, words(IdentifierQuoting.unquote(c.getColumnName())))) {
                        columnSlot(c, Kind.MEASURE, scope, claims, printed, slots);
                    }
                }
            }
        }
        ValueSlots values = new ValueSlots(scope, claims, slots);
        if (select.getWhere() != null) {
            select.getWhere().accept(values, null);
        }
        if (select.getHaving() != null) {
            select.getHaving().accept(values, null);
        }
        String text = select.toString();
        for (Slot slot : slots) {
            String literal = values.literals.getOrDefault(slot.marker(), "");
            // (a number of one or two digits is also a LIMIT or an offset: too common to tell)
            if (slot.kind() == Kind.VALUE
                    && (!slot.numeric() || literal.length() >= 3)
                    && !literal.isEmpty()
                    && occurrences(text, literal) > 0) {
                // The value is still written elsewhere (a sub-query, a comparison the question does not cover):
                // a filled query would mix the new value with the old one ("home team X or away team Y"), so the
                // seed gives no template rather than a wrong one.
                return new SeedTemplate(printed, List.of());
            }
        }
        return new SeedTemplate(text, List.copyOf(slots));
    }

    /**
     * How questions say the four aggregate functions, one phrasing per row ("the highest …" / "the lowest …"): a
     * swapped function is said in the row the seed's word came from.
     */
    private static final List<Map<String, String>> AGGREGATE_WORDS = List.of(
            Map.of("sum", "total", "avg", "average", "max", "highest", "min", "lowest"),
            Map.of("sum", "sum", "avg", "mean", "max", "maximum", "min", "minimum"),
            Map.of("sum", "total", "avg", "average", "max", "largest", "min", "smallest"),
            Map.of("sum", "total", "avg", "average", "max", "biggest", "min", "smallest"));

    /** The aggregate functions an AGGREGATE slot may take. */
    public static final List<String> AGGREGATES = List.of("sum", "avg", "max", "min");

    /**
     * How a question says {@code function} when the seed said {@code spoken} for {@code original} (same phrasing
     * row: "highest" for max → "lowest" for min), or null when {@code spoken} is no word of {@code original}.
     */
    public static String aggregateWord(String original, String spoken, String function) {
        for (Map<String, String> row : AGGREGATE_WORDS) {
            if (spoken.equalsIgnoreCase(row.get(original.toLowerCase(Locale.ROOT)))) {
                return row.get(function.toLowerCase(Locale.ROOT));
            }
        }
        return null;
    }

    /**
     * Words that say an aggregate of whatever column follows them ("the highest attendance", "the total number of
     * goals"), or of what precedes them ("goals in total"): a swapped measure keeps such a question true.
     */
    private static final Map<String, Set<String>> NEUTRAL_BEFORE = Map.of(
            "max", Set.of("highest", "maximum", "max", "largest", "biggest", "most", "greatest"),
            "min", Set.of("lowest", "minimum", "min", "smallest", "least", "fewest"),
            "sum", Set.of("total", "sum", "overall", "combined"),
            "avg", Set.of("average", "mean", "avg"));

    private static final Map<String, Set<String>> NEUTRAL_AFTER = Map.of(
            "sum", Set.of("in total", "altogether", "combined", "overall"),
            "avg", Set.of("on average", "in average"));

    /**
     * Whether {@code question} says the aggregate {@code function} of the column it calls {@code spoken} with a
     * word of the aggregate itself, at most five words before the column's words, or "in total"/"on average" at
     * most five words after them. An extreme said by a word of the column's own meaning ("the first world cup" for the least year)
     * is false: another column put in its place would not be what the word asks for.
     */
    static boolean aggregateSaidOf(String question, String function, String spoken) {
        if (question == null || spoken == null || spoken.isBlank()) {
            return false;
        }
        String lower = question.toLowerCase(Locale.ROOT);
        String column = Pattern.quote(spoken.toLowerCase(Locale.ROOT));
        for (String word : NEUTRAL_BEFORE.getOrDefault(function, Set.of())) {
            if (Pattern.compile("(?<![\\p{L}\\p{N}_])" + word + "(?:\\s+[\\p{L}\\p{N}'-]+){0,5}?\\s+" + column
                            + "(?![\\p{L}\\p{N}_])")
                    .matcher(lower)
                    .find()) {
                return true;
            }
        }
        for (String words : NEUTRAL_AFTER.getOrDefault(function, Set.of())) {
            if (Pattern.compile("(?<![\\p{L}\\p{N}_])" + column + "(?:\\s+[\\p{L}\\p{N}'-]+){0,5}?\\s+"
                            + words.replace(" ", "\\s+") + "(?![\\p{L}\\p{N}_])")
                    .matcher(lower)
                    .find()) {
                return true;
            }
        }
        return false;
    }

    /** How a question says a column: its name as lower-case words ("goals_scored" → "goals scored"). */
    public static String words(String column) {
        return String.join(" ", IdentifierWords.of(column).tokens()).toLowerCase(Locale.ROOT);
    }

    /** How often {@code text} holds {@code phrase} as whole words (case-insensitive, underscores are letters). */
    static int occurrences(String text, String phrase) {
        if (phrase == null || phrase.isBlank()) {
            return 0;
        }
        var m = Pattern.compile(
                        "(?<![\\p{L}\\p{N}_])" + Pattern.quote(phrase.toLowerCase(Locale.ROOT)) + "(?![\\p{L}\\p{N}_])")
                .matcher(text.toLowerCase(Locale.ROOT));
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    private static void columnSlot(
            Column c, Kind kind, QueryTables scope, Claims claims, String sql, List<Slot> slots) {
        String table = scope.tableOf(c);
        String name = IdentifierQuoting.unquote(c.getColumnName());
        String spoken = words(name);
        if (table == null || occurrences(sql, name) != 1 || !claims.claim(spoken)) {
            return;
        }
        String marker = marker(slots.size());
        slots.add(new Slot(marker, kind, table, name, null, false, "", "", name, spoken));
        c.setColumnName(marker);
        if ((c.getTable() == null || c.getTable().getName() == null)
                && scope.tables().size() > 1) {
            // Unambiguous for the seed's column, maybe not for the one filled in: say whose it is.
            c.setTable(new Table(scope.qualifier(table)));
        }
    }

    /**
     * The function of an aggregate the question says by its word ("the highest attendance"), when the query calls
     * that function nowhere else (an ORDER BY of the same aggregate would keep the old one).
     */
    private static void aggregateSlot(Function f, QueryTables scope, Claims claims, String sql, List<Slot> slots) {
        String name = f.getName().toLowerCase(Locale.ROOT);
        Column c = (Column) f.getParameters().get(0);
        String table = scope.tableOf(c);
        if (table == null
                || Pattern.compile("(?i)(?<![\\p{L}\\p{N}_])" + name + "\\s*\\(")
                                .matcher(sql)
                                .results()
                                .count()
                        != 1
                || f.isDistinct()) {
            return;
        }
        for (Map<String, String> row : AGGREGATE_WORDS) {
            String word = row.get(name);
            if (claims.claim(word)) {
                String marker = marker(slots.size());
                slots.add(new Slot(
                        marker,
                        Kind.AGGREGATE,
                        table,
                        IdentifierQuoting.unquote(c.getColumnName()),
                        name,
                        false,
                        "",
                        "",
                        name,
                        word));
                f.setName(marker);
                return;
            }
        }
    }

    /**
     * The one column a query groups by, when it also returns it and uses it nowhere else and the question says
     * it: one slot for both places ("the goals per <b>year</b>" → "the goals per stage").
     */
    private static void groupSlot(PlainSelect select, QueryTables scope, Claims claims, String sql, List<Slot> slots) {
        if (select.getGroupBy() == null
                || select.getGroupBy().getGroupByExpressionList() == null
                || select.getGroupBy().getGroupByExpressionList().size() != 1
                || !(select.getGroupBy().getGroupByExpressionList().get(0) instanceof Column grouped)
                || select.getSelectItems() == null) {
            return;
        }
        String name = IdentifierQuoting.unquote(grouped.getColumnName());
        Column returned = null;
        for (SelectItem<?> item : select.getSelectItems()) {
            if (item.getExpression() instanceof Column c
                    && item.getAlias() == null
                    && IdentifierQuoting.unquote(c.getColumnName()).equalsIgnoreCase(name)) {
                returned = c;
            }
        }
        String table = scope.tableOf(grouped);
        if (returned == null
                || table == null
                || !table.equals(scope.tableOf(returned))
                || occurrences(sql, name) != 2
                || !claims.claim(words(name))) {
            return;
        }
        String marker = marker(slots.size());
        slots.add(new Slot(marker, Kind.GROUP, table, name, null, false, "", "", name, words(name)));
        for (Column c : List.of(grouped, returned)) {
            c.setColumnName(marker);
            if ((c.getTable() == null || c.getTable().getName() == null)
                    && scope.tables().size() > 1) {
                c.setTable(new Table(scope.qualifier(table)));
            }
        }
    }

    private static String marker(int index) {
        return "__slot" + index + "__";
    }

    /** Comparisons of a column with a literal the question quotes, anywhere in WHERE / HAVING (not sub-queries). */
    private static final class ValueSlots extends ExpressionVisitorAdapter<Void> {

        private final QueryTables scope;
        private final Claims claims;
        private final List<Slot> slots;
        /** Marker → the literal's SQL text; the literal's SQL text → the marker standing for every occurrence. */
        final Map<String, String> literals = new HashMap<>();

        private final Map<String, String> markerOf = new HashMap<>();

        ValueSlots(QueryTables scope, Claims claims, List<Slot> slots) {
            this.scope = scope;
            this.claims = claims;
            this.slots = slots;
        }

        @Override
        protected <S> Void visitBinaryExpression(BinaryExpression e, S context) {
            if (e instanceof ComparisonOperator || e instanceof LikeExpression) {
                Column left = column(e.getLeftExpression());
                Column right = column(e.getRightExpression());
                if (left != null && literal(e.getRightExpression())) {
                    slot(e, left, e.getRightExpression(), false);
                    return null;
                }
                if (right != null && literal(e.getLeftExpression()) && !(e instanceof LikeExpression)) {
                    slot(e, right, e.getLeftExpression(), true);
                    return null;
                }
            }
            return super.visitBinaryExpression(e, context);
        }

        /**
         * {@code column [NOT] IN ('a', 'b')}: each listed value the question quotes is a slot of its own (operator
         * {@code IN} or {@code NOT IN}); the generator draws the slots of one list distinct.
         */
        @Override
        public <S> Void visit(InExpression e, S context) {
            Column c = column(e.getLeftExpression());
            if (c == null || !(e.getRightExpression() instanceof ExpressionList<?> list)) {
                return super.visit(e, context);
            }
            String table = scope.tableOf(c);
            @SuppressWarnings("unchecked")
            ExpressionList<Expression> values = (ExpressionList<Expression>) list;
            for (int i = 0; i < values.size(); i++) {
                Expression literal = values.get(i);
                if (table == null || !literal(literal)) {
                    continue;
                }
                boolean numeric = !(literal instanceof StringValue);
                String raw = numeric
                        ? literal.toString()
                        : ((StringValue) literal).getValue().replace("''", "'");
                if (raw.isBlank() || !claims.claim(raw)) {
                    continue;
                }
                String marker = marker(slots.size());
                literals.put(marker, literal.toString());
                slots.add(new Slot(
                        marker,
                        Kind.VALUE,
                        table,
                        IdentifierQuoting.unquote(c.getColumnName()),
                        e.isNot() ? "NOT IN" : "IN",
                        numeric,
                        "",
                        "",
                        raw,
                        raw));
                values.set(i, new Column(marker));
            }
            return null;
        }

        private void slot(BinaryExpression e, Column c, Expression literal, boolean literalOnLeft) {
            String table = scope.tableOf(c);
            boolean numeric = !(literal instanceof StringValue);
            String raw = numeric
                    ? literal.toString()
                    : ((StringValue) literal).getValue().replace("''", "'");
            String prefix = "";
            String suffix = "";
            if (e instanceof LikeExpression) {
                // '%FC Sion%': the value is what the question says, the wildcards stay.
                int start = 0;
                int end = raw.length();
                while (start < end && (raw.charAt(start) == '%' || raw.charAt(start) == '_')) {
                    start++;
                }
                while (end > start && (raw.charAt(end - 1) == '%' || raw.charAt(end - 1) == '_')) {
                    end--;
                }
                prefix = raw.substring(0, start);
                suffix = raw.substring(end);
                raw = raw.substring(start, end);
            }
            String sqlText = literal.toString();
            String shared = markerOf.get(sqlText);
            if (shared != null && prefix.isEmpty() && suffix.isEmpty()) {
                // The same value compared again ("home team X or away team X"): one slot, filled once for both.
                put(e, new Column(shared), literalOnLeft);
                return;
            }
            if (table == null || raw.isBlank() || !claims.claim(raw)) {
                return;
            }
            String marker = marker(slots.size());
            if (prefix.isEmpty() && suffix.isEmpty()) {
                markerOf.put(sqlText, marker);
                literals.put(marker, sqlText);
            }
            String operator =
                    e instanceof LikeExpression like ? like.getLikeKeyWord().toString() : e.getStringExpression();
            slots.add(new Slot(
                    marker,
                    Kind.VALUE,
                    table,
                    IdentifierQuoting.unquote(c.getColumnName()),
                    operator,
                    numeric,
                    prefix,
                    suffix,
                    raw,
                    raw));
            put(e, new Column(marker), literalOnLeft);
        }

        private static void put(BinaryExpression e, Column placeholder, boolean literalOnLeft) {
            if (literalOnLeft) {
                e.setLeftExpression(placeholder);
            } else {
                e.setRightExpression(placeholder);
            }
        }

        /** JSqlParser reads an unqualified {@code year} or {@code month} as a date unit: it is a column here. */
        private static Column column(Expression e) {
            return e instanceof Column c
                    ? c
                    : e instanceof DateUnitExpression unit ? new Column(unit.toString()) : null;
        }

        private static boolean literal(Expression e) {
            return e instanceof StringValue || e instanceof LongValue || e instanceof DoubleValue;
        }
    }

    /**
     * The places in the question the slots so far stand for: a new slot needs its words exactly once in the
     * question, somewhere no other slot took ("2014" said once for two columns compared with 2014 is one slot).
     */
    private static final class Claims {

        private final String question;
        private final List<int[]> taken = new ArrayList<>();

        Claims(String question) {
            this.question = question;
        }

        boolean claim(String phrase) {
            if (phrase == null || phrase.isBlank()) {
                return false;
            }
            var m = Pattern.compile("(?<![\\p{L}\\p{N}_])" + Pattern.quote(phrase.toLowerCase(Locale.ROOT))
                            + "(?![\\p{L}\\p{N}_])")
                    .matcher(question);
            int[] found = null;
            while (m.find()) {
                if (found != null) {
                    return false;
                }
                found = new int[] {m.start(), m.end()};
            }
            int[] span = found;
            if (span == null || taken.stream().anyMatch(t -> span[0] < t[1] && t[0] < span[1])) {
                return false;
            }
            taken.add(span);
            return true;
        }
    }
}
