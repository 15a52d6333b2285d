package dev.snailbench.inference.prompt;

import dev.snailbench.inference.InferenceException;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.statement.insert.Insert;

/**
 * Sample cell values per column, in file order (deterministic), from FootballDB's dumps. The shared data holds
 * no cell values for the SNAILS databases, so asking for samples there fails the item with that reason.
 */
public final class SampleValues {

    /** Rows read per table at most while looking for k distinct values per column. */
    private static final int MAX_ROWS = 300;

    private final Path dataDir;
    private final SqlParser parser;
    private final Map<String, Map<String, List<String>>> cache = new ConcurrentHashMap<>();

    public SampleValues(Path dataDir, SqlParser parser) {
        this.dataDir = dataDir;
        this.parser = parser;
    }

    /** Up to {@code k} distinct non-null values per column (lower-case column key) of a native table. */
    public Map<String, List<String>> of(String schemaName, String table, int k) {
        if (!schemaName.startsWith("footballdb/")) {
            throw new InferenceException("sample values are not available for " + schemaName
                    + ": the shared data has no cell values for it");
        }
        Map<String, List<String>> all = cache.computeIfAbsent(
                schemaName + "/" + table,
                key -> read(dataDir.resolve("footballdb")
                        .resolve(schemaName.substring("footballdb/".length()))
                        .resolve("db")
                        .resolve(table + ".sql")));
        Map<String, List<String>> limited = new LinkedHashMap<>();
        all.forEach((c, v) -> limited.put(c, v.subList(0, Math.min(k, v.size()))));
        return limited;
    }

    private Map<String, List<String>> read(Path dump) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        if (!Files.isRegularFile(dump)) {
            return Map.of();
        }
        try (BufferedReader in = Files.newBufferedReader(dump, StandardCharsets.UTF_8)) {
            StringBuilder statement = null;
            int rows = 0;
            String line;
            while ((line = in.readLine()) != null && rows < MAX_ROWS) {
                if (statement == null && line.startsWith("INSERT INTO")) {
                    statement = new StringBuilder();
                }
                if (statement != null) {
                    statement.append(line).append('\n');
                    if (line.endsWith(");")) {
                        addRow(statement.toString(), values);
                        statement = null;
                        rows++;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        values.forEach((c, v) -> out.put(c, new ArrayList<>(v)));
        return out;
    }

    private void addRow(String sql, Map<String, Set<String>> values) {
        Insert insert;
        try {
            insert = (Insert) parser.parse(sql, SqlDialect.POSTGRESQL);
        } catch (RuntimeException e) {
            return; // a row the parser cannot read contributes no samples
        }
        List<?> exprs = insert.getValues().getExpressions();
        for (int i = 0; i < insert.getColumns().size() && i < exprs.size(); i++) {
            Expression e = (Expression) exprs.get(i);
            if (!(e instanceof NullValue)) {
                values.computeIfAbsent(
                                insert.getColumns().get(i).getColumnName().toLowerCase(), c -> new LinkedHashSet<>())
                        .add(e.toString());
            }
        }
    }
}
