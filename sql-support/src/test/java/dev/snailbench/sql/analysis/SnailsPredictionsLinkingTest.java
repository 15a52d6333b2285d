package dev.snailbench.sql.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.datasets.SnailsGold;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.LexicalIdentifiers;
import dev.snailbench.sql.SqlLexer;
import dev.snailbench.sql.SqlParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Real data: the 503 SNAILS gold statements and gpt-3.5-turbo's 2,012 recorded answers (SQL Server dialect). Every
 * answer gets a linking score against its native gold, from its syntax tree or, when it does not parse, from its
 * tokens; and every gold column named like a keyword or a function (year, date, name, type, value…) is kept.
 */
class SnailsPredictionsLinkingTest {

    /** Names that are SQL keywords or function names somewhere, and name columns in the SNAILS databases. */
    private static final Set<String> KEYWORD_LIKE = Set.of(
            "year",
            "date",
            "month",
            "day",
            "start",
            "end_date",
            "level",
            "name",
            "type",
            "value",
            "count",
            "number",
            "time",
            "status",
            "comments",
            "position",
            "source",
            "description",
            "min",
            "max",
            "sum",
            "avg",
            "current",
            "first",
            "last",
            "text",
            "code",
            "size",
            "returns",
            "settings",
            "output",
            "statement",
            "window",
            "key",
            "prior",
            "use",
            "double",
            "natural",
            "only",
            "percent",
            "rank",
            "role",
            "zone",
            "week",
            "quarter",
            "sequence",
            "timestamp",
            "action",
            "data",
            "file",
            "index",
            "range",
            "session",
            "system",
            "area",
            "class",
            "function",
            "option",
            "plan",
            "public",
            "rule",
            "state",
            "filter",
            "unit",
            "length",
            "location",
            "mode",
            "period",
            "region",
            "result",
            "owner",
            "label",
            "method",
            "note",
            "reference",
            "scale",
            "section",
            "stage",
            "title",
            "version",
            "weight");

    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@link #columnsOf(String, String)} by database and level. */
    private static final Map<String, Set<String>> COLUMNS = new ConcurrentHashMap<>();

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(2, Duration.ofSeconds(20));

    @Test
    void shouldScoreTheLinkingOfEveryRecordedAnswerParsedOrFromItsTokens() throws IOException {
        Map<String, String> gold = goldById();
        Map<String, Integer> byMethod = new TreeMap<>();
        Map<String, QueryIdentifiers> goldIdentifiers = new HashMap<>();
        List<String> tokenLinked = new ArrayList<>();
        int answers = 0;
        try (BufferedReader lines = Files.newBufferedReader(snails().resolve("predictions/gpt-3.5-turbo.jsonl"))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                JsonNode answer = JSON.readTree(line);
                String predicted = answer.get("predictedSql").asText();
                // 503 gold statements behind 2,012 answers: each parsed once.
                QueryIdentifiers goldIds = goldIdentifiers.computeIfAbsent(
                        answer.get("id").asText(),
                        id -> IdentifierExtractor.extract(PARSER.parse(gold.get(id), SqlDialect.SQLSERVER)));

                PredictedIdentifiers.Linked linked = PredictedIdentifiers.of(PARSER, predicted, SqlDialect.SQLSERVER);
                LinkingScore score = LinkingScore.of(goldIds, linked.identifiers());

                answers++;
                byMethod.merge(linked.method(), 1, Integer::sum);
                assertThat(score.queryRecall()).isBetween(0.0, 1.0);
                if (linked.method().equals(PredictedIdentifiers.TOKENS)) {
                    String shown = predicted.replaceAll("\\s+", " ");
                    tokenLinked.add(answer.get("id").asText() + " "
                            + answer.get("level").asText() + ": " + shown.substring(0, Math.min(160, shown.length()))
                            + " -> " + linked.identifiers().keys());
                }
            }
        }
        Map<String, Integer> goldByMethod = new TreeMap<>();
        for (String g : gold.values()) {
            goldByMethod.merge(
                    PredictedIdentifiers.of(PARSER, g, SqlDialect.SQLSERVER).method(), 1, Integer::sum);
        }
        System.out.println("SNAILS native gold statements linked: " + gold.size() + " " + goldByMethod);
        System.out.println("SNAILS gpt-3.5-turbo answers linked: " + answers + " " + byMethod);
        assertThat(goldByMethod).containsExactly(Map.entry(PredictedIdentifiers.PARSED, 503));
        tokenLinked.stream().limit(8).forEach(t -> System.out.println("  tokens: " + t));
        assertThat(answers).isEqualTo(2012);
        assertThat(byMethod.getOrDefault(PredictedIdentifiers.PARSED, 0)
                        + byMethod.getOrDefault(PredictedIdentifiers.TOKENS, 0))
                .isEqualTo(answers);
        assertThat(byMethod.get(PredictedIdentifiers.TOKENS))
                .as("answers that do not parse (the issue counted 61)")
                .isPositive();
    }

    @Test
    void shouldKeepEveryGoldColumnNamedLikeAKeywordOrAFunction() throws IOException {
        Map<String, String> databases = databaseById();
        // The native gold in SQL Server's dialect, and its SQLite version read as PostgreSQL (square brackets, which
        // SQLite accepts, become double quotes).
        int tsql = keywordColumnsKept(goldById(), databases, SqlDialect.SQLSERVER);
        Map<String, String> sqlite = new HashMap<>();
        byId("gold_sql_sqlite", "Native").forEach((id, sql) -> sqlite.put(id, doubleQuoted(sql)));
        int pg = keywordColumnsKept(sqlite, databases, SqlDialect.POSTGRESQL);

        assertThat(tsql).isGreaterThan(100);
        assertThat(pg).isGreaterThan(100);
    }

    @Test
    void shouldNeverTakeTheSortDirectionForAColumnInTheGoldOrTheAnswers() throws IOException {
        // A "desc" or "asc" identifier is only right where the database has a column so named at that level (the
        // HerpInv database's Least level has eleven columns "Desc"); anything else is a sort direction misread.
        Map<String, String> databases = databaseById();
        Map<String, String> sqlite = new HashMap<>();
        byId("gold_sql_sqlite", "Native").forEach((id, sql) -> sqlite.put(id, doubleQuoted(sql)));
        List<String> phantoms = new ArrayList<>();
        phantoms.addAll(
                sortDirectionsTakenForColumns("native gold", goldById(), databases, "Native", SqlDialect.SQLSERVER));
        phantoms.addAll(sortDirectionsTakenForColumns(
                "native gold (SQLite text)", sqlite, databases, "Native", SqlDialect.POSTGRESQL));
        Map<String, List<String[]>> answersByLevel = new TreeMap<>();
        try (BufferedReader lines = Files.newBufferedReader(snails().resolve("predictions/gpt-3.5-turbo.jsonl"))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                JsonNode answer = JSON.readTree(line);
                answersByLevel
                        .computeIfAbsent(answer.get("level").asText(), l -> new ArrayList<>())
                        .add(new String[] {
                            answer.get("id").asText(),
                            answer.get("predictedSql").asText()
                        });
            }
        }
        int answers = 0;
        for (Map.Entry<String, List<String[]>> level : answersByLevel.entrySet()) {
            Map<String, String> byKey = new HashMap<>();
            Map<String, String> databaseByKey = new HashMap<>();
            for (String[] a : level.getValue()) {
                String key = a[0] + " #" + byKey.size();
                byKey.put(key, a[1]);
                databaseByKey.put(key, databases.get(a[0]));
            }
            answers += byKey.size();
            phantoms.addAll(sortDirectionsTakenForColumns(
                    "gpt-3.5-turbo " + level.getKey(), byKey, databaseByKey, level.getKey(), SqlDialect.SQLSERVER));
        }

        assertThat(answers).isEqualTo(2012);
        assertThat(phantoms).isEmpty();
    }

    @Test
    void shouldKeepSboDemoUsIntervalColumnBeforeDescInBothDialectsParsedAndFromTokens() throws IOException {
        // No SNAILS gold statement sorts by a column named like INTERVAL, KEY or PRIOR; SBODemoUS's OCLG has one, so
        // its gold statement over OCLG gets "ORDER BY Interval DESC" (the same name at Native and Regular level).
        String id = goldById().entrySet().stream()
                .filter(g -> g.getValue().contains("from OCLG"))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow();
        Map<String, String> statements = new TreeMap<>();
        statements.put("SQLSERVER Native", goldById().get(id));
        statements.put("SQLSERVER Regular", byId("gold_sql", "Regular").get(id));
        statements.put(
                "POSTGRESQL Native",
                doubleQuoted(byId("gold_sql_sqlite", "Native").get(id)));
        for (Map.Entry<String, String> st : statements.entrySet()) {
            SqlDialect dialect = SqlDialect.valueOf(st.getKey().split(" ")[0]);
            String gold = st.getValue();
            String sorted = gold + "\nORDER BY Interval DESC";
            Set<String> expected = new HashSet<>(
                    IdentifierExtractor.extract(PARSER.parse(gold, dialect)).columns());
            expected.add("interval");

            PredictedIdentifiers.Linked parsed = PredictedIdentifiers.of(PARSER, sorted, dialect);
            assertThat(parsed.method()).isEqualTo(PredictedIdentifiers.PARSED);
            assertThat(parsed.identifiers().columns()).as(st.getKey()).containsExactlyInAnyOrderElementsOf(expected);
            // The same statement with a stray token, read from its tokens.
            PredictedIdentifiers.Linked tokens = PredictedIdentifiers.of(PARSER, sorted + " !", dialect);
            assertThat(tokens.method()).isEqualTo(PredictedIdentifiers.TOKENS);
            assertThat(tokens.identifiers().columns())
                    .as(st.getKey())
                    .contains("interval")
                    .doesNotContain("desc");
        }
    }

    /** Problems: "desc"/"asc" identifiers no column of the database has at that level. Prints parsed vs tokens. */
    private static List<String> sortDirectionsTakenForColumns(
            String what,
            Map<String, String> statements,
            Map<String, String> databases,
            String level,
            SqlDialect dialect)
            throws IOException {
        Map<String, Integer> byMethod = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        int withDirection = 0;
        for (Map.Entry<String, String> s : statements.entrySet()) {
            Set<String> columns = columnsOf(databases.get(s.getKey()), level);
            PredictedIdentifiers.Linked linked = PredictedIdentifiers.of(PARSER, s.getValue(), dialect);
            byMethod.merge(linked.method(), 1, Integer::sum);
            // Every statement has identifiers to score, parsed or from its tokens.
            assertThat(linked.identifiers().keys()).as(what + " " + s.getKey()).isNotEmpty();
            withDirection += s.getValue().matches("(?is).*\\b(asc|desc)\\b.*") ? 1 : 0;
            LexicalIdentifiers.Names tokens = LexicalIdentifiers.names(s.getValue(), dialect);
            for (String direction : List.of("desc", "asc")) {
                boolean found = linked.identifiers().columns().contains(direction)
                        || linked.identifiers().tables().contains(direction);
                boolean foundInTokens =
                        tokens.columns().contains(direction) || tokens.tables().contains(direction);
                if ((found || foundInTokens) && !columns.contains(direction)) {
                    problems.add(what + " " + s.getKey() + " (" + linked.method() + (foundInTokens ? ", tokens" : "")
                            + "): " + direction + " in " + s.getValue().replaceAll("\\s+", " "));
                }
            }
        }
        System.out.println("SNAILS " + what + " (" + dialect + "): " + statements.size() + " statements " + byMethod
                + ", " + withDirection + " with ASC/DESC, sort directions taken for columns: " + problems.size());
        return problems;
    }

    private static int keywordColumnsKept(Map<String, String> gold, Map<String, String> databases, SqlDialect dialect)
            throws IOException {
        int statements = 0;
        Map<String, Integer> kept = new TreeMap<>();
        Map<String, Integer> byMethod = new TreeMap<>();
        for (Map.Entry<String, String> g : gold.entrySet()) {
            String sql = g.getValue();
            Set<String> schemaColumns = columnsOf(databases.get(g.getKey()));
            List<SqlLexer.Token> tokens = SqlLexer.tokens(sql, dialect);
            Set<String> expected = new HashSet<>();
            for (int i = 0; i < tokens.size(); i++) {
                SqlLexer.Token t = tokens.get(i);
                String word = t.text().toLowerCase(Locale.ROOT);
                boolean call = i + 1 < tokens.size() && tokens.get(i + 1).text().equals("(");
                boolean alias = i > 0 && tokens.get(i - 1).text().equalsIgnoreCase("as");
                if (t.kind() == SqlLexer.Kind.WORD
                        && KEYWORD_LIKE.contains(word)
                        && schemaColumns.contains(word)
                        && !call
                        && !alias) {
                    expected.add(word);
                }
            }
            if (expected.isEmpty()) {
                continue;
            }
            statements++;
            // Parsed, or read from the tokens where JSqlParser refuses the statement: the names are kept either way.
            PredictedIdentifiers.Linked linked = PredictedIdentifiers.of(PARSER, sql, dialect);
            assertThat(linked.identifiers().columns())
                    .as(dialect + " " + g.getKey() + " " + linked.method() + ": " + sql)
                    .containsAll(expected);
            expected.forEach(w -> kept.merge(w, 1, Integer::sum));
            byMethod.merge(linked.method(), 1, Integer::sum);
        }
        System.out.println("SNAILS gold statements (" + dialect + ") with keyword-like column names: " + statements
                + " " + byMethod + " " + kept);
        return statements;
    }

    private static String doubleQuoted(String sql) {
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (SqlLexer.Token t : SqlLexer.tokens(sql, SqlDialect.SQLSERVER)) {
            if (t.kind() == SqlLexer.Kind.QUOTED && sql.charAt(t.start()) == '[') {
                out.append(sql, copied, t.start()).append('"').append(t.text()).append('"');
                copied = t.end();
            }
        }
        return out.append(sql, copied, sql.length()).toString();
    }

    /** The database's column names at Native level, lower-case. */
    private static Set<String> columnsOf(String database) throws IOException {
        return columnsOf(database, "Native");
    }

    /**
     * The database's column names at a level, lower-case; each schema file read once per level (the statements of
     * a database ask for it hundreds of times, and SBODemoUS's file has 1.2 MB).
     */
    private static Set<String> columnsOf(String database, String level) throws IOException {
        Set<String> known = COLUMNS.get(database + "/" + level);
        if (known != null) {
            return known;
        }
        Set<String> columns = new HashSet<>();
        for (JsonNode table : JSON.readTree(
                        snails().resolve("schema/" + database + ".json").toFile())
                .get("tables")) {
            table.get("columns")
                    .forEach(c -> columns.add(c.get("name").get(level).asText().toLowerCase(Locale.ROOT)));
        }
        COLUMNS.put(database + "/" + level, Set.copyOf(columns));
        return COLUMNS.get(database + "/" + level);
    }

    private static Map<String, String> goldById() throws IOException {
        return byId("gold_sql_native");
    }

    private static Map<String, String> databaseById() throws IOException {
        return byId("database");
    }

    private static Map<String, String> byId(String field) throws IOException {
        return byId(field, null);
    }

    /** One field of every SNAILS question by id; {@code sub} picks a member of an object-valued field. */
    private static Map<String, String> byId(String field, String sub) throws IOException {
        Map<String, String> values = new HashMap<>();
        try (Stream<Path> files = Files.list(snails().resolve("nl_sql"))) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                JSON.readTree(f.toFile())
                        .forEach(q -> values.put(
                                q.get("id").asText(),
                                sub == null ? q.get(field).asText() : SnailsGold.atLevel(q, field, sub)));
            }
        }
        return values;
    }

    private static Path snails() {
        return DataDir.resolve().resolve("snails");
    }
}
