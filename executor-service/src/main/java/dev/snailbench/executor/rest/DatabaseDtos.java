package dev.snailbench.executor.rest;

import dev.snailbench.executor.model.RegisteredDatabase;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** Request and response bodies of the database registry. */
public final class DatabaseDtos {

    private DatabaseDtos() {
    }

    /**
     * What a tenant sends to register a database; {@code kind} is postgresql or sqlserver. {@code user} should be a
     * read-only login (every query runs with it); the optional {@code adminUser}/{@code adminPassword} is used only
     * to create natural views when the team asks for them to be applied.
     */
    public record RegisterDatabase(String name, String kind, String jdbcUrl, String user, String password,
            Map<String, String> options, String adminUser, String adminPassword) {

        @Override
        public String toString() {
            return "RegisterDatabase[name=" + name + ", kind=" + kind + ", jdbcUrl=" + jdbcUrl + ", user=" + user
                    + ", adminUser=" + adminUser + "]";
        }
    }

    /** A registered database as shown to its tenant: never a password. */
    public record DatabaseView(UUID id, String name, String kind, String jdbcUrl, String user, String adminUser,
            Map<String, String> options, Instant createdAt) {

        static DatabaseView of(RegisteredDatabase db, Map<String, String> options) {
            return new DatabaseView(db.id, db.name, db.kind.id(), db.jdbcUrl, db.username, db.adminUsername, options,
                    db.createdAt);
        }
    }

    /** The result of a connection test. */
    public record ConnectionCheck(boolean ok, long elapsedMillis, String databaseProduct, String databaseVersion,
            String error, String sqlState) {
    }
}
