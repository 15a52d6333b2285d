package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The start-up warm-up's job: every statement it sends runs on its database as its read-only login. In the full tier
 * ({@code infra}, the tag of the test kit's RealInfrastructure): it starts a PostgreSQL server.
 */
@Tag("infra")
class WarmUpTest {

    @Test
    void shouldWarmUpWithADistinctStatementPerItemThatAllRunAsTheReadOnlyLogin() throws SQLException {
        String password = UUID.randomUUID().toString();
        try (Postgres targets = Postgres.start()) {
            WarmUp.prepare(targets, password);
            assertEveryStatementRunsAsTheReadOnlyLogin(WarmUp.job(targets, password, WarmUp.DEFAULT_ITEMS), password);
        }
    }

    @SuppressWarnings("unchecked")
    private static void assertEveryStatementRunsAsTheReadOnlyLogin(Map<String, Object> job, String password)
            throws SQLException {
        Set<String> statements = new LinkedHashSet<>();
        for (Map<String, String> q : (List<Map<String, String>>) job.get("questions")) {
            statements.add(q.get("goldSql"));
        }
        List<String> failed = new ArrayList<>();
        Map<String, String> database = (Map<String, String>) job.get("database");
        try (Connection c = DriverManager.getConnection(database.get("jdbcUrl"), database.get("user"), password);
                Statement s = c.createStatement()) {
            c.setReadOnly(true);
            for (String sql : statements) {
                try {
                    s.executeQuery(sql).close();
                } catch (SQLException e) {
                    failed.add(sql + ": " + e.getMessage());
                }
            }
        }

        // A statement that fails would warm up the error path instead of the comparators.
        assertThat(failed).isEmpty();
        // Every item's text is its own: a text seen before is answered from the services' caches, not parsed.
        assertThat(statements).hasSize(WarmUp.DEFAULT_ITEMS);
    }
}
