package dev.snailbench.generator.testing;

import dev.snailbench.cli.PlatformClient;
import dev.snailbench.localstack.Stack;
import dev.snailbench.testkit.DatabaseRegistration;
import java.util.LinkedHashMap;
import java.util.Map;

/** A tenant's databases registered with a started stack's executor, and a job's reference to one. */
public final class StackDatabases {

    private StackDatabases() {}

    /** Registers the database ({@code POST /databases}, 201) as the tenant with that key header does: its id. */
    public static String register(
            PlatformClient client, Stack stack, Map<String, String> key, Map<String, Object> registration) {
        return client.call("POST", stack.url(Stack.Service.EXECUTOR) + "/databases", key, registration, 201)
                .get("id")
                .asText();
    }

    /** Registers a PostgreSQL database ({@link DatabaseRegistration#postgresql}) as {@link #register} does: its id. */
    public static String registerPostgresql(
            PlatformClient client,
            Stack stack,
            Map<String, String> key,
            String name,
            String jdbcUrl,
            String user,
            String password) {
        return register(client, stack, key, DatabaseRegistration.postgresql(name, jdbcUrl, user, password));
    }

    /** A job's {@code database}: the registered database of that id. */
    public static Map<String, Object> registered(String databaseId) {
        return Map.of("databaseId", databaseId);
    }

    /**
     * A job's body on a PostgreSQL database: its name, its {@code database} ({@link #registered} or inline), then the
     * other fields as key, value, key, value…
     */
    public static Map<String, Object> postgresqlJob(String name, Object database, Object... fields) {
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("name", name);
        job.put("database", database);
        job.put("dialect", "postgresql");
        for (int i = 0; i < fields.length; i += 2) {
            job.put((String) fields[i], fields[i + 1]);
        }
        return job;
    }
}
