package dev.snailbench.inference.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.inference.InferenceException;
import dev.snailbench.inference.sql.Crosswalk;
import dev.snailbench.inference.sql.CrosswalkEntry;
import dev.snailbench.inference.sql.Identifiers;
import dev.snailbench.model.domain.NaturalnessLevel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
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
    private final Map<String, DatabaseSchema> cache = new ConcurrentHashMap<>();

    public SchemaCatalog(Path dataDir) {
        this.dataDir = dataDir;
    }

    public Path dataDir() {
        return dataDir;
    }

    public DatabaseSchema get(String schemaId) {
        if (schemaId == null || schemaId.isBlank()) {
            throw new InferenceException("the work item names no schema (schemaId): a prompt needs one");
        }
        return cache.computeIfAbsent(schemaId, this::load);
    }

    private DatabaseSchema load(String schemaId) {
        String footballVersion = FootballDbSchemas.version(schemaId);
        if (footballVersion != null) {
            return FootballDbSchemas.read(dataDir, footballVersion);
        }
        Path json = dataDir.resolve("snails/schema").resolve(schemaId + ".json");
        if (!Files.isRegularFile(json) || !json.normalize().startsWith(dataDir.resolve("snails/schema").normalize())) {
            throw new InferenceException("unknown schema '" + schemaId + "': expected a SNAILS database name "
                    + "(a file snails/schema/<name>.json in " + dataDir + ") or footballdb/v1..v3");
        }
        return readSnails(schemaId, json, dataDir.resolve("snails/crosswalks").resolve(schemaId + ".csv"));
    }

    static DatabaseSchema readSnails(String name, Path json, Path crosswalkCsv) {
        try {
            JsonNode root = JSON.readTree(json.toFile());
            List<DatabaseSchema.TableDef> tables = new ArrayList<>();
            Map<String, Set<String>> tablesOfColumn = new LinkedHashMap<>();
            for (JsonNode t : root.path("tables")) {
                List<DatabaseSchema.ColumnDef> columns = new ArrayList<>();
                for (JsonNode c : t.path("columns")) {
                    DatabaseSchema.ColumnDef col = new DatabaseSchema.ColumnDef(levels(c.path("name")),
                            c.path("type").asText());
                    columns.add(col);
                }
                List<String> pk = new ArrayList<>();
                t.path("primary_key").forEach(k -> pk.add(k.asText()));
                DatabaseSchema.TableDef table = new DatabaseSchema.TableDef(levels(t.path("name")), columns, pk);
                tables.add(table);
                for (DatabaseSchema.ColumnDef c : columns) {
                    tablesOfColumn.computeIfAbsent(Identifiers.key(c.name(NaturalnessLevel.NATIVE)),
                            k -> new LinkedHashSet<>()).add(Identifiers.key(table.name(NaturalnessLevel.NATIVE)));
                }
            }
            List<DatabaseSchema.ForeignKey> fks = new ArrayList<>();
            for (JsonNode fk : root.path("foreign_keys")) {
                fks.add(new DatabaseSchema.ForeignKey(fk.path("table").asText(), fk.path("column").asText(),
                        fk.path("ref_table").asText(), fk.path("ref_column").asText()));
            }
            Map<String, List<String>> modules = new LinkedHashMap<>();
            root.path("modules").fields().forEachRemaining(m -> {
                List<String> names = new ArrayList<>();
                m.getValue().forEach(n -> names.add(n.asText()));
                modules.put(m.getKey(), names);
            });
            Crosswalk crosswalk = new Crosswalk(readCrosswalk(crosswalkCsv), tablesOfColumn);
            return new DatabaseSchema(name, tables, fks, modules, crosswalk);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema " + json, e);
        }
    }

    /** Reads a SNAILS crosswalk CSV: {@code kind,identifier_native,native_level,regular,low,least}. */
    public static List<CrosswalkEntry> readCrosswalk(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<CrosswalkEntry> entries = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length != 6) {
                throw new IOException(csv + " line " + (i + 1) + ": expected 6 fields, found " + f.length);
            }
            CrosswalkEntry.Kind kind = switch (f[0]) {
                case "table" -> CrosswalkEntry.Kind.TABLE;
                case "column" -> CrosswalkEntry.Kind.COLUMN;
                default -> throw new IOException(csv + " line " + (i + 1) + ": unknown kind '" + f[0] + "'");
            };
            entries.add(new CrosswalkEntry(kind, f[1], f[3], f[4], f[5]));
        }
        return entries;
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
