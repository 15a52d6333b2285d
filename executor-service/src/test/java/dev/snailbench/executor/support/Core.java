package dev.snailbench.executor.support;

import dev.snailbench.executor.service.ExecutionLimits;
import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.SqlExecutor;
import dev.snailbench.executor.service.SqlGuard;
import dev.snailbench.executor.service.Target;
import dev.snailbench.localstack.LocalStack;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.SqlDialect;
import java.time.Duration;
import java.util.Map;

/** The execution core exactly as the service wires it, for tests that need no Kafka or REST. */
public final class Core {

    public static final ExecutionLimits DEFAULT_LIMITS = new ExecutionLimits(Duration.ofSeconds(30), 10_000,
            8L << 20, 500);

    private static SqlExecutor executor;

    private Core() {
    }

    public static synchronized SqlExecutor executor() {
        if (executor == null) {
            executor = new SqlExecutor(new SqlGuard(), new PoolManager(new PoolManager.Settings(4, 8,
                    Duration.ofMinutes(1), Duration.ofSeconds(10))));
        }
        return executor;
    }

    public static Target postgres(String database) {
        return new Target("core-tests", SqlDialect.POSTGRESQL, LocalStack.targets().jdbcUrl(database), Postgres.USER,
                Postgres.PASSWORD, Map.of());
    }
}
