package dev.snailbench.localstack.testing;

import dev.snailbench.localstack.LocalStack;
import dev.snailbench.localstack.Postgres;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Points a {@code @QuarkusTest}'s reactive datasource at the module's real PostgreSQL. */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        Postgres pg = LocalStack.postgres();
        return Map.of(
                "quarkus.datasource.reactive.url", pg.reactiveUrl("postgres"),
                "quarkus.datasource.username", Postgres.USER,
                "quarkus.datasource.password", Postgres.PASSWORD,
                "snailbench.test.postgres-port", Integer.toString(pg.port()));
    }

    @Override
    public void stop() {
        // Shared by every test class of the module; stopped when the JVM exits.
    }
}
