package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/** {@code db register|list|test|schema|update|delete}: the tenant's databases in the executor's registry. */
final class DatabaseCommands {

    private final CommandContext context;

    DatabaseCommands(CommandContext context) {
        this.context = context;
    }

    /** Registers the database, then tests its connection: a wrong URL or login shows up now, not in the first job. */
    void register(CliArgs a) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", a.option("--name"));
        body.put("kind", a.option("--kind"));
        body.put("jdbcUrl", a.option("--jdbc-url"));
        body.put("user", a.option("--user"));
        body.put("password", a.option("--password"));
        if (a.has("--admin-user")) {
            body.put("adminUser", a.option("--admin-user"));
            body.put("adminPassword", a.option("--admin-password"));
        }
        JsonNode db = context.call("POST", "executor", "/databases", a, body);
        String id = db.path("id").asText();
        if (!context.printedAsJson(a, db)) {
            context.out.println(
                    "database " + id + " registered (" + db.path("name").asText() + ")");
            note(db);
        }
        test(id, a);
    }

    /**
     * Changes a registration: {@code --name}, {@code --user} with {@code --password} or {@code --password} alone,
     * {@code --admin-user} with {@code --admin-password} (an empty {@code --admin-user ""} removes the admin login) or
     * {@code --admin-password} alone. The executor tests new logins before it keeps them.
     */
    void update(CliArgs a) {
        String id = a.word(2, "a database id");
        Map<String, Object> body = new LinkedHashMap<>();
        for (String[] option : new String[][] {
            {"--name", "name"},
            {"--user", "user"},
            {"--password", "password"},
            {"--admin-user", "adminUser"},
            {"--admin-password", "adminPassword"}
        }) {
            if (a.has(option[0])) {
                body.put(option[1], a.option(option[0]));
            }
        }
        if (body.isEmpty()) {
            throw new UserError("nothing to change: give --name, --user with --password, --password, --admin-user "
                    + "with --admin-password, or --admin-password");
        }
        JsonNode db = context.call("PATCH", "executor", "/databases/" + id, a, body);
        if (!context.printedAsJson(a, db)) {
            context.out.println(
                    "database " + id + " changed (" + db.path("name").asText() + ", user "
                            + db.path("user").asText()
                            + (db.hasNonNull("adminUser")
                                    ? ", admin " + db.get("adminUser").asText()
                                    : "") + ")");
            note(db);
        }
    }

    /** Removes a registration; the executor refuses (409) while a running job uses it. */
    void delete(CliArgs a) {
        String id = a.word(2, "a database id");
        JsonNode answer = context.call("DELETE", "executor", "/databases/" + id, a, null);
        if (!context.printedAsJson(a, answer)) {
            context.out.println("database " + id + " deleted");
        }
    }

    /** What the executor found about where the login's unqualified names resolve, when there is something to do. */
    private void note(JsonNode db) {
        String note = db.path("path").path("note").asText("");
        if (!note.isBlank()) {
            context.out.println("note: " + note);
        }
    }

    void list(CliArgs a) {
        context.table(
                context.call("GET", "executor", "/databases", a, null), a, List.of("id", "name", "kind", "jdbcUrl"));
    }

    void test(CliArgs a) {
        test(a.word(2, "a database id"), a);
    }

    /** One line: ok with the product and the time it took, or a {@link UserError} saying what failed (exit 1). */
    private void test(String id, CliArgs a) {
        JsonNode check = context.call("POST", "executor", "/databases/" + id + "/test", a, null);
        boolean json = context.printedAsJson(a, check);
        if (!check.path("ok").asBoolean()) {
            String state = check.hasNonNull("sqlState")
                    ? " (SQLSTATE " + check.get("sqlState").asText() + ")"
                    : "";
            throw new UserError("database " + id + ": connection failed: "
                    + check.path("error").asText("no " + "reason given") + state
                    + " — check its JDBC URL, user and password (./snailbench db list)");
        }
        if (!json) {
            context.out.printf(
                    Locale.ROOT,
                    "database %s: connection ok (%s %s, %d ms)%n",
                    id,
                    check.path("databaseProduct").asText(""),
                    check.path("databaseVersion").asText(""),
                    check.path("elapsedMillis").asLong());
        }
    }

    /** Every column of every table: table, column, type, null or not, primary and foreign key. */
    void schema(CliArgs a) {
        JsonNode schema =
                context.call("GET", "executor", "/databases/" + a.word(2, "a database id") + "/schema", a, null);
        if (context.printedAsJson(a, schema)) {
            return;
        }
        ArrayNode rows = PlatformClient.json().createArrayNode();
        for (JsonNode table : schema.path("tables")) {
            String name = (table.hasNonNull("schema") ? table.get("schema").asText() + "." : "")
                    + table.path("name").asText();
            List<String> primaryKey = new ArrayList<>();
            table.path("primaryKey").forEach(c -> primaryKey.add(c.asText()));
            Map<String, String> references = new HashMap<>();
            for (JsonNode fk : table.path("foreignKeys")) {
                for (int i = 0; i < fk.path("columns").size(); i++) {
                    references.put(
                            fk.path("columns").get(i).asText(),
                            "→ " + fk.path("refTable").asText() + "."
                                    + fk.path("refColumns").path(i).asText());
                }
            }
            for (JsonNode column : table.path("columns")) {
                String c = column.path("name").asText();
                String key = String.join(
                        " ",
                        Stream.of(primaryKey.contains(c) ? "PK" : null, references.get(c))
                                .filter(Objects::nonNull)
                                .toList());
                rows.addObject()
                        .put("table", name)
                        .put("column", c)
                        .put("type", column.path("type").asText())
                        .put("null", column.path("nullable").asBoolean() ? "yes" : "no")
                        .put("key", key);
            }
        }
        context.table(rows, a, List.of("table", "column", "type", "null", "key"));
        if (schema.path("truncated").asBoolean()) {
            context.out.println("(schema cut at the executor's limit: --json shows what was read)");
        }
        note(schema);
    }
}
