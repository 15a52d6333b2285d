package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.executor.support.OwnDb;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A team's own database with its tables in a schema other than {@code public} and a read-only login with no preset
 * search path: every query runs with the schema its job names first on the path, set and read back in its own
 * transaction, whatever the login's path is.
 * Beyond the in-memory tier: a real login's search_path, set for one transaction, and the server's reason it cannot be.
 */
// A @QuarkusTest only to share the module's PostgreSQL with the other Quarkus tests.
@QuarkusTest
@RealInfrastructure
class SearchPathTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @BeforeAll
    static void createDatabase() {
        OwnDb.create();
    }

    private static Target reader(String schema) {
        return new Target("own-team", SqlDialect.POSTGRESQL, OwnDb.jdbcUrl(), OwnDb.READER, OwnDb.PASSWORD, Map.of())
                .inSchema(schema);
    }

    @Test
    void shouldRunUnqualifiedSqlInTheSchemaTheJobNamesWithALoginThatHasNoPath() {
        ExecutionOutcome withoutSchema =
                Core.executor().execute(reader(null), "SELECT count(*) FROM orders", Core.DEFAULT_LIMITS, 1);
        ExecutionOutcome inSales = Core.executor()
                .execute(
                        reader(OwnDb.SCHEMA),
                        "SELECT count(*) FROM orders o " + "JOIN customers c ON c.id = o.customer_id",
                        Core.DEFAULT_LIMITS,
                        1);

        assertThat(withoutSchema.status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(withoutSchema.error()).contains("relation \"orders\" does not exist");
        assertThat(inSales.status()).as(inSales.error()).isEqualTo(ExecutionStatus.OK);
        assertThat(inSales.rows()).containsExactly(List.of(Integer.toString(OwnDb.ORDERS)));
    }

    @Test
    void shouldPutTheSchemaOnThePathForOneTransactionOnlyAndKeepTheLoginsPathAfterIt() {
        ExecutionOutcome path = Core.executor()
                .execute(
                        reader(OwnDb.SCHEMA),
                        "SELECT current_setting('search_path') AS path, current_schemas(false)::text AS schemas",
                        Core.DEFAULT_LIMITS,
                        1);
        ExecutionOutcome after = Core.executor()
                .execute(reader(null), "SELECT current_setting('search_path') AS path", Core.DEFAULT_LIMITS, 1);

        // The schema alone after pg_catalog: nothing of the login's own path (public) stands in for a table it lacks.
        assertThat(path.rows().get(0).get(0)).isEqualTo("pg_catalog, \"sales\"");
        assertThat(path.rows().get(0).get(1)).isEqualTo("{pg_catalog,sales}");
        // The same pooled session, next transaction: the login's own path again.
        assertThat(after.rows().get(0).get(0)).isEqualTo("pg_catalog, \"$user\", public");
    }

    @Test
    void shouldSayWhySchemaCannotBeUsedNamingTheLogin() {
        ExecutionOutcome notGranted =
                Core.executor().execute(reader("hr"), "SELECT count(*) FROM staff", Core.DEFAULT_LIMITS, 1);
        ExecutionOutcome missing =
                Core.executor().execute(reader("Sales"), "SELECT count(*) FROM orders", Core.DEFAULT_LIMITS, 1);

        assertThat(notGranted.status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(notGranted.sqlState()).isEqualTo("3F000");
        assertThat(notGranted.error())
                .isEqualTo("schema \"hr\" cannot be used by login \"own_reader\": it has no "
                        + "USAGE privilege on it (GRANT USAGE ON SCHEMA \"hr\" TO \"own_reader\")");
        assertThat(missing.sqlState()).isEqualTo("3F000");
        assertThat(missing.error())
                .isEqualTo("schema \"Sales\" does not exist in this database (schema names are " + "case-sensitive)");
    }

    @Test
    void shouldGiveCodeWritingItsOwnSqlTheSameSchemaAndReadItBack() throws SQLException {
        long orders = Core.executor()
                .withSession(
                        reader(OwnDb.SCHEMA),
                        session -> session.query("SELECT count(*) FROM orders", TIMEOUT, 1, rs -> {
                            rs.next();
                            return rs.getLong(1);
                        }));
        assertThat(orders).isEqualTo(OwnDb.ORDERS);

        assertThatThrownBy(() -> Core.executor().withSession(reader(null), session -> {
                    session.useSchema("hr");
                    return session.query("SELECT count(*) FROM staff", TIMEOUT, 1, rs -> rs.next());
                }))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("schema \"hr\" cannot be used by login")
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("3F000"));
    }

    @Test
    void shouldNeverLetASchemaNameEndItsLiteral() {
        for (String hostile : List.of("sales', true); SELECT pg_sleep(5); --", "x\\'; SELECT 1; --", "a\"b")) {
            ExecutionOutcome outcome = Core.executor().execute(reader(hostile), "SELECT 1", Core.DEFAULT_LIMITS, 1);
            assertThat(outcome.sqlState()).as(hostile).isEqualTo("3F000");
            assertThat(outcome.error()).as(hostile).contains("does not exist in this database");
        }
    }
}
