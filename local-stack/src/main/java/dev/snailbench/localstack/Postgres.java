package dev.snailbench.localstack;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A real PostgreSQL server (zonky's embedded binaries) on a free loopback port, with password authentication for
 * every login (no "trust", also on loopback). The superuser's password and the platform role's password are random
 * per JVM: nothing on the machine logs in without being told them. Its data directory starts as a copy of a
 * prepared one ({@link PostgresTemplate}) instead of an initdb of its own.
 */
public final class Postgres implements AutoCloseable {

    /** The superuser: for loading data and for tests that inspect a server; never the platform services' login. */
    public static final String USER = "postgres";

    public static final String PASSWORD = randomPassword();

    /** The platform services' login: owns the platform database and nothing else (no superuser, no CREATEROLE). */
    public static final String PLATFORM_USER = "snailbench";

    public static final String PLATFORM_PASSWORD = randomPassword();
    /** The platform's own database (every service keeps its state in a schema of its own there). */
    public static final String PLATFORM_DATABASE = "snailbench";

    private static final String HBA_TRUST =
            "local all all trust\nhost all all 127.0.0.1/32 trust\n" + "host all all ::1/128 trust\n";
    private static final String HBA_PASSWORD = "local all all scram-sha-256\nhost all all 127.0.0.1/32 scram-sha-256\n"
            + "host all all ::1/128 scram-sha-256\n";

    private EmbeddedPostgres server;
    private final Path dataDir;
    private final int port;
    private boolean closed;

    private Postgres(Path dataDir, int port) {
        this.dataDir = dataDir;
        this.port = port;
        this.server = launch(dataDir, port);
        if (!passwordsRequired(dataDir)) {
            requirePasswords();
        }
    }

    /** A server on a fresh cluster. */
    public static Postgres start() {
        return start(PostgresTemplate.base());
    }

    /** A server on a copy of a template's cluster ({@link PostgresTemplate}). */
    static Postgres start(Path template) {
        Path dir;
        try {
            dir = Files.createTempDirectory("snailbench-pg-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start PostgreSQL", e);
        }
        // Ctrl-C or a kill, also while the server is still starting: its data directory goes with it.
        AtomicReference<Postgres> started = new AtomicReference<>();
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            if (started.get() != null) {
                                started.get().close();
                            } else {
                                awaitPostmasterExit(dir);
                                KafkaBroker.deleteRecursively(dir);
                            }
                        },
                        "snailbench-pg-cleanup"));
        PostgresTemplate.copyInto(template, dir);
        started.set(new Postgres(dir, Ports.free()));
        return started.get();
    }

    /** The server on a data directory this class owns (kept across restarts, deleted on close). */
    private static EmbeddedPostgres launch(Path dataDir, int port) {
        try {
            return EmbeddedPostgres.builder()
                    .setPort(port)
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(false)
                    // Fresh data only (zonky calls this on every start): the superuser has no password yet, so the
                    // first login must be trusted; it sets the password and switches every login to scram-sha-256
                    // (requirePasswords), which a restart on the same data keeps.
                    .setDataDirectoryCustomizer(dir -> {
                        if (!passwordsRequired(dir.toPath())) {
                            writeHba(dir.toPath(), HBA_TRUST);
                        }
                    })
                    // zonky's readiness check logs in as the superuser: with the password once it is required.
                    .setConnectConfig("password", PASSWORD)
                    .setServerConfig("password_encryption", "scram-sha-256")
                    .setServerConfig("max_connections", "300")
                    .setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "off")
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start PostgreSQL", e);
        }
    }

    private void requirePasswords() {
        try (Connection c = DriverManager.getConnection(jdbcUrl("postgres"), USER, "");
                Statement s = c.createStatement()) {
            s.execute("ALTER ROLE " + USER + " PASSWORD " + literal(PASSWORD));
            writeHba(dataDir, HBA_PASSWORD);
            s.execute("SELECT pg_reload_conf()");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot require passwords on PostgreSQL", e);
        }
    }

    private static boolean passwordsRequired(Path dataDir) {
        try {
            return Files.readString(dataDir.resolve("pg_hba.conf")).equals(HBA_PASSWORD);
        } catch (IOException e) {
            return false;
        }
    }

    private static void writeHba(Path dataDir, String rules) {
        try {
            Files.writeString(dataDir.resolve("pg_hba.conf"), rules);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write pg_hba.conf", e);
        }
    }

    /**
     * The platform's own database, owned by {@link #PLATFORM_USER} (created with it on first use): what the services
     * log in to. The role can create its schemas there and nothing elsewhere.
     */
    public synchronized String platformDatabase() {
        try (Connection c = connect("postgres");
                Statement s = c.createStatement()) {
            var role = s.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = " + literal(PLATFORM_USER));
            if (!role.next()) {
                s.execute("CREATE ROLE " + PLATFORM_USER + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD "
                        + literal(PLATFORM_PASSWORD));
            }
            var db = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = " + literal(PLATFORM_DATABASE));
            if (!db.next()) {
                s.execute("CREATE DATABASE " + PLATFORM_DATABASE + " OWNER " + PLATFORM_USER);
                s.execute("REVOKE ALL ON DATABASE " + PLATFORM_DATABASE + " FROM PUBLIC");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the platform database", e);
        }
        return PLATFORM_DATABASE;
    }

    private static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    private static String randomPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * Stops the server, keeps it down for {@code downtime} and starts it again on the same port and data: clients
     * see their connections drop and the database come back, as on a real restart.
     */
    public synchronized void restart(Duration downtime) {
        try {
            server.close();
            Thread.sleep(downtime.toMillis());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        server = launch(dataDir, port);
    }

    public int port() {
        return port;
    }

    /** The postmaster (its backends are its children), for benchmarks that account CPU time per process. */
    public ProcessHandle process() {
        try {
            long pid = Long.parseLong(
                    Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).trim());
            return ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException("postmaster " + pid + " is gone"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read postmaster.pid", e);
        }
    }

    /** {@code 127.0.0.1:<port>}: the entry that allows this server, and only it, as a target network. */
    public String hostAndPort() {
        return "127.0.0.1:" + port();
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
    }

    /** The URL Quarkus' reactive PostgreSQL client takes. */
    public String reactiveUrl(String database) {
        return "postgresql://127.0.0.1:" + port() + "/" + database;
    }

    public Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(jdbcUrl(database), USER, PASSWORD);
    }

    /** Creates a database if it does not exist yet. */
    public void createDatabase(String name) {
        try (Connection c = connect("postgres");
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name.replace("'", "''") + "'");
            if (!rs.next()) {
                s.execute("CREATE DATABASE \"" + name.replace("\"", "\"\"") + "\"");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name, e);
        }
    }

    /** Waits (at most 30 s) until the postmaster of the data directory, if one runs, has exited. */
    private static void awaitPostmasterExit(Path dataDir) {
        Path pidFile = dataDir.resolve("postmaster.pid");
        try {
            long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
            ProcessHandle.of(pid).ifPresent(p -> {
                try {
                    p.onExit().get(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException | TimeoutException e) {
                    // Deleted all the same; what is left then is a stuck server's.
                }
            });
        } catch (IOException | RuntimeException e) {
            // No pid file (stopped, or never started): nothing to wait for.
        }
    }

    /**
     * Stops the server and moves its data directory to {@code target}, with every login trusted again (the
     * superuser's password is the next server's to set): what {@link PostgresTemplate} keeps.
     */
    synchronized void stopInto(Path target) {
        closed = true;
        try {
            server.close();
            awaitPostmasterExit(dataDir);
            writeHba(dataDir, HBA_TRUST);
            KafkaBroker.deleteRecursively(target);
            Files.move(dataDir, target);
        } catch (IOException e) {
            KafkaBroker.deleteRecursively(dataDir);
            throw new UncheckedIOException("cannot keep the data of PostgreSQL in " + target, e);
        }
    }

    /** Stops the server; stopping it again does nothing. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            // At JVM exit zonky's own shutdown hook may be stopping the server at this very moment (close() then
            // returns at once): the directory goes only once the postmaster has exited, else its last writes
            // (statistics, the shutdown checkpoint) leave a snailbench-pg-* directory behind.
            awaitPostmasterExit(dataDir);
            KafkaBroker.deleteRecursively(dataDir);
        }
    }
}
