package dev.snailbench.executor.config;

import dev.snailbench.executor.service.CircuitBreakers;
import dev.snailbench.executor.service.GoldCache;
import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.SqlExecutor;
import dev.snailbench.executor.service.targets.LoginPrivileges;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.sql.SqlParser;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;

/** Wires the plain-Java execution core (also used directly by benchmarks and corpus tests) into CDI. */
public class ExecutorBeans {

    /** Name of the thread pool that runs all JDBC work. */
    public static final String WORKERS = "executor-workers";

    @Produces
    @Singleton
    PoolManager pools(ExecutorConfig config, TargetConnector connector) {
        return new PoolManager(
                new PoolManager.Settings(
                        config.poolSizePerDatabase(),
                        config.connectionsPerTenant(),
                        config.poolIdleClose(),
                        config.connectTimeout(),
                        config.borrowTimeout(),
                        new CircuitBreakers.Settings(
                                config.circuitBreaker().failures(),
                                config.circuitBreaker().openFor())),
                connector);
    }

    @Produces
    @Singleton
    TargetPolicy targetPolicy(ExecutorConfig config) {
        List<TargetPolicy.Endpoint> platform = new ArrayList<>(PlatformEndpoints.ofThisService());
        platform.addAll(
                TargetPolicy.endpoints(config.targets().platformEndpoints().orElse(List.of())));
        return new TargetPolicy(config.targets().allowedNetworks().orElse(List.of()), platform, TargetPolicy::dns);
    }

    @Produces
    @Singleton
    TargetConnector targetConnector(TargetPolicy policy, ExecutorConfig config) {
        return new TargetConnector(
                policy,
                new TargetConnector.Settings(
                        config.connectTimeout(),
                        config.goldTimeout(),
                        config.targets().idleInTransactionTimeout(),
                        config.targets().lockTimeout()),
                new LoginPrivileges(config.privilegedLogins().allowed().orElse(List.of())));
    }

    void closePools(@Disposes PoolManager pools) {
        pools.close();
    }

    @Produces
    @Singleton
    SqlExecutor sqlExecutor(PoolManager pools, ExecutorConfig config, SqlParser parser) {
        return SqlExecutor.configured(pools, config, parser);
    }

    /** The service's one SQL parser: the guard, gold screening and synthetic sets share its threads. */
    @Produces
    @Singleton
    SqlParser sqlParser(ExecutorConfig config) {
        return new SqlParser(config.parserThreads(), config.parseTimeout());
    }

    void closeParser(@Disposes SqlParser parser) {
        parser.close();
    }

    @Produces
    @Singleton
    GoldCache goldCache(ExecutorConfig config) {
        return new GoldCache(config.goldCacheEntries());
    }

    @Produces
    @Singleton
    SecretCipher secretCipher(SecretsConfig secrets) {
        return secrets.cipher();
    }

    @Produces
    @Singleton
    @Named(WORKERS)
    ExecutorService workers(ExecutorConfig config) {
        AtomicInteger n = new AtomicInteger();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        // A fork-join pool wakes its idle threads last-in first-out, where a fixed pool wakes the longest idle: a
        // job's items in flight keep the same few threads (and their caches) busy instead of rotating through all of
        // them, and the others stay free for another tenant's items (for fewer cold threads: PipelineBenchmark shows
        // no difference beyond the day's spread). Items waiting for a gold another item is running
        // (GoldCache) block in a CompletableFuture, for which the pool adds a thread meanwhile: at most one per item
        // in flight.
        return new ForkJoinPool(
                config.workerThreads(),
                pool -> {
                    ForkJoinWorkerThread t = new ForkJoinWorkerThread(pool) {};
                    t.setName("executor-jdbc-" + n.incrementAndGet());
                    t.setContextClassLoader(loader);
                    t.setDaemon(true);
                    return t;
                },
                null,
                true);
    }

    void closeWorkers(@Disposes @Named(WORKERS) ExecutorService workers) {
        workers.shutdownNow();
    }
}
