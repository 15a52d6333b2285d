package dev.snailbench.sql.template;

import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.IdentifierWords;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.Distinct;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * Readings a seed's SQL gives its question that its pairs would copy: it returns columns the question never asks
 * for ({@link #unaskedReturn}; a column said only as what the answer is ranked by, "the year with the most goals",
 * is not asked for), it reads a verb the schema has two flags for as one of them without the question naming which
 * ({@link #flagReading}: "how often did Brazil win" counted as world cups won, not matches), it lists who or which
 * without {@code DISTINCT} ({@link #setOfNames}), and it counts rows ({@link #rowCount}: the caller tells from the
 * data whether a table holds several rows per event).
 */
public final class SeedReadings {

    /** Values that state a flag ({@code winner = 'true'}). */
    private static final Set<String> FLAGS = Set.of("true", "false", "t", "f", "yes", "no", "y", "n", "1", "0");
    /** Words of a column name that name no particular thing (the head word is the one before them). */
    private static final Set<String> GENERIC = Set.of("name", "id", "code", "nr", "no", "number", "value", "text");
    /** Words that only mark a flag ("did_win", "is_draw", "has_won"). */
    private static final Set<String> FLAG_MARKS = Set.of("did", "is", "has", "was", "had", "can", "not", "flag");
    /** A question that asks for whole rows: every column is asked for. */
    private static final Set<String> WHOLE_ROWS =
            Set.of("all", "every", "everything", "information", "info", "details", "data");

    private static final Pattern WHEN = Pattern.compile("\\bwhen\\b");
    /** "where" as the question's word, not a relative clause ("all matches where stage is …"). */
    private static final Pattern WHERE = Pattern.compile("(?:^|[.?!;]\\s*)where\\b");

    private static final Pattern WHO = Pattern.compile("\\b(?:who|whom|whose)\\b");
    /** A question word: the question asks for one kind of answer (a request to show or list asks for rows). */
    private static final Pattern WH = Pattern.compile("\\b(?:who|whom|whose|which|what|when|how)\\b");
    /** Words that ask for a time, for a column of a date or time type. */
    private static final Set<String> TIME_WORDS = Set.of("date", "born", "birth", "birthday", "day", "time", "year");
    /**
     * Nouns that ask for the numbers of an event (its goals, its points), as written: the verb ("scored the most
     * goals") says how the amount came about, not that it is asked for.
     */
    private static final Set<String> OUTCOME_WORDS = Set.of("result", "results", "score", "scores", "outcome");
    /** A superlative and the words after it: what the answer is ranked by ("the most goals scored"). */
    private static final Pattern RANKED_BY = Pattern.compile(
            "\\b(?:most|least|fewest|highest|lowest|biggest|largest|smallest|greatest|maximum|minimum|max|min)"
                    + "(?:\\s+(?:number|amount|count)\\s+of)?(?:\\s+[\\p{L}\\p{N}]+){1,2}");
    /** "how": a count, an amount or a manner, never a list of names. */
    private static final Pattern HOW = Pattern.compile("\\bhow\\b");
    /** Words that ask for one row per event ("the white player of each game", "per match", "every time"). */
    private static final Pattern PER_ROW =
            Pattern.compile("\\b(?:each|per|respective|respectively|every\\s+time|(?:of|in|for)\\s+every)\\b");
    /** Words that ask for the set of things a query lists: who or which. */
    private static final Pattern WHO_OR_WHICH = Pattern.compile("\\b(?:who|whom|whose|which)\\b");

    private SeedReadings() {}

    /**
     * The first column the query returns that its question never asks for, as a reason, or null. A returned column
     * is asked for when the question says its words (its head word; for a generic head such as {@code name} the
     * word before it or its table's), when the query compares it with a value (it repeats what the question
     * says), or when the question asks for its kind: "when" or a word of a date a time, "where" a place, "who" a
     * name, a result or a score the numbers. {@code *} is asked for only by a question for everything about its
     * rows. Only a question with a question word is read: a request to show or list rows asks for them whole.
     *
     * @param types the schema's column types per table, both lower case (to place columns and to know a time)
     */
    public static String unaskedReturn(String question, Statement statement, Map<String, Map<String, String>> types) {
        if (question == null
                || question.isBlank()
                || !(statement instanceof PlainSelect select)
                || select.getSelectItems() == null) {
            return null;
        }
        SeedMeaning.Words asked = new SeedMeaning.Words(question);
        String lower = asked.text;
        if (!WH.matcher(lower).find() && !WHERE.matcher(lower).find()) {
            return null;
        }
        QueryTables scope = QueryTables.of(select, columns(types));
        Set<String> compared = new HashSet<>();
        comparisons(select, scope).forEach(c -> compared.add(c.column()));
        // A column the answer is ranked by (ORDER BY … LIMIT) is asked for only where the question says it outside
        // its superlative: "which year … the most goals" ranks by goals and asks for the year alone.
        Set<String> ranked = rankedBy(select);
        SeedMeaning.Words unranked =
                new SeedMeaning.Words(RANKED_BY.matcher(lower).replaceAll(" "));
        for (SelectItem<?> item : select.getSelectItems()) {
            Expression e = item.getExpression();
            if (e instanceof AllColumns) {
                if (WHOLE_ROWS.stream().noneMatch(asked::saysWord)) {
                    return "returns every column (*), which its question does not ask for";
                }
                continue;
            }
            if (!(e instanceof Column c)) {
                continue;
            }
            String name = IdentifierQuoting.unquote(c.getColumnName());
            String table = scope.tableOf(c);
            SeedMeaning.Words sayer = ranked.contains(name.toLowerCase(Locale.ROOT)) ? unranked : asked;
            if (compared.contains(name.toLowerCase(Locale.ROOT))
                    || says(sayer, name, table)
                    || item.getAlias() != null && says(sayer, item.getAlias().getName(), table)) {
                continue;
            }
            String type = type(types, table, name);
            boolean temporal = type.matches(".*(date|time).*");
            boolean numeric = type.matches(".*(int|numeric|decimal|float|real|double).*");
            FrameCheck.Role role = FrameCheck.role(name, numeric);
            if (WHEN.matcher(lower).find() && (role == FrameCheck.Role.TIME || temporal)
                    || temporal && TIME_WORDS.stream().anyMatch(asked::saysWord)
                    || numeric
                            && role == FrameCheck.Role.QUANTITY
                            && OUTCOME_WORDS.stream().anyMatch(sayer.tokens()::contains)
                    || WHERE.matcher(lower).find() && role == FrameCheck.Role.PLACE
                    || WHO.matcher(lower).find()
                            && name.toLowerCase(Locale.ROOT).contains("name")) {
                continue;
            }
            return "returns " + name + ", which its question does not ask for";
        }
        return null;
    }

    /** The columns (lower case) a query with a LIMIT orders by: what its answer is ranked by. */
    private static Set<String> rankedBy(PlainSelect select) {
        Set<String> out = new HashSet<>();
        if (select.getLimit() == null || select.getOrderByElements() == null) {
            return out;
        }
        for (OrderByElement o : select.getOrderByElements()) {
            if (o.getExpression() instanceof Column c) {
                out.add(IdentifierQuoting.unquote(c.getColumnName()).toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    /**
     * Whether the query lists a set of things its question does not ask to repeat, and can repeat one: a plain query
     * without {@code DISTINCT}, aggregate, grouping, {@code LIMIT} or set operation whose {@code ORDER BY} keys (if
     * any) are among what it returns, and whose question asks who or which, or lists things through a join (which
     * repeats a thing once per row it joins: "Give me all players from Italy", "Show the names of …") with no word
     * that asks for one row per event ("each", "per", "every time") and no "how", returning no amount (a number a
     * row measures, goals or points: the same amount in two matches is two answers). Such a query answers with {@code DISTINCT} (a join repeats a player once per
     * tournament; the question names each player once); the caller adds it ({@link #distinct}).
     *
     * @param types the schema's column types per table, both lower case (to tell an amount from a name)
     */
    public static boolean setOfNames(String question, Statement statement, Map<String, Map<String, String>> types) {
        if (question == null
                || !(statement instanceof PlainSelect select)
                || select.getDistinct() != null
                || select.getGroupBy() != null
                || select.getHaving() != null
                || select.getLimit() != null
                || select.getOffset() != null
                || select.getFetch() != null
                || select.getSelectItems() == null) {
            return false;
        }
        String text = new SeedMeaning.Words(question).text;
        boolean whoOrWhich = WHO_OR_WHICH.matcher(text).find();
        if (!whoOrWhich
                && (select.getJoins() == null
                        || select.getJoins().isEmpty()
                        || HOW.matcher(text).find()
                        || PER_ROW.matcher(text).find())) {
            return false;
        }
        QueryTables scope = QueryTables.of(select, columns(types));
        Set<String> returned = new HashSet<>();
        for (SelectItem<?> item : select.getSelectItems()) {
            Expression e = item.getExpression();
            if (e instanceof AllColumns || e instanceof Function || containsAggregate(e)) {
                return false;
            }
            if (!whoOrWhich && !(e instanceof Column c && !amount(types, scope, c))) {
                return false;
            }
            returned.add(e.toString().toLowerCase(Locale.ROOT));
            if (item.getAlias() != null) {
                returned.add(item.getAlias().getName().toLowerCase(Locale.ROOT));
            }
        }
        if (select.getOrderByElements() != null) {
            for (OrderByElement o : select.getOrderByElements()) {
                if (!returned.contains(o.getExpression().toString().toLowerCase(Locale.ROOT))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether a returned column is an amount: numeric, and neither a time nor a place by its words. */
    private static boolean amount(Map<String, Map<String, String>> types, QueryTables scope, Column c) {
        String name = IdentifierQuoting.unquote(c.getColumnName());
        String type = type(types, scope.tableOf(c), name);
        boolean numeric = type.matches(".*(int|numeric|decimal|float|real|double|money).*");
        return numeric && FrameCheck.role(name, true) == FrameCheck.Role.QUANTITY;
    }

    /** Makes {@code statement} (a query {@link #setOfNames} accepted) return each row once. */
    public static void distinct(Statement statement) {
        ((PlainSelect) statement).setDistinct(new Distinct());
    }

    private static boolean containsAggregate(Expression e) {
        return e.toString().toLowerCase(Locale.ROOT).matches("(?s).*\\b(count|sum|avg|min|max)\\s*\\(.*");
    }

    /**
     * The tables a counting query counts rows of, by how the query names each (alias or name), or an empty map: a
     * plain query without grouping whose one returned value is {@code COUNT(*)} or {@code COUNT(column)} without
     * {@code DISTINCT}. Where one of them holds several rows per event (a match once per side), the count counts each
     * event that many times; the caller reads that from the data ({@link #keyProbe}).
     */
    public static Map<String, String> rowCount(Statement statement) {
        if (!(statement instanceof PlainSelect select)
                || select.getGroupBy() != null
                || select.getSelectItems() == null
                || select.getSelectItems().size() != 1
                || !(select.getSelectItems().get(0).getExpression() instanceof Function f)
                || !"count".equalsIgnoreCase(f.getName())
                || f.isDistinct()) {
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        QueryTables scope = QueryTables.of(select, Map.of());
        for (String table : scope.tables()) {
            out.putIfAbsent(table, scope.qualifier(table));
        }
        return out;
    }

    /**
     * The counting query {@code statement} ({@link #rowCount}) rewritten to return, for each row it counts,
     * {@code qualifier.column} and then each of {@code rowKey} (the table's primary key; none when it has none), with
     * no ORDER BY or LIMIT: which rows of the table it counts, and how many of them each value of the column holds.
     */
    public static String keyProbe(Statement statement, String qualifier, String column, List<String> rowKey) {
        PlainSelect select = (PlainSelect) statement;
        List<SelectItem<?>> items = new ArrayList<>();
        items.add(new SelectItem<>(new Column(new Table(qualifier), column)));
        rowKey.forEach(k -> items.add(new SelectItem<>(new Column(new Table(qualifier), k))));
        select.setSelectItems(items);
        select.setOrderByElements(null);
        select.setLimit(null);
        select.setOffset(null);
        return select.toString();
    }

    /**
     * Makes the counting query {@code statement} ({@link #rowCount}) count each value of {@code qualifier.column}
     * once: {@code COUNT(DISTINCT qualifier.column)}, the events a table of several rows per event holds.
     */
    public static void countDistinct(Statement statement, String qualifier, String column) {
        Function count =
                (Function) ((PlainSelect) statement).getSelectItems().get(0).getExpression();
        count.setAllColumns(false);
        count.setDistinct(true);
        count.setParameters(new ExpressionList<>(new Column(new Table(qualifier), column)));
    }

    /**
     * Why the query's reading of a flag is one the question does not choose, or null. The query keeps rows whose
     * flag column is set ({@code winner = 'true'}); another table has a flag of the same word ({@code did_win}); and
     * the question names nothing of the flag's table: no word of its name, no value the query compares on it. The
     * question's verb ("win") then reads as either flag, and the SQL picked one.
     *
     * @param types the schema's column types per table, both lower case
     */
    public static String flagReading(String question, Statement statement, Map<String, Map<String, String>> types) {
        if (question == null || question.isBlank() || !(statement instanceof PlainSelect select)) {
            return null;
        }
        SeedMeaning.Words asked = new SeedMeaning.Words(question);
        QueryTables scope = QueryTables.of(select, columns(types));
        List<WhereLiterals.Compared> comparisons = comparisons(select, scope);
        for (WhereLiterals.Compared flag : comparisons) {
            if (flag.table() == null || !FLAGS.contains(flag.value().toLowerCase(Locale.ROOT))) {
                continue;
            }
            String other = sameWordFlag(types, flag.table(), flag.column());
            if (other == null) {
                continue;
            }
            boolean tableSaid = words(flag.table()).stream()
                    .filter(w -> w.length() >= 3 && !GENERIC.contains(w))
                    .anyMatch(asked::saysWord);
            boolean valueSaid = comparisons.stream()
                    .anyMatch(c -> flag.table().equals(c.table())
                            && !FLAGS.contains(c.value().toLowerCase(Locale.ROOT))
                            && asked.says(c.value()));
            if (!tableSaid && !valueSaid) {
                return "keeps " + flag.table() + "." + flag.column() + " = " + flag.value()
                        + ", but its question names nothing of " + flag.table() + " and reads as " + other
                        + " as well";
            }
        }
        return null;
    }

    /** A boolean column of another table whose words share a stem with {@code column}'s ("win" / "winner"). */
    private static String sameWordFlag(Map<String, Map<String, String>> types, String table, String column) {
        List<String> own = flagWords(column);
        for (Map.Entry<String, Map<String, String>> t : types.entrySet()) {
            if (t.getKey().equalsIgnoreCase(table)) {
                continue;
            }
            for (Map.Entry<String, String> c : t.getValue().entrySet()) {
                if (!c.getValue().toLowerCase(Locale.ROOT).matches("bool.*|bit")) {
                    continue;
                }
                for (String w : flagWords(c.getKey())) {
                    if (own.stream().anyMatch(o -> o.startsWith(w) || w.startsWith(o))) {
                        return t.getKey() + "." + c.getKey();
                    }
                }
            }
        }
        return null;
    }

    private static List<String> flagWords(String column) {
        return words(column).stream()
                .filter(w -> w.length() >= 3 && !FLAG_MARKS.contains(w))
                .toList();
    }

    /** Whether the question says a column: all its words together, its head word, or its thing's word. */
    private static boolean says(SeedMeaning.Words asked, String name, String table) {
        List<String> words = words(name);
        if (words.isEmpty() || asked.compact.contains(String.join("", words))) {
            return true;
        }
        List<String> heads = new ArrayList<>();
        String head = words.get(words.size() - 1);
        if (GENERIC.contains(head) && words.size() > 1) {
            // "club_team_name": a club's team, said as "club" or "team".
            words.subList(0, words.size() - 1).stream()
                    .filter(w -> w.length() >= 3 && !GENERIC.contains(w))
                    .forEach(heads::add);
        } else if (GENERIC.contains(head)) {
            List<String> tableWords = table == null ? List.of() : words(table);
            heads.add(tableWords.isEmpty() ? head : tableWords.get(tableWords.size() - 1));
        } else {
            heads.add(head);
            if (head.endsWith("ed") && words.size() > 1) {
                // "goals_scored", "matches_played": the thing counted is the word before the participle.
                heads.add(words.get(words.size() - 2));
            }
        }
        return heads.stream().anyMatch(asked::saysWord);
    }

    private static String type(Map<String, Map<String, String>> types, String table, String column) {
        if (table == null) {
            return "";
        }
        return types.getOrDefault(table.toLowerCase(Locale.ROOT), Map.of())
                .getOrDefault(column.toLowerCase(Locale.ROOT), "")
                .toLowerCase(Locale.ROOT);
    }

    private static Map<String, Set<String>> columns(Map<String, Map<String, String>> types) {
        return types.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().keySet()));
    }

    private static List<String> words(String identifier) {
        return IdentifierWords.of(IdentifierQuoting.unquote(identifier)).tokens().stream()
                .map(t -> t.toLowerCase(Locale.ROOT))
                .filter(t -> !t.isEmpty())
                .toList();
    }

    /** The top-level comparisons with literals, the column in lower case and the value stripped. */
    private static List<WhereLiterals.Compared> comparisons(PlainSelect select, QueryTables scope) {
        return WhereLiterals.of(select, scope, true).stream()
                .map(c -> new WhereLiterals.Compared(
                        c.table(),
                        c.column().toLowerCase(Locale.ROOT),
                        c.value().strip(),
                        c.numeric()))
                .toList();
    }
}
