package dev.snailbench.model.domain;

/**
 * Where a work item's SQL runs. The password travels sealed ({@link SecretCipher}); only the executor, which
 * holds the same key, opens it. {@code databaseId} names a database registered in the executor, when the job
 * used one instead of inline connection details.
 */
public record DatabaseRef(SqlDialect kind, String jdbcUrl, String user, String sealedPassword, String databaseId) {

    @Override
    public String toString() {
        // Never print the sealed password either: logs are read by more people than the key holders.
        return "DatabaseRef[kind=" + kind + ", jdbcUrl=" + jdbcUrl + ", user=" + user + ", databaseId=" + databaseId
                + "]";
    }
}
