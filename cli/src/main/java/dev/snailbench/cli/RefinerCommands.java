package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code refine analyse|views|inject|rewrite}: the Schema-Refiner ({@code /refiner}) on a registered database —
 * naming ambiguity found (homonyms, synonyms, irregular names), a view layer with canonical names, an ambiguous
 * variant with known ground truth, and SQL written on a view layer mapped back to the physical names.
 */
final class RefinerCommands {

    private static final List<String> ANALYSIS =
            List.of("--database", "--schema", "--packages", "--embeddings", "--context");

    private final CommandContext context;
    private final ViewCommands views;

    RefinerCommands(CommandContext context) {
        this.context = context;
        this.views = new ViewCommands(context);
    }

    /** {@code refine analyse --database ID --schema S [--packages offline|llm] [--embeddings …] [--context TEXT]}. */
    void analyse(CliArgs a) {
        a.only(ANALYSIS.toArray(String[]::new));
        JsonNode analysis = context.call("POST", "generator", "/refiner/analyses", a, analysisBody(a));
        if (context.printedAsJson(a, analysis)) {
            return;
        }
        context.out.println(summary(analysis));
        ArrayNode rows = PlatformClient.json().createArrayNode();
        for (JsonNode f : analysis.path("findings")) {
            StringBuilder columns = new StringBuilder();
            f.path("columns")
                    .forEach(c -> columns.append(columns.isEmpty() ? "" : ", ").append(column(c)));
            rows.addObject()
                    .put("type", f.path("type").asText().toLowerCase(Locale.ROOT))
                    .put("sss", String.format(Locale.ROOT, "%.2f", f.path("sss").asDouble()))
                    .put("columns", columns.toString());
        }
        TablePrinter.print(context.out, rows, List.of("type", "sss", "columns"));
    }

    /**
     * {@code refine views … [--view-schema V] [--apply] [--out FILE]}: a view layer with canonical names over the
     * schema (its DDL into FILE; {@code --apply} creates it).
     */
    void views(CliArgs a) {
        List<String> known = new java.util.ArrayList<>(ANALYSIS);
        known.addAll(List.of("--view-schema", "--apply", "--out"));
        a.only(known.toArray(String[]::new));
        ObjectNode body = analysisBody(a).put("apply", a.has("--apply"));
        if (a.has("--view-schema")) {
            body.put("viewSchema", a.option("--view-schema"));
        }
        JsonNode result = context.call("POST", "generator", "/refiner/views", a, body);
        if (context.printedAsJson(a, result)) {
            return;
        }
        JsonNode layer = result.path("views");
        context.out.println(summary(result.path("analysis")));
        context.out.println(ViewCommands.ddl(
                layer.path("statements").size(),
                "refined views",
                layer.path("viewSchema").asText(),
                layer.path("physicalSchema").asText(),
                result.path("applied").asBoolean()));
        views.writeDdl(a, layer.path("statements"));
    }

    /**
     * {@code refine inject --database ID --schema S [--rate R] [--seed N] [--view-schema V] [--out FILE]}: an
     * ambiguous variant of the schema (views with renamed columns) and what was renamed (the ground truth).
     */
    void inject(CliArgs a) {
        a.only("--database", "--schema", "--rate", "--seed", "--view-schema", "--out");
        ObjectNode body = PlatformClient.json()
                .createObjectNode()
                .put("databaseId", a.option("--database"))
                .put("nativeSchema", a.option("--schema"));
        if (a.has("--rate")) {
            try {
                body.put("rate", Double.parseDouble(a.option("--rate")));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "--rate takes a share between 0 and 1, got '" + a.option("--rate") + "'");
            }
        }
        if (a.has("--seed")) {
            body.put("seed", QuestionSetCommands.number("--seed", a.option("--seed")));
        }
        if (a.has("--view-schema")) {
            body.put("viewSchema", a.option("--view-schema"));
        }
        JsonNode injection = context.call("POST", "generator", "/refiner/injections", a, body);
        if (context.printedAsJson(a, injection)) {
            return;
        }
        int renamed = 0;
        for (JsonNode table : injection.path("renamed")) {
            renamed += table.size();
        }
        context.out.printf(
                Locale.ROOT,
                "ambiguity injected into %s at rate %s (seed %d): %d columns renamed, %d " + "ambiguities to find%n",
                injection.path("nativeSchema").asText(),
                injection.path("rate").asText(),
                injection.path("seed").asLong(),
                renamed,
                injection.path("truth").size());
        JsonNode layer = injection.path("views");
        context.out.println(ViewCommands.ddl(
                layer.path("statements").size(),
                "ambiguous variant",
                layer.path("viewSchema").asText(),
                layer.path("physicalSchema").asText(),
                false));
        views.writeDdl(a, layer.path("statements"));
    }

    /** {@code refine rewrite --sql SQL --mapping FILE [--dialect D]}: the SQL on the physical names. */
    void rewrite(CliArgs a) {
        a.only("--sql", "--mapping", "--dialect");
        ObjectNode body = PlatformClient.json().createObjectNode().put("sql", a.option("--sql"));
        body.set("mapping", CommandContext.readJsonOrYaml(a.option("--mapping")));
        if (a.has("--dialect")) {
            body.put("dialect", a.option("--dialect"));
        }
        JsonNode rewritten = context.call("POST", "generator", "/refiner/rewrite", a, body);
        if (context.printedAsJson(a, rewritten)) {
            return;
        }
        context.out.println(rewritten.path("sql").asText());
        if (!rewritten.path("unknown").isEmpty()) {
            context.out.println("not in the mapping: " + join(rewritten.path("unknown")));
        }
        if (!rewritten.path("ambiguous").isEmpty()) {
            context.out.println("ambiguous: " + join(rewritten.path("ambiguous")));
        }
    }

    private static ObjectNode analysisBody(CliArgs a) {
        ObjectNode body = PlatformClient.json()
                .createObjectNode()
                .put("databaseId", a.option("--database"))
                .put("nativeSchema", a.option("--schema"));
        for (String[] o : List.of(
                new String[] {"--packages", "packages"},
                new String[] {"--embeddings", "embeddings"},
                new String[] {"--context", "context"})) {
            if (a.has(o[0])) {
                body.put(o[1], a.option(o[0]));
            }
        }
        return body;
    }

    /** {@code exp_v1: 12 tables, 80 columns, 4 communities; 7 findings (2 homonym, 3 synonym, 2 irregular)}. */
    static String summary(JsonNode analysis) {
        Map<String, Integer> byType = new TreeMap<>();
        analysis.path("findings")
                .forEach(f -> byType.merge(f.path("type").asText().toLowerCase(Locale.ROOT), 1, Integer::sum));
        StringBuilder types = new StringBuilder();
        byType.forEach((type, n) ->
                types.append(types.isEmpty() ? "" : ", ").append(n).append(' ').append(type));
        return String.format(
                Locale.ROOT,
                "%s: %d tables, %d columns, %d communities; %d findings%s",
                analysis.path("nativeSchema").asText(),
                analysis.path("tables").asInt(),
                analysis.path("columns").asInt(),
                analysis.path("communities").asInt(),
                analysis.path("findings").size(),
                types.isEmpty() ? "" : " (" + types + ")");
    }

    private static String column(JsonNode c) {
        return c.isTextual()
                ? c.asText()
                : c.path("table").asText() + "." + c.path("column").asText();
    }

    private static String join(JsonNode values) {
        StringBuilder sb = new StringBuilder();
        values.forEach(v -> sb.append(sb.isEmpty() ? "" : ", ").append(v.isTextual() ? v.asText() : v.toString()));
        return sb.toString();
    }
}
