package dev.snailbench.testkit;

import dev.snailbench.localstack.Postgres;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Points a {@code @QuarkusTest}'s reactive datasource at the platform database of the module's real PostgreSQL, as
 * the platform's non-superuser role, and lets the executor reach the teams' PostgreSQL (a separate server) as an
 * operator would allow a network: that server's address and port only, with that server's superuser allowed as a
 * team login.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    /** A loopback address tests may use for databases that do not answer; allowed as a target network in tests. */
    public static final String DEAD_HOST = "127.0.0.2";

    @Override
    public Map<String, String> start() {
        Postgres pg = LocalStack.postgres();
        Postgres targets = LocalStack.targets();
        return Map.of(
                "quarkus.datasource.reactive.url",
                pg.reactiveUrl(pg.platformDatabase()),
                "quarkus.datasource.username",
                Postgres.PLATFORM_USER,
                "quarkus.datasource.password",
                Postgres.PLATFORM_PASSWORD,
                // And 127.0.0.2, a loopback address no service of the platform listens on: where the executor's
                // tests put databases that do not answer (a closed port, a socket that never answers).
                "snailbench.executor.targets.allowed-networks",
                targets.hostAndPort() + "," + DEAD_HOST + "/32",
                // The test kit's superuser of the teams' server may do more than read (as an operator may allow a
                // login): the session walls are tested against a login that could write; every other is refused.
                "snailbench.executor.privileged-logins.allowed",
                Postgres.USER + "@" + targets.hostAndPort());
    }

    @Override
    public void stop() {
        // Shared by every test class of the module; stopped when the JVM exits.
    }
}
