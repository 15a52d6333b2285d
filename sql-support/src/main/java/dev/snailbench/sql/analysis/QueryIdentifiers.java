package dev.snailbench.sql.analysis;

import java.util.Set;
import java.util.TreeSet;

/**
 * The schema identifiers one query references, lower-cased and unquoted: real tables (never aliases, CTE or
 * derived-table names) and columns, each column with the real table it resolved to when that is known.
 */
public record QueryIdentifiers(Set<String> tables, Set<String> columns, Set<ColumnRef> columnRefs) {

    /** A column and the real table it belongs to (null when the query does not say). */
    public record ColumnRef(String table, String column) {}

    /** Tables as {@code t:name} and columns as {@code c:name}: the identifier set SNAILS' metrics compare. */
    public Set<String> keys() {
        Set<String> out = new TreeSet<>();
        tables.forEach(t -> out.add("t:" + t));
        columns.forEach(c -> out.add("c:" + c));
        return out;
    }
}
