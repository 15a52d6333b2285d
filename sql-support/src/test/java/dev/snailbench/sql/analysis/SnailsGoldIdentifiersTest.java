package dev.snailbench.sql.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.datasets.SnailsGold;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.QueryIdentifiers.ColumnRef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Real data: every identifier extracted from each of the 503 SNAILS gold queries exists in that database's
 * schema, at Native level for gold_sql_native and at each level for gold_sql.Regular/Low/Least. A column with
 * a resolved table must exist in that table; an unresolved one in some table of the query.
 */
class SnailsGoldIdentifiersTest {

    private static final List<String> LEVELS = List.of("Native", "Regular", "Low", "Least");

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(2, Duration.ofSeconds(20));

    @Test
    void shouldFindEveryGoldIdentifierInTheSchemaAtEveryLevel() throws IOException {
        Path data = DataDir.resolve().resolve("snails");
        ObjectMapper json = new ObjectMapper();
        List<String> problems = new ArrayList<>();
        int queries = 0;
        int parsed = 0;
        List<Path> files;
        try (Stream<Path> s = Files.list(data.resolve("nl_sql"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        for (Path file : files) {
            String db = file.getFileName().toString().replace(".json", "");
            JsonNode schema =
                    json.readTree(data.resolve("schema").resolve(db + ".json").toFile());
            for (JsonNode q : json.readTree(file.toFile())) {
                queries++;
                for (String level : LEVELS) {
                    String sql = level.equals("Native")
                            ? q.get("gold_sql_native").asText()
                            : SnailsGold.atLevel(q, "gold_sql", level);
                    QueryIdentifiers ids;
                    try {
                        ids = IdentifierExtractor.extract(PARSER.parse(sql, SqlDialect.SQLSERVER));
                        parsed++;
                    } catch (RuntimeException e) {
                        problems.add(q.get("id").asText() + " [" + level + "] unparsable: " + e.getMessage());
                        continue;
                    }
                    problems.addAll(missing(q.get("id").asText() + " [" + level + "]", ids, schema, level));
                }
            }
        }
        assertThat(queries).isEqualTo(503);
        assertThat(problems)
                .as("%d of %d statements parsed", parsed, queries * 4)
                .isEmpty();
    }

    private static List<String> missing(String where, QueryIdentifiers ids, JsonNode schema, String level) {
        Map<String, Set<String>> columnsByTable = new HashMap<>();
        for (JsonNode t : schema.get("tables")) {
            Set<String> cols = new HashSet<>();
            t.get("columns")
                    .forEach(c -> cols.add(c.get("name").get(level).asText().toLowerCase()));
            columnsByTable.put(t.get("name").get(level).asText().toLowerCase(), cols);
        }
        List<String> out = new ArrayList<>();
        for (String t : ids.tables()) {
            if (!columnsByTable.containsKey(t)) {
                out.add(where + " table " + t + " not in schema");
            }
        }
        for (ColumnRef ref : ids.columnRefs()) {
            if (ref.table() != null) {
                Set<String> cols = columnsByTable.get(ref.table());
                if (cols == null || !cols.contains(ref.column())) {
                    out.add(where + " column " + ref.table() + "." + ref.column() + " not in schema");
                }
            } else if (ids.tables().stream()
                    .map(columnsByTable::get)
                    .noneMatch(cols -> cols != null && cols.contains(ref.column()))) {
                out.add(where + " column " + ref.column() + " not in any table of the query");
            }
        }
        return out;
    }
}
