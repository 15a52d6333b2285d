package dev.snailbench.model.domain;

/**
 * Where a work item's SQL runs. The password travels sealed ({@link SecretCipher}); only the executor, which
 * holds the same key, opens it. {@code databaseId} names a database registered in the executor, when the job
 * used one instead of inline connection details; {@code name} is that database's registered name (as the executor
 * answered when the job was submitted; null for inline details and in older events), what reports show.
 */
public record DatabaseRef(SqlDialect kind, String jdbcUrl, String user, String sealedPassword, String databaseId,
        String name) {

    public DatabaseRef(SqlDialect kind, String jdbcUrl, String user, String sealedPassword, String databaseId) {
        this(kind, jdbcUrl, user, sealedPassword, databaseId, null);
    }

    public DatabaseRef withName(String registeredName) {
        return new DatabaseRef(kind, jdbcUrl, user, sealedPassword, databaseId, registeredName);
    }

    @Override
    public String toString() {
        // Never print the sealed password either: logs are read by more people than the key holders.
        return "DatabaseRef[kind=" + kind + ", jdbcUrl=" + jdbcUrl + ", user=" + user + ", databaseId=" + databaseId
                + ", name=" + name + "]";
    }
}
