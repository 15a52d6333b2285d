package dev.snailbench.executor.service.synthetic;

import dev.snailbench.executor.service.qatch.ColumnProfile;
import dev.snailbench.model.domain.SyntheticSuite.Frame;
import dev.snailbench.sql.IdentifierWords;
import dev.snailbench.sql.ValueKinds;
import dev.snailbench.sql.template.FrameCheck;
import dev.snailbench.sql.template.LikeFragments;
import dev.snailbench.sql.template.SeedTemplate;
import dev.snailbench.sql.template.SeedTemplate.Kind;
import dev.snailbench.sql.template.SeedTemplate.Slot;
import dev.snailbench.sql.template.SeedTemplates;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One random filling of a template's slots from the data: values of one table taken from one row (so that they
 * go together), every value slot a value of its own (two slots never draw the same one, a list never holds one
 * twice), a text value of its column's kind ({@link ValueKinds}), a LIKE slot a value of the kind the seed used
 * ({@link LikeFragments}, written in the seed value's form), and swapped columns of the same table and kind that a
 * person would ask for ({@link FrameCheck}, no column the query already names, only columns some seed names).
 */
final class SlotFiller {

    private static final Pattern ID_NAME = Pattern.compile("(?i)^id$|_id$|^id_|[a-z]Id$|[a-z]ID$");
    private static final Set<String> NOT_ARITHMETIC = Set.of(
            "year", "yr", "date", "time", "month", "day", "code", "zip", "phone", "number", "no", "nr", "num", "rank",
            "ranking", "shirt", "jersey", "id");

    /** A filled query and how a question says each slot's new value. */
    record Filled(String sql, List<String> spoken) {}

    private static final Pattern NAME = Pattern.compile("[\\p{L}_][\\p{L}\\p{N}_]*");

    private final SchemaData data;
    private final Random random;
    private final Tally tally;
    /** Every name the seeds' SQL uses, lower case: the columns people ask about. */
    private final Set<String> seedNames = new HashSet<>();

    private final Map<String, ValueKinds.Kind> columnKinds = new HashMap<>();

    SlotFiller(SchemaData data, Random random, Tally tally) {
        this.data = data;
        this.random = random;
        this.tally = tally;
    }

    /** Records the names a seed's SQL uses (its columns among them): a swap takes only columns some seed uses. */
    void seedNames(String sql) {
        NAME.matcher(sql.replace("\"", ""))
                .results()
                .forEach(m -> seedNames.add(m.group().toLowerCase(Locale.ROOT)));
    }

    /** One random filling of the group's template, or null when the data offers none that passes. */
    Filled fill(Group group) {
        SeedTemplate template = group.template;
        Map<String, String> sql = new HashMap<>();
        List<String> spoken = new ArrayList<>();
        Map<String, List<String>> rowByTable = new HashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        Set<String> chosen = new HashSet<>();
        Set<String> values = new HashSet<>();
        for (int k = 0; k < template.slots().size(); k++) {
            Slot slot = template.slots().get(k);
            if (slot.kind() == Kind.AGGREGATE) {
                String function = aggregate(group, k);
                if (function == null) {
                    return null;
                }
                String word = SeedTemplates.aggregateWord(slot.operator(), slot.spoken(), function);
                if (word == null) {
                    return null;
                }
                sql.put(slot.marker(), function);
                spoken.add(word);
            } else if (slot.kind() == Kind.VALUE) {
                // Values of one table come from one row; a column compared twice ("not X and not Y") takes its
                // second value from another row.
                int occurrence = seen.merge(slot.table() + "|" + slot.column(), 1, Integer::sum);
                List<String> row = rowByTable.computeIfAbsent(
                        slot.table() + "#" + occurrence, t -> sampleRow(template, slot.table()));
                if (row == null) {
                    return null;
                }
                String value = row.get(valueColumns(template, slot.table()).indexOf(slot.column()));
                if (like(slot)) {
                    value = likeValue(group, k, slot, value);
                    if (value == null) {
                        return null;
                    }
                }
                if (!slot.numeric() && value.contains("_") && !slot.original().contains("_")) {
                    // "Czech Reworld_cup_2023_03_13" where the seed said "France": a load artefact, not a name.
                    tally.refuse(Tally.VALUE_KIND);
                    return null;
                }
                if (!slot.numeric() && !like(slot) && !ofColumnKind(slot, value)) {
                    tally.refuse(Tally.VALUE_KIND);
                    return null;
                }
                if (!values.add(value.trim().toLowerCase(Locale.ROOT))) {
                    tally.refuse(Tally.DISTINCT_VALUES);
                    return null;
                }
                String literal = literal(slot, value);
                if (literal == null) {
                    return null;
                }
                sql.put(slot.marker(), literal);
                spoken.add(value);
            } else {
                String column = swap(group, k, chosen);
                if (column == null) {
                    return null;
                }
                chosen.add(column.toLowerCase(Locale.ROOT));
                sql.put(slot.marker(), data.identifier(column));
                spoken.add(SeedTemplates.words(column));
            }
        }
        return new Filled(template.fill(sql), List.copyOf(spoken));
    }

    /**
     * A function for AGGREGATE slot {@code k}: a random one of the four; one whose word does not read in a seed
     * question's frame ("in average" → "in highest") is refused (and counted) and another drawn from those that do.
     */
    private String aggregate(Group group, int k) {
        List<String> fitting = SeedTemplates.AGGREGATES.stream()
                .filter(f -> group.frames.stream()
                        .noneMatch(frame -> FrameCheck.aggregateMisfit(
                                        frame.question(), frame.spoken().get(k), f)
                                != null))
                .toList();
        String proposed = SeedTemplates.AGGREGATES.get(random.nextInt(SeedTemplates.AGGREGATES.size()));
        if (fitting.contains(proposed)) {
            return proposed;
        }
        tally.refuse(Tally.FRAME);
        return fitting.isEmpty() ? null : fitting.get(random.nextInt(fitting.size()));
    }

    private static boolean like(Slot slot) {
        return !slot.numeric()
                && slot.operator() != null
                && slot.operator().toUpperCase(Locale.ROOT).contains("LIKE");
    }

    /**
     * A value for LIKE slot {@code k} of the kind the seed used, taken from {@code cell}; a keyword is refused when
     * it matches a single cell where the seed's matched several (a keyword become a whole description) or most
     * cells where the seed's matched at most half, or every cell where the seed's left some out (a word every note
     * has, "win" in every note of how a game was decided; {@link #countsRefuse}) or written in another form than the
     * seed's ({@link ValueKinds#form}: a proper name for a lower-case word); any value is
     * refused when it matches several cells where the seed's named one (a first name for a player's name). Null
     * (counted) when the cell has none.
     */
    private String likeValue(Group group, int k, Slot slot, String cell) {
        LikeFragments.Shape shape = group.likeShapes.computeIfAbsent(
                k,
                i -> LikeFragments.of(
                        slot.original(), data.cellsContaining(slot.table(), slot.column(), slot.original())));
        // Counted over the whole column: a sample of its cells may miss the one player a surname names, or all
        // but one of the players a first name names.
        long cells = data.countContaining(slot.table(), slot.column(), null);
        long seedMatches = group.likeMatches.computeIfAbsent(
                k, i -> data.countContaining(slot.table(), slot.column(), slot.original()));
        String value = LikeFragments.fragment(shape, cell, random);
        long matches = value == null ? 0 : data.countContaining(slot.table(), slot.column(), value);
        boolean keyword = shape.kind() != LikeFragments.Kind.WHOLE;
        if (value == null
                || cells < 0
                || seedMatches < 0
                || matches < 0
                // A keyword is written as the seed's was: a lower-case word of a description ("penalties") takes no
                // proper name ("Argentina"), a name's part no lower-case word.
                || keyword
                        && ValueKinds.form(value.trim())
                                != ValueKinds.form(slot.original().trim())
                || countsRefuse(keyword, cells, seedMatches, matches)) {
            tally.refuse(Tally.LIKE_FRAGMENT);
            return null;
        }
        return value;
    }

    /**
     * Whether a {@code LIKE} value that matches {@code matches} of the column's {@code cells} distinct cells is refused
     * where the seed's matched {@code seedMatches}: a keyword that names one cell where the seed's named several, one
     * that matches most cells where the seed's matched at most half, or one that every cell holds where the seed's
     * left some out ("win" in every note of how a game was decided: the filter keeps every row that has a note, which
     * no question says); any value that matches several cells where the seed's named one.
     */
    static boolean countsRefuse(boolean keyword, long cells, long seedMatches, long matches) {
        return keyword && seedMatches >= 2 && matches < 2
                || keyword && 2 * seedMatches <= cells && 2 * matches > cells
                || keyword && matches >= cells && seedMatches < cells
                || seedMatches == 1 && matches > 1;
    }

    /**
     * The column for swap slot {@code k}: a random one of the slot's alternatives; one a person would not ask for
     * is refused (and counted) and another drawn from those that pass: for a returned or grouped column, none the
     * query returns already or pins ("the club name of the club Tromsø IL"); for every swap, one whose words fit
     * every seed question's frame where the old column was said. Null when none passes.
     */
    private String swap(Group group, int k, Set<String> chosen) {
        Slot slot = group.template.slots().get(k);
        List<String> alternatives = alternatives(slot);
        if (alternatives.isEmpty()) {
            return null;
        }
        String proposed = alternatives.get(random.nextInt(alternatives.size()));
        String why = refusal(group, k, proposed, chosen);
        if (why == null) {
            return proposed;
        }
        tally.refuse(why);
        List<String> passing = alternatives.stream()
                .filter(c -> refusal(group, k, c, chosen) == null)
                .toList();
        return passing.isEmpty() ? null : passing.get(random.nextInt(passing.size()));
    }

    /** The check {@code column} fails in slot {@code k}, or null. */
    private String refusal(Group group, int k, String column, Set<String> chosen) {
        Slot slot = group.template.slots().get(k);
        if (slot.kind() != Kind.MEASURE
                && (chosen.contains(column.toLowerCase(Locale.ROOT))
                        || !column.equalsIgnoreCase(slot.column()) && mentioned(group.template.text(), column))) {
            return Tally.DUPLICATE_COLUMN;
        }
        boolean numeric = ColumnProfile.kindOf(data.type(slot.table(), column)) == ColumnProfile.Kind.NUMERIC;
        for (Frame frame : group.frames) {
            if (FrameCheck.misfit(frame.question(), frame.spoken().get(k), column, numeric) != null) {
                return Tally.FRAME;
            }
        }
        return null;
    }

    /** Whether the template's SQL (slots aside) names {@code column} anywhere: filtered, joined or returned. */
    static boolean mentioned(String templateSql, String column) {
        return Pattern.compile("(?i)(?<![\\p{L}\\p{N}_])" + Pattern.quote(column) + "(?![\\p{L}\\p{N}_])")
                .matcher(templateSql)
                .find();
    }

    /** The columns of {@code table} the template's VALUE slots compare, in slot order (distinct). */
    private static List<String> valueColumns(SeedTemplate template, String table) {
        return template.slots().stream()
                .filter(s -> s.kind() == Kind.VALUE && s.table().equals(table))
                .map(Slot::column)
                .distinct()
                .toList();
    }

    /** A row of distinct values of the columns compared on {@code table}: values that occur together. */
    private List<String> sampleRow(SeedTemplate template, String table) {
        List<List<String>> rows = data.rows(table, valueColumns(template, table));
        return rows.isEmpty() ? null : rows.get(random.nextInt(rows.size()));
    }

    /**
     * Whether a text {@code value} is of its column's kind ({@link ValueKinds} of the column's sampled cells): a
     * column whose cells are mostly codes takes a code within a character of their usual length, a column of words
     * takes words, of numbers written as text a number; and the seed's own value must be of it too (a country's name
     * compared with a column of three-letter codes is a slot no value fills well).
     */
    private boolean ofColumnKind(Slot slot, String value) {
        ValueKinds.Kind kind = columnKinds.computeIfAbsent(
                slot.table().toLowerCase(Locale.ROOT) + "|" + slot.column().toLowerCase(Locale.ROOT),
                k -> ValueKinds.of("text", data.cells(slot.table(), slot.column())));
        if (kind == null) {
            return true;
        }
        return fits(kind, value) && fits(kind, slot.original());
    }

    /**
     * Whether {@code value} is written as the column's values are: a code as a code of about their length, a number
     * or an address as one; any text of words (proper names, lower-case words, a mix) for a column of words.
     */
    private static boolean fits(ValueKinds.Kind kind, String value) {
        String v = value.trim();
        ValueKinds.Form form = ValueKinds.form(v);
        if (form == ValueKinds.Form.CODE || kind.form() == ValueKinds.Form.CODE) {
            return form == kind.form() && Math.abs(v.length() - kind.size()) <= 1;
        }
        return words(form) == words(kind.form()) && (words(form) || form == kind.form());
    }

    private static boolean words(ValueKinds.Form form) {
        return form == ValueKinds.Form.PROPER_NAMES || form == ValueKinds.Form.WORDS || form == ValueKinds.Form.MIXED;
    }

    /**
     * Columns that could stand where the slot's column is: same table, same kind, never a key, and one some seed's
     * SQL names (a column no seed asks about, such as a data-linking score, is not one a person asks for).
     */
    private List<String> alternatives(Slot slot) {
        Map<String, String> types = data.columnTypes.get(slot.table().toLowerCase(Locale.ROOT));
        Set<String> pk = data.primaryKeys.getOrDefault(slot.table().toLowerCase(Locale.ROOT), Set.of());
        List<String> out = new ArrayList<>();
        types.forEach((column, type) -> {
            ColumnProfile.Kind kind = ColumnProfile.kindOf(type);
            boolean key = pk.contains(column) || ID_NAME.matcher(column).find();
            boolean fits = switch (slot.kind()) {
                case MEASURE -> kind == ColumnProfile.Kind.NUMERIC && arithmetic(column);
                // One groups by a label, a place or a time, not by a measure ("per attendance").
                case GROUP ->
                    kind != ColumnProfile.Kind.OTHER
                            && FrameCheck.role(column, kind == ColumnProfile.Kind.NUMERIC) != FrameCheck.Role.QUANTITY;
                default -> kind != ColumnProfile.Kind.OTHER;
            };
            if (fits
                    && !key
                    && (column.equalsIgnoreCase(slot.column())
                            || seedNames.contains(column.toLowerCase(Locale.ROOT)))) {
                out.add(column);
            }
        });
        return out;
    }

    /**
     * Whether a numeric column accepts SUM/AVG (ScienceBenchmark's enhanced schema): not a year, a date part, a
     * code or a number that labels rather than counts.
     */
    static boolean arithmetic(String column) {
        return IdentifierWords.of(column).tokens().stream()
                .map(t -> t.toLowerCase(Locale.ROOT))
                .noneMatch(NOT_ARITHMETIC::contains);
    }

    private static String literal(Slot slot, String value) {
        if (slot.numeric()) {
            try {
                return new BigDecimal(value.trim()).toPlainString();
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return "'" + (slot.prefix() + value + slot.suffix()).replace("'", "''") + "'";
    }
}
