package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Servers started from the prepared data directory are clusters of their own with the usual rules. Tagged like the
 * test kit's RealInfrastructure ({@code infra}): it starts PostgreSQL servers.
 */
@Tag("infra")
class PostgresTemplateTest {

    @Test
    void shouldStartIndependentServersThatRequirePasswordsFromTheTemplate() throws SQLException {
        try (Postgres first = Postgres.start(); Postgres second = Postgres.start()) {
            Path template = Path.of(System.getProperty("java.io.tmpdir"),
                    "snailbench-pg-template-" + PostgresTemplate.binariesKey());
            assertThat(template.resolve("PG_VERSION")).exists();
            assertThat(template.resolve("postmaster.pid")).as("a stopped cluster").doesNotExist();

            first.createDatabase("only_on_the_first");
            try (Connection c = second.connect("postgres"); Statement s = c.createStatement()) {
                assertThat(s.executeQuery("SELECT 1 FROM pg_database WHERE datname = 'only_on_the_first'").next())
                        .as("a database of one copy in the other").isFalse();
            }
            for (Postgres server : new Postgres[] {first, second}) {
                assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl("postgres"), Postgres.USER, "")
                        .close()).isInstanceOf(SQLException.class).hasMessageContaining("password");
            }
            assertThat(Files.exists(template.resolve("base"))).isTrue();
        }
    }

    @Test
    void shouldStartServersWithWhatTheFilledTemplateHoldsAndTheirOwnPasswords() throws SQLException {
        String name = "test-" + UUID.randomUUID();
        Path template = PostgresTemplate.derived(name, server -> server.createDatabase("filled_once"));
        try {
            for (int i = 0; i < 2; i++) {
                try (Postgres server = Postgres.start(template)) {
                    try (Connection c = server.connect("filled_once")) {
                        assertThat(c.isValid(2)).as("the database the template was filled with").isTrue();
                    }
                    assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl("postgres"), Postgres.USER,
                            "").close()).isInstanceOf(SQLException.class).hasMessageContaining("password");
                    try (Connection c = server.connect("postgres"); Statement s = c.createStatement()) {
                        assertThat(s.executeQuery("SELECT 1 FROM pg_database WHERE datname = 'only_in_one_copy'")
                                .next()).as("what the previous copy created").isFalse();
                    }
                    server.createDatabase("only_in_one_copy");
                }
            }
            assertThat(PostgresTemplate.derived(name, server -> {
                throw new AssertionError("a template that exists is not made again");
            })).isEqualTo(template);
        } finally {
            KafkaBroker.deleteRecursively(template);
        }
    }
}
