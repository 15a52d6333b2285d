package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
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
        try (Postgres first = Postgres.start();
                Postgres second = Postgres.start()) {
            Path template = Path.of(
                    System.getProperty("java.io.tmpdir"), "snailbench-pg-template-" + PostgresTemplate.binariesKey());
            assertThat(template.resolve("PG_VERSION")).exists();
            assertThat(template.resolve("postmaster.pid"))
                    .as("a stopped cluster")
                    .doesNotExist();

            first.createDatabase("only_on_the_first");
            try (Connection c = second.connect("postgres");
                    Statement s = c.createStatement()) {
                assertThat(s.executeQuery("SELECT 1 FROM pg_database WHERE datname = 'only_on_the_first'")
                                .next())
                        .as("a database of one copy in the other")
                        .isFalse();
            }
            for (Postgres server : new Postgres[] {first, second}) {
                assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl("postgres"), Postgres.USER, "")
                                .close())
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("password");
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
                        assertThat(c.isValid(2))
                                .as("the database the template was filled with")
                                .isTrue();
                    }
                    assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl("postgres"), Postgres.USER, "")
                                    .close())
                            .isInstanceOf(SQLException.class)
                            .hasMessageContaining("password");
                    try (Connection c = server.connect("postgres");
                            Statement s = c.createStatement()) {
                        assertThat(s.executeQuery("SELECT 1 FROM pg_database WHERE datname = 'only_in_one_copy'")
                                        .next())
                                .as("what the previous copy created")
                                .isFalse();
                    }
                    server.createDatabase("only_in_one_copy");
                }
            }
            assertThat(PostgresTemplate.derived(name, server -> {
                        throw new AssertionError("a template that exists is not made again");
                    }))
                    .isEqualTo(template);
        } finally {
            KafkaBroker.deleteRecursively(template);
        }
    }

    @Test
    void shouldGiveEveryProcessThatMakesATemplateAtOnceTheOneKept() throws Exception {
        String name = "race-" + UUID.randomUUID();
        // Each maker fills its copy while the others fill theirs: all are past the "is it made?" check, so every
        // rename but the first meets a template that exists.
        CyclicBarrier allFilling = new CyclicBarrier(3);
        List<CompletableFuture<Path>> makers = IntStream.range(0, 3)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> PostgresTemplate.derived(name, server -> {
                    server.createDatabase("made_by_one");
                    try {
                        allFilling.await(2, TimeUnit.MINUTES);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                })))
                .toList();
        Path template = makers.get(0).get(4, TimeUnit.MINUTES);
        try {
            for (CompletableFuture<Path> maker : makers) {
                assertThat(maker.get(4, TimeUnit.MINUTES)).isEqualTo(template);
            }
            try (Postgres server = Postgres.start(template);
                    Connection c = server.connect("made_by_one")) {
                assertThat(c.isValid(2)).as("the kept copy is whole").isTrue();
            }
            try (var left = Files.list(template.getParent())) {
                assertThat(left.map(Path::toString))
                        .as("no maker's own copy left behind")
                        .noneMatch(path -> path.contains(name + ".making-"));
            }
        } finally {
            KafkaBroker.deleteRecursively(template);
        }
    }
}
