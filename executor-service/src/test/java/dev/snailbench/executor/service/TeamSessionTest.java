package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.executor.support.Core;
import dev.snailbench.executor.support.HostileDb;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The session code that writes its own SQL borrows: guard, runner and a catalog that runs nothing.
 * Beyond the in-memory tier: a real PostgreSQL session's read-only mode, timeout and schema, and its catalog refusals.
 */
// A @QuarkusTest only to share the module's PostgreSQL with the other Quarkus tests.
@QuarkusTest
@RealInfrastructure
class TeamSessionTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    @BeforeAll
    static void createDatabase() {
        HostileDb.create();
    }

    @Test
    void shouldRefuseStatementsAndSessionChangesOnTheCatalogView() throws SQLException {
        List<String> tables = Core.executor().withSession(Core.postgres(HostileDb.NAME), session -> {
            assertThatThrownBy(() -> session.catalog().createStatement())
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("createStatement is not available")
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
            assertThatThrownBy(() -> session.catalog().prepareStatement("DELETE FROM accounts"))
                    .hasMessageContaining("prepareStatement is not available");
            assertThatThrownBy(() -> session.catalog().setAutoCommit(true))
                    .hasMessageContaining("setAutoCommit is not available");
            try (ResultSet rs = session.catalog().getMetaData().getTables(null, "public", "accounts", null)) {
                return rs.next() ? List.of(rs.getString("TABLE_NAME")) : List.of();
            }
        });
        assertThat(tables).containsExactly("accounts");
    }

    @Test
    void shouldRefuseWhatTheGuardRefusesBeforeTheDatabaseSeesIt() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> Core.executor()
                        .withSession(
                                Core.postgres(HostileDb.NAME),
                                session -> session.query("SELECT pg_sleep(10)", TIMEOUT, 1, rs -> rs.next())))
                .isInstanceOf(SQLException.class)
                .hasMessageStartingWith("SQL refused: ")
                .hasMessageContaining("pg_sleep")
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(5);
    }

    @Test
    void shouldRunEveryQueryReadOnlyWithItsOwnTimeoutAndSchema() throws SQLException {
        List<String> settings = Core.executor().withSession(Core.postgres(HostileDb.NAME), session -> {
            session.useSchema("public");
            List<String> seen = session.query(
                    "SELECT current_setting('transaction_read_only'), "
                            + "current_setting('statement_timeout'), current_setting('search_path')",
                    TIMEOUT,
                    1,
                    rs -> {
                        rs.next();
                        return List.of(rs.getString(1), rs.getString(2), rs.getString(3));
                    });
            // A write the guard cannot see: refused on what the server resolved (a volatile function).
            assertThatThrownBy(() -> session.query("SELECT evil_insert()", TIMEOUT, 1, rs -> rs.next()))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("evil_insert()")
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
            // The failed query's transaction was rolled back: the next one runs.
            long evil = session.query("SELECT count(*) FROM accounts WHERE id = 999", TIMEOUT, 1, rs -> {
                rs.next();
                return rs.getLong(1);
            });
            assertThat(evil).isZero();
            return seen;
        });
        assertThat(settings.get(0)).isEqualTo("on");
        assertThat(settings.get(1)).isEqualTo("3s");
        assertThat(settings.get(2)).contains("public");
    }
}
