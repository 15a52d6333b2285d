package dev.snailbench.executor.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Limits and pool sizes of the executor; every key has a safe default. */
@ConfigMapping(prefix = "snailbench.executor")
public interface ExecutorConfig {

    /** Server-side statement timeout of gold queries (PostgreSQL statement_timeout, SQL Server query timeout). */
    @WithDefault("60s")
    Duration goldTimeout();

    /** Server-side statement timeout of predicted queries, usually shorter than the gold's. */
    @WithDefault("30s")
    Duration predictedTimeout();

    /** Rows kept per result; more rows mark the result truncated. */
    @WithDefault("10000")
    int rowCap();

    /**
     * Largest {@code ExecutionCompleted} event, in bytes of JSON, sent to the scorer. The one size setting: the
     * producer's {@code max.request.size} and the broker's {@code message.max.bytes} are set to it, and each
     * result keeps at most {@link #byteCap()} of it, so a capped result always fits in the event.
     */
    @WithDefault("33554432")
    int maxEventBytes();

    /** JSON bytes of cells kept per result (gold and predicted share one event): derived, not configured. */
    default long byteCap() {
        return Math.max(1, (maxEventBytes() - EVENT_HEADROOM_BYTES) / 2);
    }

    /** Room in an event for everything but the two results' cells (item, inference, columns, headers). */
    int EVENT_HEADROOM_BYTES = 1 << 20;

    /** JDBC fetch size: rows streamed per round trip (PostgreSQL uses a cursor). */
    @WithDefault("500")
    int fetchSize();

    /** Maximum pooled connections per target database. */
    @WithDefault("4")
    int poolSizePerDatabase();

    /** Maximum connections in use at once per tenant, over all its databases. */
    @WithDefault("8")
    int connectionsPerTenant();

    /** A target database's pool is closed after this long without use. */
    @WithDefault("5m")
    Duration poolIdleClose();

    /**
     * Longest one connection attempt to a team's database may take (TCP connect and login): a database that does not
     * answer fails its item within this, not within the borrow wait.
     */
    @WithDefault("2s")
    Duration connectTimeout();

    /** How long an item waits for a connection permit while its database's or tenant's connections are all in use. */
    @WithDefault("10s")
    Duration borrowTimeout();

    /** When a registration (tenant + database) is taken as unreachable, and for how long. */
    CircuitBreaker circuitBreaker();

    /** Circuit breaker per registration: see {@code service/CircuitBreakers}. */
    interface CircuitBreaker {

        /** Connection attempts failed in a row that open the circuit: the database's items then fail at once. */
        @WithDefault("3")
        int failures();

        /** How long an open circuit fails items at once before one attempt probes the database again. */
        @WithDefault("30s")
        Duration openFor();
    }

    /**
     * Items of one tenant a replica runs at once (each runs its gold, then its prediction): a tenant's slow or dead
     * database takes at most this many slots, the other tenants' items run beside them.
     */
    @WithDefault("4")
    int itemsPerTenant();

    /**
     * With items-per-tenant, the items a replica runs at once: items-per-tenant × tenants-at-once (at most
     * worker-threads), a freed slot going to the next tenant in turn with items waiting.
     */
    @WithDefault("4")
    int tenantsAtOnce();

    /**
     * Work items a replica holds at most (received, not yet answered): beyond it the replica stops fetching. Each
     * is a request of kilobytes; it bounds how far the replica reads past a tenant's slow items for others' items.
     */
    @WithDefault("2000")
    int itemsHeld();

    /**
     * How long a finished item's result waits for others of its batch to travel in the same record (at most 50 to a
     * record): a record's costs (produce, fetch, poll, the scorer's transaction) are paid once for them all.
     */
    @WithDefault("250ms")
    Duration resultsGroupWait();

    /** Which jobs use a registered database (a database in use is not deleted): see {@code service/DatabaseUses}. */
    DatabaseUse databaseUse();

    /** A job holds a registered database from its items run on it. */
    interface DatabaseUse {

        /** How long after a job's last item run on a database it still holds the database. */
        @WithDefault("10m")
        Duration hold();

        /** How often a replica writes a job's continued use of a database (at most once this often per pair). */
        @WithDefault("30s")
        Duration refresh();
    }

    /** Cancelled jobs remembered (the oldest forgotten first); their items still in flight are skipped. */
    @WithDefault("100000")
    int cancelledJobsRemembered();

    /**
     * Database tasks of one tenant a replica runs at once; tasks of different tenants run side by side, up to this ×
     * tenants-at-once.
     */
    @WithDefault("2")
    int databaseTasksPerTenant();

    /** Database tasks a replica holds at most (received, not yet answered): beyond it the replica stops fetching. */
    @WithDefault("200")
    int databaseTasksHeld();

    /** Threads running JDBC work (never the event loop). */
    @WithDefault("8")
    int workerThreads();

    /** Run the same gold query on the same database once per job and reuse its outcome. */
    @WithDefault("true")
    boolean goldCache();

    /** Gold outcomes remembered at most (oldest dropped first). */
    @WithDefault("20000")
    int goldCacheEntries();

    /** Runs per query for timing (efficiency metric); the reported elapsed time is the median. */
    @WithDefault("1")
    int timingRuns();

    /** Threads that parse SQL (guard, gold screening, synthetic sets); more parses wait for one. */
    @WithDefault("4")
    int parserThreads();

    /** Longest time one SQL statement may take to parse (deeply nested expressions can take minutes). */
    @WithDefault("5s")
    Duration parseTimeout();

    /** Guard verdicts remembered by exact SQL text (0 parses every query). */
    @WithDefault("10000")
    int guardCacheEntries();

    /**
     * Call-check decisions remembered (what PostgreSQL resolved a statement's calls to: allowed or refused), per
     * registration, search path and text; 0 checks every statement.
     */
    @WithDefault("10000")
    int callCheckEntries();

    /**
     * How long a call-check decision is trusted: a team may redefine its functions and views meanwhile, so a statement
     * is resolved again after this long.
     */
    @WithDefault("60s")
    Duration callCheckTtl();

    /** Upper bound on the distinct sample values per column that schema introspection returns. */
    @WithDefault("20")
    int maxSampleValues();

    /** Longest a database task (describe a schema, generate a QATCH suite, create views) may take. */
    @WithDefault("5m")
    Duration databaseTaskTimeout();

    /** Team logins that may do more than read: see {@code service/targets/LoginPrivileges}. */
    PrivilegedLogins privilegedLogins();

    /** Which team logins may be superusers, members of a predefined role or able to write on their database. */
    interface PrivilegedLogins {

        /**
         * Logins allowed although they can do more than read (refused otherwise at registration and at every new
         * session): {@code user@host:port}, {@code user@host}, {@code user} (on any server) or {@code *} (env
         * {@code SNAILBENCH_EXECUTOR_PRIVILEGED_LOGINS_ALLOWED}, comma-separated). Empty by default.
         */
        Optional<List<String>> allowed();
    }

    /** Where team databases may be: address rules of {@code service/targets/TargetPolicy}. */
    Targets targets();

    /** Which addresses a registered or inline database may have. */
    interface Targets {

        /**
         * Loopback, private (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) and link-local targets refused unless
         * listed here: {@code CIDR}, {@code CIDR:port}, {@code host}, {@code host:port}, {@code *.domain[:port]}
         * (env {@code SNAILBENCH_EXECUTOR_TARGETS_ALLOWED_NETWORKS}, comma-separated). Empty by default.
         */
        Optional<List<String>> allowedNetworks();

        /**
         * The other services' {@code host:port} (Kubernetes, compose): refused always, like the executor's own
         * database, Kafka and HTTP port, which are known without being listed.
         */
        Optional<List<String>> platformEndpoints();

        /** Whole-session limits a team's session starts with and is checked for (besides the statement timeout). */
        @WithDefault("30s")
        Duration idleInTransactionTimeout();

        /** How long a statement waits for a lock before failing (PostgreSQL lock_timeout, SQL Server LOCK_TIMEOUT). */
        @WithDefault("10s")
        Duration lockTimeout();
    }
}
