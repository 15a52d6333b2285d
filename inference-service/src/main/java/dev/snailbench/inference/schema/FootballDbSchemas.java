package dev.snailbench.inference.schema;

import dev.snailbench.inference.InferenceException;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.rewrite.CrosswalkNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.table.ForeignKeyIndex;
import net.sf.jsqlparser.statement.create.table.Index;

/**
 * FootballDB's schemas, read from the {@code create table} statements of its PostgreSQL dumps (the dumps are
 * the only description of the schema the dataset has). Names are native at every level: FootballDB has no
 * crosswalk, so its crosswalk is empty.
 */
final class FootballDbSchemas {

    private static final Pattern ID = Pattern.compile("(?i)^(?:footballdb[/_]|exp_)(v[123])$");
    private static final Pattern CREATE = Pattern.compile("(?is)create table .*?\\n\\);");

    private FootballDbSchemas() {}

    /** {@code v1..v3} when {@code schemaId} names a FootballDB data model, else null. */
    static String version(String schemaId) {
        Matcher m = ID.matcher(schemaId.trim());
        return m.matches() ? m.group(1).toLowerCase(Locale.ROOT) : null;
    }

    static LeveledSchema read(Path dataDir, String version, SqlParser parser) {
        Path dir = dataDir.resolve("footballdb").resolve(version).resolve("db");
        if (!Files.isDirectory(dir)) {
            throw new InferenceException("FootballDB " + version + " not found in " + dataDir);
        }
        List<CreateTable> creates = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".sql")).sorted().toList()) {
                Matcher m = CREATE.matcher(Files.readString(f, StandardCharsets.UTF_8));
                if (m.find()) {
                    creates.add((CreateTable) parser.parse(m.group(), SqlDialect.POSTGRESQL));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, List<String>> pks = new LinkedHashMap<>();
        List<LeveledSchema.TableDef> tables = new ArrayList<>();
        List<String[]> rawFks = new ArrayList<>();
        for (CreateTable ct : creates) {
            String table = ct.getTable().getName();
            List<LeveledSchema.ColumnDef> columns = new ArrayList<>();
            List<String> pk = new ArrayList<>();
            for (ColumnDefinition cd : ct.getColumnDefinitions()) {
                columns.add(new LeveledSchema.ColumnDef(
                        same(cd.getColumnName()), cd.getColDataType().toString()));
                List<String> specs = cd.getColumnSpecs() == null
                        ? List.of()
                        : cd.getColumnSpecs().stream()
                                .map(s -> s.toLowerCase(Locale.ROOT))
                                .toList();
                for (int i = 0; i < specs.size(); i++) {
                    if (specs.get(i).equals("primary")
                            && i + 1 < specs.size()
                            && specs.get(i + 1).equals("key")) {
                        pk.add(cd.getColumnName());
                    }
                    if (specs.get(i).equals("references") && i + 1 < specs.size()) {
                        String ref = cd.getColumnSpecs().get(i + 1);
                        String refCol = i + 2 < specs.size() && specs.get(i + 2).startsWith("(")
                                ? cd.getColumnSpecs().get(i + 2).replaceAll("[()\\s]", "")
                                : null;
                        rawFks.add(new String[] {table, cd.getColumnName(), ref, refCol});
                    }
                }
            }
            if (ct.getIndexes() != null) {
                for (Index idx : ct.getIndexes()) {
                    if (idx instanceof ForeignKeyIndex fk) {
                        rawFks.add(new String[] {
                            table,
                            fk.getColumnsNames().get(0),
                            fk.getTable().getName(),
                            fk.getReferencedColumnNames().isEmpty()
                                    ? null
                                    : fk.getReferencedColumnNames().get(0)
                        });
                    } else if (idx.getType() != null
                            && idx.getType().toLowerCase(Locale.ROOT).contains("primary")) {
                        pk.addAll(idx.getColumnsNames());
                    }
                }
            }
            pks.put(table, pk);
            tables.add(new LeveledSchema.TableDef(same(table), columns, pk));
        }
        List<LeveledSchema.ForeignKey> fks = new ArrayList<>();
        for (String[] fk : rawFks) {
            String refCol = fk[3] != null
                    ? fk[3]
                    : pks.getOrDefault(fk[2], List.of()).stream().findFirst().orElse(null);
            fks.add(new LeveledSchema.ForeignKey(fk[0], fk[1], fk[2], refCol));
        }
        return new LeveledSchema("footballdb/" + version, tables, fks, Map.of(), CrosswalkNames.of(List.of()));
    }

    private static Map<NaturalnessLevel, String> same(String name) {
        Map<NaturalnessLevel, String> m = new EnumMap<>(NaturalnessLevel.class);
        for (NaturalnessLevel l : NaturalnessLevel.values()) {
            m.put(l, name);
        }
        return m;
    }
}
