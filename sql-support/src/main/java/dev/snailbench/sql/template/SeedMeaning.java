package dev.snailbench.sql.template;

import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.IdentifierWords;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * Whether a seed's SQL means what its question asks, read from what each of them names. The SQL filters on a
 * value the question never says; the question says a year the SQL does not use; the question lists what to return
 * and the SQL returns a column it does not list; the question counts a kind of thing the schema has a table for and
 * the SQL never touches that table; the SQL adds up a measure of a table the question never names while the
 * question's value picks a row of another. A seed with such a mismatch would copy it into every pair made from it.
 */
public final class SeedMeaning {

    /** Values that state a flag ({@code winner = 'true'}): a question says them by its verb, not by the value. */
    private static final Set<String> FLAGS = Set.of("true", "false", "t", "f", "yes", "no", "y", "n");
    /** A short code in capitals ({@code 'GK'}, {@code 'FW'}): a question says what it stands for, in words. */
    private static final Pattern CODE = Pattern.compile("[A-Z]{1,3}");

    private static final Pattern YEAR = Pattern.compile("(?<![\\p{L}\\p{N}])(1[89]\\d\\d|20\\d\\d)(?![\\p{L}\\p{N}])");
    /** A question that lists what to return: "the names, the goals and the year". */
    private static final Pattern LISTING =
            Pattern.compile("\\b[\\p{L}]+\\s*,\\s*(?:the\\s+)?[\\p{L}][^?.!]*?" + "\\band\\s+(?:the\\s+)?[\\p{L}]+");
    /** "how many X", "the number of X", "count the X": the thing a question counts. */
    private static final Pattern COUNTED = Pattern.compile("\\b(?:how\\s+many|number\\s+of|count\\s+(?:of\\s+)?(?:the"
            + "\\s+|all\\s+)?)\\s*(?:different\\s+|distinct\\s+|unique\\s+)?(\\p{L}+(?:\\s+\\p{L}+){0,2})");

    private static final Set<String> MEASURES = Set.of("sum", "avg", "min", "max");
    /** Words of a column name that name no particular thing (the head word is the one before them). */
    private static final Set<String> GENERIC = Set.of("name", "id", "code", "nr", "no", "number", "value", "text");

    private SeedMeaning() {}

    /**
     * Why {@code statement} does not mean what {@code question} asks, or null when nothing it names disagrees.
     *
     * @param columnsByTable the schema's columns per table (lower case): to place unqualified columns and to know
     *                       what the schema has a table for
     */
    public static String mismatch(String question, Statement statement, Map<String, Set<String>> columnsByTable) {
        if (question == null || question.isBlank() || !(statement instanceof PlainSelect select)) {
            return null;
        }
        Words asked = new Words(question);
        Scope scope = Scope.of(select, columnsByTable);
        List<WhereLiterals.Compared> filters = WhereLiterals.of(select, scope.tables, false);
        filters.forEach(c -> scope.used.add(c.column().toLowerCase(Locale.ROOT)));
        for (WhereLiterals.Compared c : filters) {
            if (!c.numeric()
                    && !FLAGS.contains(c.value().strip().toLowerCase(Locale.ROOT))
                    && !CODE.matcher(c.value().strip()).matches()
                    && !asked.says(c.value())) {
                return "filters on '" + c.value() + "', which the question does not say";
            }
        }
        String other = otherYear(question, select.toString(), filters);
        if (other != null) {
            return other;
        }
        String unasked = unaskedColumn(asked, select, scope);
        if (unasked != null) {
            return unasked;
        }
        String counted = countedThing(asked, scope, columnsByTable);
        if (counted != null) {
            return counted;
        }
        return measureOfAnother(asked, select, scope, filters);
    }

    /** The question says a year the SQL never writes, and the SQL compares with a year the question never says. */
    private static String otherYear(String question, String sql, List<WhereLiterals.Compared> filters) {
        Set<String> said = new LinkedHashSet<>();
        Matcher m = YEAR.matcher(question);
        while (m.find()) {
            said.add(m.group(1));
        }
        for (String year : said) {
            if (YEAR.matcher(sql).results().noneMatch(r -> r.group(1).equals(year))) {
                for (WhereLiterals.Compared c : filters) {
                    if (c.numeric() && YEAR.matcher(c.value()).matches() && !said.contains(c.value())) {
                        return "the question says " + year + " but the SQL compares with " + c.value();
                    }
                }
            }
        }
        return null;
    }

    /** The question lists what to return, and the SQL returns a column whose head word it never says. */
    private static String unaskedColumn(Words asked, PlainSelect select, Scope scope) {
        if (!LISTING.matcher(asked.text).find() || select.getSelectItems() == null) {
            return null;
        }
        for (SelectItem<?> item : select.getSelectItems()) {
            if (item.getExpression() instanceof Column c && item.getAlias() == null) {
                String name = IdentifierQuoting.unquote(c.getColumnName());
                List<String> words = words(name);
                if (words.isEmpty() || asked.compact.contains(String.join("", words))) {
                    continue;
                }
                String head = words.get(words.size() - 1);
                if (GENERIC.contains(head) && words.size() > 1) {
                    head = words.get(words.size() - 2);
                } else if (GENERIC.contains(head)) {
                    String table = scope.tableOf(c);
                    List<String> tableWords = table == null ? List.of() : words(table);
                    head = tableWords.isEmpty() ? head : tableWords.get(tableWords.size() - 1);
                }
                if (!asked.saysWord(head)) {
                    return "returns " + name + ", which the question's list of what to return does not name";
                }
            }
        }
        return null;
    }

    /** The question counts a kind of thing the schema has a table for, and the SQL uses no table or column of it. */
    private static String countedThing(Words asked, Scope scope, Map<String, Set<String>> columnsByTable) {
        Matcher m = COUNTED.matcher(asked.text);
        if (!m.find()) {
            return null;
        }
        Set<String> schemaWords = new HashSet<>();
        columnsByTable.keySet().forEach(t -> schemaWords.addAll(words(t)));
        String named = null;
        for (String noun : m.group(1).split("\\s+")) {
            boolean schemaNoun = schemaWords.stream().anyMatch(w -> w.length() >= 4 && Words.sameWord(w, noun));
            if (!schemaNoun) {
                continue;
            }
            if (usesWord(scope, columnsByTable, noun)) {
                return null;
            }
            named = named == null ? noun : named;
        }
        return named == null ? null : "counts " + named + ", but the SQL uses no table or column of them";
    }

    private static boolean usesWord(Scope scope, Map<String, Set<String>> columnsByTable, String noun) {
        for (String table : scope.tables.tables()) {
            if (words(table).stream().anyMatch(w -> Words.sameWord(w, noun))) {
                return true;
            }
            for (String column : columnsByTable.getOrDefault(table.toLowerCase(Locale.ROOT), Set.of())) {
                if (scope.used.contains(column) && words(column).stream().anyMatch(w -> Words.sameWord(w, noun))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The SQL adds up a column of a table the question never names, while every value the question says picks a
     * row of another table: the measure is the other table's ("the goals of the player's teams" for "his goals").
     */
    private static String measureOfAnother(
            Words asked, PlainSelect select, Scope scope, List<WhereLiterals.Compared> filters) {
        Set<String> filtered = new HashSet<>();
        for (WhereLiterals.Compared c : filters) {
            if (c.table() == null) {
                return null;
            }
            filtered.add(c.table());
        }
        if (filtered.isEmpty() || select.getSelectItems() == null) {
            return null;
        }
        Set<String> filteredWords = new HashSet<>();
        filtered.forEach(t -> filteredWords.addAll(words(t)));
        for (SelectItem<?> item : select.getSelectItems()) {
            if (item.getExpression() instanceof Function f
                    && f.getName() != null
                    && MEASURES.contains(f.getName().toLowerCase(Locale.ROOT))
                    && f.getParameters() != null
                    && f.getParameters().size() == 1
                    && f.getParameters().get(0) instanceof Column c) {
                String table = scope.tableOf(c);
                if (table == null || filtered.contains(table)) {
                    continue;
                }
                List<String> own = words(table).stream()
                        .filter(w -> w.length() >= 4 && !filteredWords.contains(w))
                        .toList();
                if (!own.isEmpty() && own.stream().noneMatch(asked::saysWord)) {
                    return f.getName() + " of " + table + "." + IdentifierQuoting.unquote(c.getColumnName())
                            + ": a table the question does not name, while its values pick rows of "
                            + String.join(", ", filtered);
                }
            }
        }
        return null;
    }

    private static List<String> words(String identifier) {
        return IdentifierWords.of(IdentifierQuoting.unquote(identifier)).tokens().stream()
                .map(t -> t.toLowerCase(Locale.ROOT))
                .filter(t -> !t.isEmpty())
                .toList();
    }

    /** A question's words, compared loosely: case, accents, plurals, adjective forms, one slip of the keyboard. */
    static final class Words {

        final String text;
        private final List<String> tokens = new ArrayList<>();
        final String compact;

        Words(String question) {
            this.text = fold(question);
            for (String t : text.split("[^\\p{L}\\p{N}]+")) {
                if (!t.isEmpty()) {
                    tokens.add(t);
                }
            }
            this.compact = String.join("", tokens);
        }

        /** Whether the question says {@code value}: all its words, or the value written without spaces. */
        boolean says(String value) {
            String v = fold(value.replace("%", " ").replace("_", " "));
            List<String> words = new ArrayList<>();
            for (String t : v.split("[^\\p{L}\\p{N}]+")) {
                if (!t.isEmpty()) {
                    words.add(t);
                }
            }
            String joined = String.join("", words);
            if (words.isEmpty()
                    || compact.contains(joined)
                    || joined.endsWith("s")
                            && joined.length() > 4
                            && compact.contains(joined.substring(0, joined.length() - 1))) {
                return true;
            }
            if (words.size() > 1 && initials(words)) {
                return true;
            }
            return words.stream().allMatch(this::saysWord);
        }

        /** The question's words, folded, in order. */
        List<String> tokens() {
            return tokens;
        }

        boolean saysWord(String word) {
            String w = fold(word);
            return tokens.stream().anyMatch(t -> sameWord(t, w));
        }

        /** "United States" said as "USA" or "US". */
        private boolean initials(List<String> words) {
            StringBuilder b = new StringBuilder();
            words.forEach(w -> b.append(w.charAt(0)));
            String i = b.toString();
            return tokens.stream()
                    .anyMatch(t -> t.length() >= 2 && (t.equals(i) || t.length() == i.length() + 1 && t.startsWith(i)));
        }

        /**
         * One word in two forms: equal, one the other's stem (plural, "German"/"Germany"), an adjective of a name
         * ("Spanish"/"Spain", "Swiss"/"Switzerland": the first three letters), or one slip (a letter wrong, missing
         * or two swapped) in a word of five letters or more.
         */
        static boolean sameWord(String a, String b) {
            a = fold(a);
            b = fold(b);
            if (a.equals(b)) {
                return true;
            }
            if (a.isEmpty() || b.isEmpty() || Character.isDigit(a.charAt(0)) || Character.isDigit(b.charAt(0))) {
                return false;
            }
            String shorter = a.length() <= b.length() ? a : b;
            String longer = a.length() <= b.length() ? b : a;
            if (shorter.length() >= 4 && longer.startsWith(shorter.substring(0, Math.max(4, shorter.length() - 2)))) {
                return true;
            }
            if (shorter.length() >= 4
                    && longer.length() >= 5
                    && longer.startsWith(shorter.substring(0, 3))
                    && (longer.endsWith("ish")
                            || longer.endsWith("ian")
                            || longer.endsWith("ese")
                            || shorter.endsWith("ish")
                            || shorter.endsWith("ian")
                            || shorter.endsWith("ss")
                            || shorter.endsWith("ese"))) {
                return true;
            }
            return shorter.length() >= 5 && oneSlip(a, b);
        }

        private static boolean oneSlip(String a, String b) {
            if (Math.abs(a.length() - b.length()) > 1) {
                return false;
            }
            int i = 0;
            while (i < Math.min(a.length(), b.length()) && a.charAt(i) == b.charAt(i)) {
                i++;
            }
            if (a.length() == b.length()) {
                if (a.substring(i + 1).equals(b.substring(i + 1))) {
                    return true;
                }
                return i + 1 < a.length()
                        && a.charAt(i) == b.charAt(i + 1)
                        && a.charAt(i + 1) == b.charAt(i)
                        && a.substring(i + 2).equals(b.substring(i + 2));
            }
            String longer = a.length() > b.length() ? a : b;
            String shorter = a.length() > b.length() ? b : a;
            return longer.substring(i + 1).equals(shorter.substring(i));
        }

        private static String fold(String s) {
            return Normalizer.normalize(s, Normalizer.Form.NFKD)
                    .replaceAll("\\p{M}+", "")
                    .toLowerCase(Locale.ROOT)
                    .replace('’', '\'');
        }
    }

    /** The query's tables ({@link QueryTables}) and the column names it uses. */
    private static final class Scope {

        final QueryTables tables;
        final Set<String> used = new HashSet<>();

        private Scope(QueryTables tables) {
            this.tables = tables;
        }

        static Scope of(PlainSelect select, Map<String, Set<String>> columnsByTable) {
            Scope s = new Scope(QueryTables.of(select, columnsByTable));
            Matcher m = Pattern.compile("[\\p{L}_][\\p{L}\\p{N}_]*")
                    .matcher(select.toString().toLowerCase(Locale.ROOT));
            while (m.find()) {
                s.used.add(m.group());
            }
            return s;
        }

        String tableOf(Column c) {
            return tables.tableOf(c);
        }
    }
}
