package dev.snailbench.model.domain;

/**
 * Where a work item's SQL runs. The password travels sealed ({@link SecretCipher}); only the executor, which
 * holds the same key, opens it. {@code databaseId} names a database registered in the executor, when the job
 * used one instead of inline connection details; {@code name} is that database's registered name (as the executor
 * answered when the job was submitted; null for inline details and in older events), what reports show.
 * {@code schema} is the schema the job's prompts show unqualified (its {@code nativeSchema}, spelled as the database
 * spells it): the executor puts it first on the search path of every query of the item; null leaves the login's own
 * path.
 */
public record DatabaseRef(
        SqlDialect kind,
        String jdbcUrl,
        String user,
        String sealedPassword,
        String databaseId,
        String name,
        String schema) {

    public DatabaseRef(
            SqlDialect kind, String jdbcUrl, String user, String sealedPassword, String databaseId, String name) {
        this(kind, jdbcUrl, user, sealedPassword, databaseId, name, null);
    }

    public DatabaseRef(SqlDialect kind, String jdbcUrl, String user, String sealedPassword, String databaseId) {
        this(kind, jdbcUrl, user, sealedPassword, databaseId, null, null);
    }

    public DatabaseRef withName(String registeredName) {
        return new DatabaseRef(kind, jdbcUrl, user, sealedPassword, databaseId, registeredName, schema);
    }

    /** The same database with {@code nativeSchema} first on the path of its queries. */
    public DatabaseRef withSchema(String nativeSchema) {
        return new DatabaseRef(kind, jdbcUrl, user, sealedPassword, databaseId, name, nativeSchema);
    }

    @Override
    public String toString() {
        // Never print the sealed password either: logs are read by more people than the key holders.
        return "DatabaseRef[kind=" + kind + ", jdbcUrl=" + jdbcUrl + ", user=" + user + ", databaseId=" + databaseId
                + ", name=" + name + (schema == null ? "" : ", schema=" + schema) + "]";
    }
}
