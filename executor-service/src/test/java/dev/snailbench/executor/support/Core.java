package dev.snailbench.executor.support;

import dev.snailbench.executor.service.CircuitBreakers;
import dev.snailbench.executor.service.ExecutionLimits;
import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.SqlExecutor;
import dev.snailbench.executor.service.targets.LoginPrivileges;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.target.TargetSpec;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import dev.snailbench.testkit.LocalStack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The execution core exactly as the service wires it, for tests that need no Kafka or REST. */
public final class Core {

    public static final ExecutionLimits DEFAULT_LIMITS =
            new ExecutionLimits(Duration.ofSeconds(30), 10_000, 8L << 20, 500);

    private static SqlExecutor executor;

    private Core() {}

    public static synchronized SqlExecutor executor() {
        if (executor == null) {
            executor = new SqlExecutor(
                    new SqlGuard(new SqlParser(1, Duration.ofSeconds(5))),
                    new PoolManager(
                            // The service's pool: a failed login is waited for as long as its connect timeout (2 s).
                            new PoolManager.Settings(
                                    4,
                                    8,
                                    Duration.ofMinutes(1),
                                    Duration.ofSeconds(2),
                                    Duration.ofSeconds(10),
                                    CircuitBreakers.Settings.DEFAULT),
                            Core.connector()));
        }
        return executor;
    }

    private static TargetConnector connector;

    /**
     * Connections as the service opens them (address rules, verified read-only sessions), with the teams' PostgreSQL's
     * address and port as the one allowed network, as an operator would list it, and the test kit's superuser of that
     * server as the one login allowed to do more than read (the session walls are tested against a login that could
     * write; LoginPrivilegeAttackTest tests the refusal of every other).
     */
    public static synchronized TargetConnector connector() {
        if (connector == null) {
            List<String> allowed = new ArrayList<>(List.of(LocalStack.targets().hostAndPort()));
            String mssql = System.getenv("SNAILBENCH_MSSQL_URL");
            if (mssql != null && !mssql.isBlank()) {
                // SqlServerIntegrationTest's server, wherever the operator of the test put it.
                TargetSpec spec = TargetSpec.parse(SqlDialect.SQLSERVER, mssql, Map.of(), "SNAILBENCH_MSSQL_URL", "");
                allowed.add((spec.host().contains(":") ? "[" + spec.host() + "]" : spec.host()) + ":" + spec.port());
            }
            connector = new TargetConnector(
                    new TargetPolicy(allowed, List.of(), TargetPolicy::dns),
                    new TargetConnector.Settings(
                            Duration.ofSeconds(10),
                            Duration.ofSeconds(60),
                            Duration.ofSeconds(30),
                            Duration.ofSeconds(10)),
                    new LoginPrivileges(
                            List.of(Postgres.USER + "@" + LocalStack.targets().hostAndPort())));
        }
        return connector;
    }

    public static Target postgres(String database) {
        return new Target(
                "core-tests",
                SqlDialect.POSTGRESQL,
                LocalStack.targets().jdbcUrl(database),
                Postgres.USER,
                Postgres.PASSWORD,
                Map.of());
    }
}
