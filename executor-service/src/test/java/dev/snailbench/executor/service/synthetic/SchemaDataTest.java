package dev.snailbench.executor.service.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the generator reads of a team's data: a sample that depends on the data only (the distinct rows of lowest MD5,
 * whatever the plan or the rows' physical order), and a read that a busy server answers late given once more a
 * longer limit. Beyond the in-memory tier: the sampling SQL and the statement timeout on a real PostgreSQL.
 */
// A @QuarkusTest to share the module's PostgreSQL with the other Quarkus tests.
@QuarkusTest
@RealInfrastructure
class SchemaDataTest {

    private static final String DATABASE = "sampled";
    /** Rows of {@code reading}: every (city, code) pair distinct, 700 cities, and a few rows with a null city. */
    private static final int READINGS = 1500;

    @BeforeAll
    static void createDatabase() throws SQLException {
        LocalStack.targets().createDatabase(DATABASE);
        try (Connection c = LocalStack.targets().connect(DATABASE);
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS reading");
            s.execute("DROP TABLE IF EXISTS reading_shuffled");
            s.execute("DROP TABLE IF EXISTS held");
            s.execute("CREATE TABLE reading (id int PRIMARY KEY, city text, code int NOT NULL)");
            s.execute("INSERT INTO reading SELECT i, 'city ' || (i % 700), i % 3 FROM generate_series(1, " + READINGS
                    + ") i");
            s.execute("INSERT INTO reading VALUES (-1, NULL, 1), (-2, NULL, 2)");
            s.execute("CREATE TABLE held (n int)");
            s.execute("INSERT INTO held VALUES (1), (2), (3)");
            s.execute("DROP TABLE IF EXISTS offer");
            s.execute("CREATE TABLE offer (label text)");
            // Cells a wildcard would match too: a '_' for any one character, a '%' for any run of them.
            s.execute("INSERT INTO offer VALUES ('50%_off'), ('50% OFF'), ('50x_off'), ('500 off'), ('50%xoff'),"
                    + " ('a_b'), ('A_B rule'), ('axb'), ('a b'), ('it''s_on'), ('its on'), ('100!'), ('1000'),"
                    + " (NULL)");
        }
    }

    /** A value holding {@code _}, {@code %}, a quote or the escape character matches the cells holding it as written. */
    @Test
    void shouldCountTheCellsContainingAValueWithWildcardCharactersAsWritten() throws SQLException {
        Map<String, Long> counts = new HashMap<>();
        Map<String, List<String>> cells = new HashMap<>();
        Core.executor().withSession(target(), session -> {
            SchemaData data = new SchemaData(session, Duration.ofSeconds(30), new Tally());
            data.read("public");
            for (String value : List.of("50%_off", "50%", "a_b", "_", "it's_on", "100!", "off")) {
                counts.put(value, data.countContaining("offer", "label", value));
                cells.put(value, data.cellsContaining("offer", "label", value));
            }
            counts.put("*", data.countContaining("offer", "label", null));
            return null;
        });

        assertThat(cells.get("50%_off")).containsExactlyInAnyOrder("50%_off");
        assertThat(cells.get("50%")).containsExactlyInAnyOrder("50% OFF", "50%_off", "50%xoff");
        assertThat(cells.get("a_b")).containsExactlyInAnyOrder("A_B rule", "a_b");
        assertThat(cells.get("_")).containsExactlyInAnyOrder("50%_off", "50x_off", "A_B rule", "a_b", "it's_on");
        assertThat(cells.get("it's_on")).containsExactlyInAnyOrder("it's_on");
        assertThat(cells.get("100!")).containsExactlyInAnyOrder("100!");
        assertThat(counts)
                .containsEntry("50%_off", 1L)
                .containsEntry("50%", 3L)
                .containsEntry("a_b", 2L)
                .containsEntry("_", 5L)
                .containsEntry("it's_on", 1L)
                .containsEntry("100!", 1L)
                .containsEntry("off", 5L)
                .containsEntry("*", 13L);
    }

    @Test
    void shouldEscapeSqlServersBracketInALikePattern() {
        assertThat(SchemaData.containing("[a]_1%", SqlDialect.SQLSERVER)).isEqualTo("'%![a]!_1!%%' ESCAPE '!'");
        assertThat(SchemaData.containing("[a]_1%", SqlDialect.POSTGRESQL)).isEqualTo("'%[a]!_1!%%' ESCAPE '!'");
    }

    @Test
    void shouldSampleTheDistinctRowsOfLowestHashWhateverTheRowsOrder() throws Exception {
        List<List<String>> expected = lowestHash(distinctPairs(), SchemaData.SAMPLED_ROWS);
        List<String> expectedCities = lowestHash(
                        distinctPairs().stream()
                                .map(r -> List.of(r.get(0)))
                                .distinct()
                                .toList(),
                        SchemaData.SAMPLED_ROWS)
                .stream()
                .map(r -> r.get(0))
                .toList();

        assertThat(sample(List.of("city", "code"))).isEqualTo(expected);
        assertThat(cells("city")).isEqualTo(expectedCities);

        // The same rows written in another physical order: the same sample.
        try (Connection c = LocalStack.targets().connect(DATABASE);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE reading_shuffled AS SELECT * FROM reading ORDER BY md5(id::text)");
            s.execute("DROP TABLE reading");
            s.execute("ALTER TABLE reading_shuffled RENAME TO reading");
        }
        assertThat(sample(List.of("city", "code"))).isEqualTo(expected);
        assertThat(cells("city")).isEqualTo(expectedCities);
    }

    @Test
    void shouldWriteTheSampleOfSqlServerWithItsOwnHash() {
        assertThat(SchemaData.sampleRows(SqlDialect.SQLSERVER, "[t]", List.of("[a]", "[b]")))
                .isEqualTo(
                        "SELECT [a], [b] FROM (SELECT DISTINCT [a], [b] FROM [t] WHERE [a] IS NOT NULL AND [b] IS NOT"
                                + " NULL) d ORDER BY HASHBYTES('MD5', CAST([a] AS varchar(4000)) + '|' + CAST([b] AS"
                                + " varchar(4000))), 1, 2");
    }

    /**
     * A read kept waiting past its one-second limit (a lock held until its first attempt has timed out) is run once
     * more with thrice the limit and answers.
     */
    @Test
    void shouldAnswerAReadThatTimedOutOnceWithALongerLimit() throws Exception {
        try (Connection holder = LocalStack.targets().connect(DATABASE);
                Connection watcher = LocalStack.targets().connect(DATABASE)) {
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                s.execute("LOCK TABLE held IN ACCESS EXCLUSIVE MODE");
            }
            // Releases the lock once a second attempt waits for it: the first one timed out.
            CompletableFuture<Integer> attempts = CompletableFuture.supplyAsync(() -> {
                Set<Timestamp> waiting = new HashSet<>();
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                try (Statement s = watcher.createStatement()) {
                    while (waiting.size() < 2 && System.nanoTime() < until) {
                        try (ResultSet rs = s.executeQuery("SELECT query_start FROM pg_stat_activity WHERE datname = '"
                                + DATABASE + "' AND wait_event_type = 'Lock' AND query LIKE '%FROM held%'")) {
                            while (rs.next()) {
                                waiting.add(rs.getTimestamp(1));
                            }
                        }
                        Thread.sleep(20);
                    }
                    holder.commit();
                    return waiting.size();
                } catch (SQLException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });

            long rows = Core.executor().withSession(target(), session -> {
                SchemaData data = new SchemaData(session, Duration.ofSeconds(1), new Tally());
                data.read("public");
                return data.query("SELECT count(*) FROM held", 1, rs -> {
                    rs.next();
                    return rs.getLong(1);
                });
            });

            assertThat(rows).isEqualTo(3);
            assertThat(attempts.get(30, TimeUnit.SECONDS))
                    .as("attempts that waited")
                    .isEqualTo(2);
        }
    }

    private static Target target() {
        return Core.postgres(DATABASE);
    }

    private static List<List<String>> sample(List<String> columns) throws SQLException {
        return Core.executor().withSession(target(), session -> {
            SchemaData data = new SchemaData(session, Duration.ofSeconds(30), new Tally());
            data.read("public");
            return data.rows("reading", columns);
        });
    }

    private static List<String> cells(String column) throws SQLException {
        return Core.executor().withSession(target(), session -> {
            SchemaData data = new SchemaData(session, Duration.ofSeconds(30), new Tally());
            data.read("public");
            return data.cells("reading", column);
        });
    }

    /** Every distinct (city, code) without a null, read by the server's owner. */
    private static List<List<String>> distinctPairs() throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Connection c = LocalStack.targets().connect(DATABASE);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT DISTINCT city, code FROM reading WHERE city IS NOT NULL")) {
            while (rs.next()) {
                rows.add(List.of(rs.getString(1), rs.getString(2)));
            }
        }
        return rows;
    }

    /** The {@code k} rows of lowest MD5 of their cells joined by {@code |}, in that order (computed here). */
    private static List<List<String>> lowestHash(List<List<String>> rows, int k) throws Exception {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        Map<List<String>, String> hashes = new HashMap<>();
        for (List<String> row : rows) {
            byte[] digest = md5.digest(String.join("|", row).getBytes(StandardCharsets.UTF_8));
            hashes.put(row, String.format("%032x", new BigInteger(1, digest)));
        }
        return rows.stream().sorted(Comparator.comparing(hashes::get)).limit(k).toList();
    }
}
