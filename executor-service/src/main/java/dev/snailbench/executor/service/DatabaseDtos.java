package dev.snailbench.executor.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.snailbench.executor.repository.RegisteredDatabase;
import dev.snailbench.model.domain.DatabaseSchema;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** What the database registry takes and answers: the bodies of {@code /databases}. */
public final class DatabaseDtos {

    private DatabaseDtos() {}

    /**
     * What a tenant sends to register a database; {@code kind} is postgresql or sqlserver. {@code user} should be a
     * read-only login (every query runs with it); the optional {@code adminUser}/{@code adminPassword} is used only
     * to create natural views when the team asks for them to be applied.
     */
    public record RegisterDatabase(
            String name,
            String kind,
            String jdbcUrl,
            String user,
            String password,
            Map<String, String> options,
            String adminUser,
            String adminPassword) {

        @Override
        public String toString() {
            return "RegisterDatabase[name=" + name + ", kind=" + kind + ", jdbcUrl=" + jdbcUrl + ", user=" + user
                    + ", adminUser=" + adminUser + "]";
        }
    }

    /**
     * What may change in a registration ({@code PATCH /databases/{id}}), each field optional: the name, the
     * read-only login ({@code user} needs its {@code password}) or its password alone, the admin login
     * ({@code adminUser} with {@code adminPassword}, or the password alone; an empty {@code adminUser} removes it).
     */
    public record UpdateDatabase(String name, String user, String password, String adminUser, String adminPassword) {

        @Override
        public String toString() {
            return "UpdateDatabase[name=" + name + ", user=" + user + ", adminUser=" + adminUser + "]";
        }
    }

    /**
     * A registered database as shown to its tenant: the URL the executor built from the parsed parts, never a password
     * (nor anything a URL carried besides the allowed properties). {@code problem}: why a registration made under
     * older rules can no longer be used (register it again), else null. {@code path}: where the read-only login's
     * unqualified names resolve, answered when the login was just tested (registration, a new login or password).
     */
    public record DatabaseView(
            UUID id,
            String name,
            String kind,
            String jdbcUrl,
            String host,
            Integer port,
            String database,
            String user,
            String adminUser,
            Map<String, String> options,
            Instant createdAt,
            String problem,
            @JsonInclude(JsonInclude.Include.NON_NULL) LoginPath path) {

        public static DatabaseView of(RegisteredDatabase db, String jdbcUrl, Map<String, String> options) {
            return of(db, jdbcUrl, options, null);
        }

        public static DatabaseView of(
                RegisteredDatabase db, String jdbcUrl, Map<String, String> options, LoginPath path) {
            return new DatabaseView(
                    db.id,
                    db.name,
                    db.kind.id(),
                    jdbcUrl,
                    db.host,
                    db.port,
                    db.databaseName,
                    db.username,
                    db.adminUsername,
                    options,
                    db.createdAt,
                    db.problem,
                    path);
        }
    }

    /** A database's schema ({@link DatabaseSchema}) and where the registered login's unqualified names resolve. */
    public record SchemaView(@JsonUnwrapped DatabaseSchema schema, LoginPath path) {}

    /**
     * The result of a connection test. On failure: {@code category} (refused_by_policy, unreachable, refused,
     * timed_out, tls, auth_failed, database_does_not_exist, session_not_safe, busy, failed) and the executor's sentence
     * in {@code error}; no driver text and no timing ({@code elapsedMillis} only when ok).
     */
    public record ConnectionCheck(
            boolean ok,
            Long elapsedMillis,
            String databaseProduct,
            String databaseVersion,
            String error,
            String sqlState,
            String category) {}
}
