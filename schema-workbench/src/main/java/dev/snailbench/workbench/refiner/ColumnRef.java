package dev.snailbench.workbench.refiner;

import java.util.Locale;

/** One column of a schema: its table and its name, as the database spells them. */
public record ColumnRef(String table, String column) implements Comparable<ColumnRef> {

    /** {@code table.column}, lower-case: names are compared case-insensitively, as SQL does unquoted. */
    public String key() {
        return (table + "." + column).toLowerCase(Locale.ROOT);
    }

    @Override
    public int compareTo(ColumnRef o) {
        return key().compareTo(o.key());
    }

    @Override
    public String toString() {
        return table + "." + column;
    }
}
