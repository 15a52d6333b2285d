package dev.snailbench.executor.rest;

import dev.snailbench.executor.model.RegisteredDatabase;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** Request and response bodies of the database registry. */
public final class DatabaseDtos {

    private DatabaseDtos() {
    }

    /** What a tenant sends to register a database; {@code kind} is postgresql or sqlserver. */
    public record RegisterDatabase(String name, String kind, String jdbcUrl, String user, String password,
            Map<String, String> options) {

        @Override
        public String toString() {
            return "RegisterDatabase[name=" + name + ", kind=" + kind + ", jdbcUrl=" + jdbcUrl + ", user=" + user + "]";
        }
    }

    /** A registered database as shown to its tenant: never the password. */
    public record DatabaseView(UUID id, String name, String kind, String jdbcUrl, String user,
            Map<String, String> options, Instant createdAt) {

        static DatabaseView of(RegisteredDatabase db, Map<String, String> options) {
            return new DatabaseView(db.id, db.name, db.kind.id(), db.jdbcUrl, db.username, options, db.createdAt);
        }
    }

    /** The result of a connection test. */
    public record ConnectionCheck(boolean ok, long elapsedMillis, String databaseProduct, String databaseVersion,
            String error, String sqlState) {
    }
}
