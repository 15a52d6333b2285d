package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code views create|rewrite}: natural views ({@code /natural-views}), a schema of views that shows a registered
 * database's tables and columns under a crosswalk's names at one level; and the SQL written on them mapped back to
 * the physical names.
 */
final class ViewCommands {

    private final CommandContext context;

    ViewCommands(CommandContext context) {
        this.context = context;
    }

    /**
     * {@code views create --crosswalk ID --database ID --schema S [--view-schema V] [--level L] [--apply]
     * [--out FILE]}: the views' DDL (into FILE with {@code --out}); {@code --apply} creates them through the
     * database's admin login.
     */
    void create(CliArgs a) {
        a.only("--crosswalk", "--database", "--schema", "--view-schema", "--level", "--apply", "--out");
        ObjectNode body = PlatformClient.json()
                .createObjectNode()
                .put("crosswalkId", a.option("--crosswalk"))
                .put("databaseId", a.option("--database"))
                .put("nativeSchema", a.option("--schema"))
                .put("apply", a.has("--apply"));
        if (a.has("--view-schema")) {
            body.put("viewSchema", a.option("--view-schema"));
        }
        if (a.has("--level")) {
            body.put("level", a.option("--level"));
        }
        JsonNode result = context.call("POST", "generator", "/natural-views", a, body);
        if (context.printedAsJson(a, result)) {
            return;
        }
        JsonNode views = result.path("views");
        context.out.println(ddl(
                        views.path("statements").size(),
                        "natural views",
                        views.path("viewSchema").asText(),
                        views.path("nativeSchema").asText(),
                        result.path("applied").asBoolean())
                + " (level "
                + views.path("level").asText() + ")");
        writeDdl(a, views.path("statements"));
    }

    /** {@code views rewrite --crosswalk ID --sql SQL [--level L] [--dialect D] [--view-schema V]}: the SQL on the
     * physical names. */
    void rewrite(CliArgs a) {
        a.only("--crosswalk", "--sql", "--level", "--dialect", "--view-schema");
        ObjectNode body = PlatformClient.json()
                .createObjectNode()
                .put("crosswalkId", a.option("--crosswalk"))
                .put("sql", a.option("--sql"));
        for (String[] o :
                List.of(new String[] {"--level", "level"}, new String[] {"--dialect", "dialect"}, new String[] {
                    "--view-schema", "viewSchema"
                })) {
            if (a.has(o[0])) {
                body.put(o[1], a.option(o[0]));
            }
        }
        JsonNode rewritten = context.call("POST", "generator", "/natural-views/rewrite", a, body);
        if (!context.printedAsJson(a, rewritten)) {
            context.out.println(rewritten.path("sql").asText());
        }
    }

    /** {@code 12 natural views in db_nl over exp_v1: created} (or how to create them). */
    static String ddl(int statements, String what, String viewSchema, String over, boolean applied) {
        return statements + " statements for the " + what + " in " + viewSchema + " over " + over + ": "
                + (applied ? "created" : "not created (--apply creates them through the database's admin login)");
    }

    /** With {@code --out FILE}: the statements, each ended by a semicolon, into the file. */
    void writeDdl(CliArgs a, JsonNode statements) {
        if (!a.has("--out")) {
            return;
        }
        List<String> lines = new ArrayList<>();
        statements.forEach(s -> lines.add(s.asText() + ";"));
        Path written = CommandContext.write(a.option("--out"), String.join("\n", lines) + "\n");
        context.out.println("DDL written to " + written);
    }
}
