package dev.snailbench.sql.template;

import java.util.List;
import java.util.Map;

/**
 * A seed query with typed placeholders (ScienceBenchmark's seeding step): its SQL text with a marker per slot, and
 * what each slot may be filled with. Only what the seed's question says out loud becomes a slot (a value it quotes,
 * a column it names), so a filled query can be asked by rewriting the seed question the same way.
 *
 * @param text  the seed's SQL as the parser prints it, each slot's place holding {@link Slot#marker()}
 * @param slots the placeholders, in the order they occur
 */
public record SeedTemplate(String text, List<Slot> slots) {

    /** What a slot stands for. */
    public enum Kind {
        /** A literal compared with a column ({@code teamname = 'England'}, {@code year > 2010}, {@code LIKE '%x%'}). */
        VALUE,
        /** The column inside {@code SUM/AVG/MIN/MAX}: another numeric measure of the same table. */
        MEASURE,
        /** A column the query returns (no grouping): another column of the same table. */
        PROJECTION,
        /**
         * The function of {@code SUM/AVG/MIN/MAX(column)}, said by its word ("the highest attendance"): another of
         * the four, said the same way ("the lowest attendance"); {@link Slot#operator()} holds the seed's function.
         */
        AGGREGATE,
        /** The column a query groups by and returns with its aggregate: another label or time column of its table. */
        GROUP
    }

    /**
     * @param marker   the text standing for the slot in {@link SeedTemplate#text()}
     * @param table    the table the column belongs to (as named in the query)
     * @param column   the column compared, aggregated or returned
     * @param operator for VALUE: the comparison ({@code =}, {@code >}, {@code LIKE}, …); for AGGREGATE: the function
     * @param numeric  for VALUE: the seed wrote a number (rendered unquoted)
     * @param prefix   for a LIKE pattern: what comes before the value ({@code %}); else empty
     * @param suffix   for a LIKE pattern: what comes after the value
     * @param original the seed's value (unquoted) or column name
     * @param spoken   how the seed's question says it (the value, or the column's words), as found in the question
     */
    public record Slot(
            String marker,
            Kind kind,
            String table,
            String column,
            String operator,
            boolean numeric,
            String prefix,
            String suffix,
            String original,
            String spoken) {}

    /** The query with each slot filled: {@code fills} maps a slot's marker to its SQL text (a literal or a column). */
    public String fill(Map<String, String> fills) {
        String sql = text;
        for (Slot slot : slots) {
            String value = fills.get(slot.marker());
            if (value == null) {
                throw new IllegalArgumentException("no value for slot " + slot.marker());
            }
            sql = sql.replace(slot.marker(), value);
        }
        return sql;
    }
}
