package dev.snailbench.executor.service.qatch;

import dev.snailbench.executor.service.TeamSession;
import dev.snailbench.model.domain.QatchSuite.Options;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.JdbcSchemaReader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Profiles the columns of a schema's tables (or the ones the options name) for QATCH: type, row count, non-null and
 * distinct counts in one query per table, and a sorted sample of distinct values per column.
 */
final class ColumnProfiler {

    private static final int SAMPLE_VALUES = 200;

    private final TeamSession session;
    private final QatchQueries queries;

    ColumnProfiler(TeamSession session, QatchQueries queries) {
        this.session = session;
        this.queries = queries;
    }

    /** @throws IllegalArgumentException when the options name tables the schema does not have */
    ProfiledSchema profile(String schema, Options options) throws SQLException {
        Connection catalog = session.catalog();
        SchemaSpec spec = JdbcSchemaReader.read(catalog, schema);
        // Generated SQL names tables without a schema, like the gold SQL of the built-in question sets.
        session.useSchema(schema);
        Set<String> wanted =
                options.tables() == null || options.tables().isEmpty() ? null : Set.copyOf(options.tables());
        if (wanted != null) {
            Set<String> known = new HashSet<>(
                    spec.tables().stream().map(SchemaSpec.Table::name).toList());
            List<String> unknown =
                    wanted.stream().filter(t -> !known.contains(t)).sorted().toList();
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("no such tables in schema " + schema + ": " + unknown);
            }
        }
        Map<String, List<ColumnProfile>> profiles = new LinkedHashMap<>();
        Map<String, Long> rowCounts = new LinkedHashMap<>();
        List<String> tableNames = new ArrayList<>();
        for (SchemaSpec.Table t : spec.tables()) {
            if (wanted == null || wanted.contains(t.name())) {
                profileTable(catalog, schema, t, profiles, rowCounts);
                tableNames.add(t.name());
            }
        }
        List<JdbcSchemaReader.ForeignKey> foreignKeys =
                JdbcSchemaReader.foreignKeys(catalog, schema, tableNames).stream()
                        .filter(fk -> profiles.containsKey(fk.table()) && profiles.containsKey(fk.refTable()))
                        .toList();
        return new ProfiledSchema(profiles, rowCounts, foreignKeys);
    }

    private void profileTable(
            Connection catalog,
            String schema,
            SchemaSpec.Table table,
            Map<String, List<ColumnProfile>> profiles,
            Map<String, Long> rowCounts)
            throws SQLException {
        Set<String> pk = new HashSet<>();
        try (ResultSet rs = catalog.getMetaData().getPrimaryKeys(catalog.getCatalog(), schema, table.name())) {
            while (rs.next()) {
                pk.add(rs.getString("COLUMN_NAME"));
            }
        }
        List<SchemaSpec.Column> usable = table.columns().stream()
                .filter(c -> ColumnProfile.kindOf(c.type()) != ColumnProfile.Kind.OTHER)
                .toList();
        StringBuilder sql = new StringBuilder("SELECT count(*)");
        for (SchemaSpec.Column c : usable) {
            String q = q(c.name());
            sql.append(", count(")
                    .append(q)
                    .append("), count(DISTINCT ")
                    .append(q)
                    .append(')');
        }
        sql.append(" FROM ").append(q(table.name()));
        long[] counts = queries.counts(sql.toString(), 1 + 2 * usable.size());
        long rows = counts[0];
        rowCounts.put(table.name(), rows);
        if (rows == 0) {
            return;
        }
        List<ColumnProfile> columns = new ArrayList<>();
        for (int i = 0; i < usable.size(); i++) {
            SchemaSpec.Column c = usable.get(i);
            List<String> values = queries.values(
                    "SELECT DISTINCT " + q(c.name()) + " FROM " + q(table.name()) + " WHERE " + q(c.name())
                            + " IS NOT NULL ORDER BY 1",
                    SAMPLE_VALUES);
            columns.add(new ColumnProfile(
                    table.name(),
                    c.name(),
                    ColumnProfile.kindOf(c.type()),
                    pk.contains(c.name()),
                    rows,
                    counts[1 + 2 * i],
                    counts[2 + 2 * i],
                    List.copyOf(values)));
        }
        profiles.put(table.name(), List.copyOf(columns));
    }

    private String q(String name) {
        return IdentifierQuoting.quote(name, session.dialect());
    }
}
