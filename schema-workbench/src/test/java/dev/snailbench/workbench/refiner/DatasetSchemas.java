package dev.snailbench.workbench.refiner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.testkit.LocalStack;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The public schemas without a running database: FootballDB's dumps ({@code create table} statements: columns,
 * types, primary keys, {@code references}) and SNAILS' schema JSON (native names, types, keys).
 */
public final class DatasetSchemas {

    static final List<String> SNAILS = List.of(
            "ASIS_20161108_HerpInv_Database",
            "ATBI",
            "CratersWildlifeObservations",
            "KlamathInvasiveSpecies",
            "NorthernPlainsFireManagement",
            "NTSB",
            "NYSED_SRC2022",
            "PacificIslandLandbirds",
            "SBODemoUS");

    private DatasetSchemas() {}

    public static DatabaseSchema footballDb(int version) throws IOException {
        Path dir = DataDir.resolve().resolve("footballdb/v" + version + "/db");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".sql")).sorted().toList();
        }
        Pattern create = Pattern.compile("(?is)create table (\\w+)\\s*\\((.*?)\\n\\);");
        Map<String, List<String>> pks = new LinkedHashMap<>();
        List<Object[]> parsed = new ArrayList<>();
        for (Path f : files) {
            String sql = Files.readString(f);
            Matcher m = create.matcher(sql);
            if (!m.find()) {
                continue;
            }
            String table = m.group(1);
            List<DatabaseSchema.Column> columns = new ArrayList<>();
            List<String> pk = new ArrayList<>();
            List<String[]> refs = new ArrayList<>();
            String current = null;
            for (String line : m.group(2).split("\n")) {
                String trimmed = line.trim().replaceAll(",$", "");
                if (line.startsWith("    ") && !line.startsWith("     ")) {
                    String[] parts = trimmed.split("\\s+");
                    if (parts[0].equalsIgnoreCase("constraint")) {
                        Matcher p =
                                Pattern.compile("(?i)primary key \\((.*)\\)").matcher(trimmed);
                        if (p.find()) {
                            for (String c : p.group(1).split(",")) {
                                pk.add(c.trim());
                            }
                        }
                        current = null;
                        continue;
                    }
                    current = parts[0];
                    String type = parts.length > 1 ? parts[1] : "varchar";
                    columns.add(new DatabaseSchema.Column(current, type, valueType(type), true, List.of()));
                } else if (current != null) {
                    if (trimmed.toLowerCase(Locale.ROOT).startsWith("primary key")) {
                        pk.add(current);
                    }
                    Matcher r = Pattern.compile("(?i)references (\\w+)").matcher(trimmed);
                    if (r.find()) {
                        refs.add(new String[] {current, r.group(1)});
                    }
                }
            }
            pks.put(table.toLowerCase(Locale.ROOT), pk);
            parsed.add(new Object[] {table, columns, pk, refs});
        }
        List<DatabaseSchema.Table> tables = new ArrayList<>();
        for (Object[] p : parsed) {
            @SuppressWarnings("unchecked")
            List<String[]> refs = (List<String[]>) p[3];
            List<DatabaseSchema.ForeignKey> fks = new ArrayList<>();
            for (String[] r : refs) {
                List<String> target = pks.getOrDefault(r[1].toLowerCase(Locale.ROOT), List.of());
                if (target.size() == 1) {
                    fks.add(new DatabaseSchema.ForeignKey(null, List.of(r[0]), null, r[1], target));
                }
            }
            @SuppressWarnings("unchecked")
            List<DatabaseSchema.Column> columns = (List<DatabaseSchema.Column>) p[1];
            @SuppressWarnings("unchecked")
            List<String> pk = (List<String>) p[2];
            tables.add(new DatabaseSchema.Table("exp_v" + version, (String) p[0], "TABLE", columns, pk, fks));
        }
        return new DatabaseSchema("PostgreSQL", "footballdb_v" + version, tables, false);
    }

    /**
     * The schema with up to {@code k} distinct non-null values per column, read from {@code database} in the
     * embedded teams' PostgreSQL the way the executor's introspection reads them (the first values in order).
     */
    public static DatabaseSchema withSamples(DatabaseSchema schema, String database, int k) throws SQLException {
        return withSamples(schema, database, k, false);
    }

    /**
     * As above; {@code hashed}: the distinct values of lowest {@code md5} of their text, as the executor reads them
     * for the refiner (one hash order for every column, so two columns' samples are coordinated).
     */
    public static DatabaseSchema withSamples(DatabaseSchema schema, String database, int k, boolean hashed)
            throws SQLException {
        List<DatabaseSchema.Table> tables = new ArrayList<>();
        try (Connection c = LocalStack.targets().connect(database);
                Statement s = c.createStatement()) {
            for (DatabaseSchema.Table t : schema.tables()) {
                List<DatabaseSchema.Column> columns = new ArrayList<>();
                for (DatabaseSchema.Column col : t.columns()) {
                    List<String> values = new ArrayList<>();
                    String distinct = "SELECT DISTINCT \"" + col.name() + "\" AS v FROM " + t.schema() + ".\""
                            + t.name() + "\" WHERE \"" + col.name() + "\" IS NOT NULL";
                    String sql = hashed
                            ? "SELECT v FROM (" + distinct + ") d ORDER BY md5(v::text) COLLATE \"C\" LIMIT " + k
                            : distinct + " ORDER BY 1 LIMIT " + k;
                    try (ResultSet rs = s.executeQuery(sql)) {
                        while (rs.next()) {
                            values.add(rs.getString(1));
                        }
                    }
                    columns.add(
                            new DatabaseSchema.Column(col.name(), col.type(), col.valueType(), col.nullable(), values));
                }
                tables.add(new DatabaseSchema.Table(
                        t.schema(), t.name(), t.type(), columns, t.primaryKey(), t.foreignKeys()));
            }
        }
        return new DatabaseSchema(schema.databaseProduct(), schema.catalog(), tables, schema.truncated());
    }

    static DatabaseSchema snails(String database) throws IOException {
        JsonNode root = new ObjectMapper()
                .readTree(DataDir.resolve()
                        .resolve("snails/schema/" + database + ".json")
                        .toFile());
        Map<String, List<DatabaseSchema.ForeignKey>> fks = new LinkedHashMap<>();
        for (JsonNode fk : root.path("foreign_keys")) {
            fks.computeIfAbsent(fk.get("table").asText().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(new DatabaseSchema.ForeignKey(
                            null,
                            List.of(fk.get("column").asText()),
                            null,
                            fk.get("ref_table").asText(),
                            List.of(fk.get("ref_column").asText())));
        }
        List<DatabaseSchema.Table> tables = new ArrayList<>();
        for (JsonNode t : root.get("tables")) {
            String name = t.get("name").get("Native").asText();
            List<DatabaseSchema.Column> columns = new ArrayList<>();
            for (JsonNode c : t.get("columns")) {
                String type = c.path("type").asText("nvarchar");
                columns.add(new DatabaseSchema.Column(
                        c.get("name").get("Native").asText(), type, valueType(type), true, List.of()));
            }
            List<String> pk = new ArrayList<>();
            t.path("primary_key").forEach(p -> pk.add(p.asText()));
            tables.add(new DatabaseSchema.Table(
                    "dbo", name, "TABLE", columns, pk, fks.getOrDefault(name.toLowerCase(Locale.ROOT), List.of())));
        }
        return new DatabaseSchema("SQL Server", database, tables, false);
    }

    static ValueType valueType(String type) {
        String t = type.toLowerCase(Locale.ROOT);
        if (t.matches(".*(int|real|float|double|numeric|decimal|money|number).*")) {
            return ValueType.NUMBER;
        }
        if (t.startsWith("bool") || t.equals("bit")) {
            return ValueType.BOOLEAN;
        }
        if (t.startsWith("timestamp") || t.startsWith("datetime")) {
            return ValueType.TIMESTAMP;
        }
        if (t.equals("date")) {
            return ValueType.DATE;
        }
        if (t.startsWith("time")) {
            return ValueType.TIME;
        }
        return ValueType.TEXT;
    }
}
