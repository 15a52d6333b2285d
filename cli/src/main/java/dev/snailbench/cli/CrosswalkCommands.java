package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * {@code crosswalk list|show|import|export|build}: the tenant's crosswalks (native name → Regular, Low and Least
 * names) at the generator: imported from a CSV, or built from a registered database's schema by the classifier
 * (and, with {@code --expand-with-llm}, the platform's LLM).
 */
final class CrosswalkCommands {

    private final CommandContext context;
    private final Duration pollInterval;

    CrosswalkCommands(CommandContext context, Duration pollInterval) {
        this.context = context;
        this.pollInterval = pollInterval;
    }

    void list(CliArgs a) {
        a.only();
        context.table(
                context.call("GET", "generator", "/crosswalks", a, null),
                a,
                List.of("id", "status", "entryCount", "origin", "dialect", "name"));
    }

    void show(CliArgs a) {
        String id = a.word(2, "a crosswalk id");
        a.only();
        JsonNode crosswalk = context.call("GET", "generator", "/crosswalks/" + id, a, null);
        if (!context.printedAsJson(a, crosswalk)) {
            context.out.println(line(crosswalk));
        }
    }

    /** {@code crosswalk import FILE.csv --name N}: the CSV as {@code GET /crosswalks/{id}/csv} writes it. */
    void importCsv(CliArgs a) {
        String file = a.word(2, "a crosswalk CSV file (kind,identifier_native,native_level,regular,low,least)");
        a.only("--name");
        String csv = CommandContext.readText(file);
        JsonNode crosswalk = context.client.postText(
                context.url(
                        "generator",
                        "/crosswalks?name=" + URLEncoder.encode(a.option("--name"), StandardCharsets.UTF_8)),
                CommandContext.apiKey(a),
                "text/csv",
                csv);
        if (!context.printedAsJson(a, crosswalk)) {
            context.out.println(line(crosswalk));
        }
    }

    /** {@code crosswalk export ID [--out FILE]}: the CSV, printed or into the file. */
    void export(CliArgs a) {
        String id = a.word(2, "a crosswalk id");
        a.only("--out");
        String csv =
                context.client.text(context.url("generator", "/crosswalks/" + id + "/csv"), CommandContext.apiKey(a));
        if (a.has("--out")) {
            Path written = CommandContext.write(a.option("--out"), csv);
            context.out.println("crosswalk " + id + " written to " + written);
        } else {
            context.out.print(csv);
        }
    }

    /**
     * {@code crosswalk build --name N --database ID --schema S [--dialect D] [--expand-with-llm]
     * [--abbreviate-with-llm] [--data-dictionary FILE] [--wait]}: starts a build (the classifier names each
     * identifier's level); {@code --wait} follows it to the end. Exit code 1 when a waited build failed.
     */
    int build(CliArgs a) {
        a.only(
                "--name",
                "--database",
                "--schema",
                "--dialect",
                "--expand-with-llm",
                "--abbreviate-with-llm",
                "--data-dictionary",
                "--wait");
        ObjectNode body = PlatformClient.json()
                .createObjectNode()
                .put("name", a.option("--name"))
                .put("databaseId", a.option("--database"))
                .put("nativeSchema", a.option("--schema"));
        if (a.has("--dialect")) {
            body.put("dialect", a.option("--dialect"));
        }
        if (a.has("--expand-with-llm")) {
            body.put("expandWithLlm", true);
        }
        if (a.has("--abbreviate-with-llm")) {
            body.put("abbreviateWithLlm", true);
        }
        if (a.has("--data-dictionary")) {
            body.put("dataDictionary", CommandContext.readText(a.option("--data-dictionary")));
        }
        JsonNode crosswalk = context.call("POST", "generator", "/crosswalks/builds", a, body);
        String id = crosswalk.path("id").asText();
        if (a.has("--wait")) {
            crosswalk = await(id, a);
        }
        if (!context.printedAsJson(a, crosswalk)) {
            context.out.println(line(crosswalk));
            if (!a.has("--wait")) {
                context.out.println("follow it: ./snailbench crosswalk show " + id);
            }
        }
        if ("failed".equals(crosswalk.path("status").asText())) {
            throw new UserError(
                    "crosswalk " + id + " failed: " + crosswalk.path("error").asText("no reason given"));
        }
        return 0;
    }

    /** The crosswalk once its build has ended (ready or failed), asked every poll interval for up to 30 minutes. */
    private JsonNode await(String id, CliArgs a) {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(30));
        JsonNode crosswalk = context.call("GET", "generator", "/crosswalks/" + id, a, null);
        while ("classifying".equals(crosswalk.path("status").asText())
                && Instant.now().isBefore(deadline)) {
            sleep();
            crosswalk = context.call("GET", "generator", "/crosswalks/" + id, a, null);
        }
        return crosswalk;
    }

    private void sleep() {
        try {
            Thread.sleep(pollInterval.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted");
        }
    }

    /** {@code crosswalk ID (NAME): ready, 42 entries}, with the error of a failed one. */
    static String line(JsonNode crosswalk) {
        String error = crosswalk.path("error").isTextual()
                ? ": " + crosswalk.get("error").asText()
                : "";
        return "crosswalk " + crosswalk.path("id").asText() + " ("
                + crosswalk.path("name").asText() + "): "
                + crosswalk.path("status").asText() + ", "
                + crosswalk.path("entryCount").asInt() + " entries" + error;
    }
}
