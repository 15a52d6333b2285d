package dev.snailbench.inference.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.inference.InferenceException;
import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.rewrite.CrosswalkCsv;
import dev.snailbench.sql.rewrite.CrosswalkNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Schemas by id, read once from the shared data folder: a SNAILS database name reads
 * {@code snails/schema/<db>.json} and {@code snails/crosswalks/<db>.csv}; {@code footballdb/vN} (or
 * {@code exp_vN}, {@code footballdb_vN}) reads the {@code create table} statements of FootballDB's dumps.
 * Blocking file reads: call from a worker thread.
 */
public class SchemaCatalog {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dataDir;
    private final SqlParser parser;
    private final Map<String, LeveledSchema> cache = new ConcurrentHashMap<>();

    /** @param parser the service's shared parser (FootballDB's schema is read from its CREATE TABLE statements) */
    public SchemaCatalog(Path dataDir, SqlParser parser) {
        this.dataDir = dataDir;
        this.parser = parser;
    }

    public Path dataDir() {
        return dataDir;
    }

    public LeveledSchema get(String schemaId) {
        if (schemaId == null || schemaId.isBlank()) {
            throw new InferenceException("the work item names no schema (schemaId): a prompt needs one");
        }
        return cache.computeIfAbsent(schemaId, this::load);
    }

    private LeveledSchema load(String schemaId) {
        String footballVersion = FootballDbSchemas.version(schemaId);
        if (footballVersion != null) {
            return FootballDbSchemas.read(dataDir, footballVersion, parser);
        }
        Path json = dataDir.resolve("snails/schema").resolve(schemaId + ".json");
        if (!Files.isRegularFile(json)
                || !json.normalize().startsWith(dataDir.resolve("snails/schema").normalize())) {
            throw new InferenceException("unknown schema '" + schemaId + "': expected a SNAILS database name "
                    + "(a file snails/schema/<name>.json in " + dataDir + ") or footballdb/v1..v3");
        }
        return readSnails(schemaId, json, dataDir.resolve("snails/crosswalks").resolve(schemaId + ".csv"));
    }

    /** The team's own schema when the request carries one, else the built-in {@code schemaId}. */
    public LeveledSchema resolve(String schemaId, TeamSchema team) {
        return team != null ? fromTeam(team) : get(schemaId);
    }

    /**
     * A team's schema as read from its registered database, its names at each level from the team's crosswalk
     * (an identifier the crosswalk does not rename keeps its native name). A schema asked on a variant
     * ({@link VariantNames}) shows the variant's names as its native ones.
     */
    public static LeveledSchema fromTeam(TeamSchema team) {
        DatabaseSchema read = VariantNames.of(team) ? VariantNames.shown(team) : team.schema();
        Map<String, CrosswalkEntry> tableNames = new HashMap<>();
        Map<String, CrosswalkEntry> columnNames = new HashMap<>();
        for (CrosswalkEntry r : team.crosswalk()) {
            (r.isTable() ? tableNames : columnNames).put(IdentifierQuoting.normalize(r.nativeName()), r);
        }
        List<LeveledSchema.TableDef> tables = new ArrayList<>();
        List<LeveledSchema.ForeignKey> fks = new ArrayList<>();
        Map<String, Set<String>> tablesOfColumn = new LinkedHashMap<>();
        Map<String, Map<String, List<String>>> samples = new LinkedHashMap<>();
        for (DatabaseSchema.Table t : read.tables()) {
            List<LeveledSchema.ColumnDef> columns = new ArrayList<>();
            Map<String, List<String>> values = new LinkedHashMap<>();
            for (DatabaseSchema.Column c : t.columns()) {
                columns.add(new LeveledSchema.ColumnDef(names(c.name(), columnNames), c.type()));
                values.put(
                        c.name().toLowerCase(Locale.ROOT),
                        c.samples() == null
                                ? List.of()
                                : c.samples().stream()
                                        .map(SchemaCatalog::literal)
                                        .toList());
                tablesOfColumn
                        .computeIfAbsent(IdentifierQuoting.normalize(c.name()), k -> new LinkedHashSet<>())
                        .add(IdentifierQuoting.normalize(t.name()));
            }
            tables.add(new LeveledSchema.TableDef(names(t.name(), tableNames), columns, t.primaryKey()));
            samples.put(t.name(), values);
            for (DatabaseSchema.ForeignKey fk : t.foreignKeys()) {
                for (int i = 0;
                        i < Math.min(fk.columns().size(), fk.refColumns().size());
                        i++) {
                    fks.add(new LeveledSchema.ForeignKey(
                            t.name(),
                            fk.columns().get(i),
                            fk.refTable(),
                            fk.refColumns().get(i)));
                }
            }
        }
        return new LeveledSchema(
                team.name(), tables, fks, Map.of(), new CrosswalkNames(team.crosswalk(), tablesOfColumn), samples);
    }

    /** A sample value as the built-in dumps show it: numbers bare, text quoted. */
    private static String literal(String value) {
        return value.matches("-?\\d+(\\.\\d+)?") ? value : "'" + value.replace("'", "''") + "'";
    }

    private static Map<NaturalnessLevel, String> names(String nativeName, Map<String, CrosswalkEntry> renamed) {
        Map<NaturalnessLevel, String> m = new EnumMap<>(NaturalnessLevel.class);
        m.put(NaturalnessLevel.NATIVE, nativeName);
        CrosswalkEntry r = renamed.get(IdentifierQuoting.normalize(nativeName));
        if (r != null) {
            m.put(NaturalnessLevel.REGULAR, r.regular());
            m.put(NaturalnessLevel.LOW, r.low());
            m.put(NaturalnessLevel.LEAST, r.least());
        }
        return m;
    }

    static LeveledSchema readSnails(String name, Path json, Path crosswalkCsv) {
        try {
            JsonNode root = JSON.readTree(json.toFile());
            List<LeveledSchema.TableDef> tables = new ArrayList<>();
            Map<String, Set<String>> tablesOfColumn = new LinkedHashMap<>();
            for (JsonNode t : root.path("tables")) {
                List<LeveledSchema.ColumnDef> columns = new ArrayList<>();
                for (JsonNode c : t.path("columns")) {
                    LeveledSchema.ColumnDef col = new LeveledSchema.ColumnDef(
                            levels(c.path("name")), c.path("type").asText());
                    columns.add(col);
                }
                List<String> pk = new ArrayList<>();
                t.path("primary_key").forEach(k -> pk.add(k.asText()));
                LeveledSchema.TableDef table = new LeveledSchema.TableDef(levels(t.path("name")), columns, pk);
                tables.add(table);
                for (LeveledSchema.ColumnDef c : columns) {
                    tablesOfColumn
                            .computeIfAbsent(
                                    IdentifierQuoting.normalize(c.name(NaturalnessLevel.NATIVE)),
                                    k -> new LinkedHashSet<>())
                            .add(IdentifierQuoting.normalize(table.name(NaturalnessLevel.NATIVE)));
                }
            }
            List<LeveledSchema.ForeignKey> fks = new ArrayList<>();
            for (JsonNode fk : root.path("foreign_keys")) {
                fks.add(new LeveledSchema.ForeignKey(
                        fk.path("table").asText(),
                        fk.path("column").asText(),
                        fk.path("ref_table").asText(),
                        fk.path("ref_column").asText()));
            }
            Map<String, List<String>> modules = new LinkedHashMap<>();
            root.path("modules").fields().forEachRemaining(m -> {
                List<String> names = new ArrayList<>();
                m.getValue().forEach(n -> names.add(n.asText()));
                modules.put(m.getKey(), names);
            });
            CrosswalkNames crosswalk = new CrosswalkNames(readCrosswalk(crosswalkCsv), tablesOfColumn);
            return new LeveledSchema(name, tables, fks, modules, crosswalk);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema " + json, e);
        }
    }

    /** Reads a SNAILS crosswalk CSV with sql-support's {@link CrosswalkCsv}. */
    public static List<CrosswalkEntry> readCrosswalk(Path csv) throws IOException {
        try {
            return CrosswalkCsv.parse(Files.readString(csv, StandardCharsets.UTF_8));
        } catch (CrosswalkCsv.BadCsvException e) {
            throw new IOException(csv + " " + e.getMessage(), e);
        }
    }

    private static Map<NaturalnessLevel, String> levels(JsonNode names) {
        Map<NaturalnessLevel, String> m = new EnumMap<>(NaturalnessLevel.class);
        for (NaturalnessLevel l : NaturalnessLevel.values()) {
            if (names.hasNonNull(l.label())) {
                m.put(l, names.get(l.label()).asText());
            }
        }
        return m;
    }
}
