package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code review JOB}: the items whose verdict a person should judge; {@code review JOB ITEM|QUESTION
 * correct|incorrect [--note TEXT] [--reviewer NAME]} records a verdict at the scorer.
 */
final class ReviewCommand {

    private final CommandContext context;

    ReviewCommand(CommandContext context) {
        this.context = context;
    }

    void run(CliArgs a) {
        if (a.words.size() < 3) {
            queue(a);
        } else {
            verdict(a);
        }
    }

    private void queue(CliArgs a) {
        String jobId = a.word(1, "a job id");
        JsonNode queue = context.call("GET", "scorer", "/jobs/" + jobId + "/review", a, null);
        if (context.printedAsJson(a, queue)) {
            return;
        }
        context.out.println(queue.size() + " item(s) to review");
        for (JsonNode item : queue) {
            context.out.println("- " + item.path("workItemId").asText() + "  question "
                    + item.path("questionId").asText() + "  "
                    + item.path("reason").asText());
            if (item.hasNonNull("question")) {
                context.out.println("    question:  " + item.get("question").asText());
            }
            if (item.hasNonNull("goldSql")) {
                context.out.println(
                        "    gold:      " + oneLine(item.get("goldSql").asText()));
            }
            context.out.println(
                    "    predicted: " + oneLine(item.path("predictedSql").asText()));
        }
    }

    private void verdict(CliArgs a) {
        String jobId = a.word(1, "a job id");
        String verdict = a.word(3, "a verdict (correct or incorrect)");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("verdict", verdict);
        if (a.has("--note")) {
            body.put("note", a.option("--note"));
        }
        body.put("reviewer", a.has("--reviewer") ? a.option("--reviewer") : System.getProperty("user.name"));
        // An item id or a question id (the scorer answers 409 when a question id names several items).
        String item = URLEncoder.encode(a.word(2, "an item or question id"), StandardCharsets.UTF_8)
                .replace("+", "%20");
        JsonNode reviewed = context.call("PUT", "scorer", "/jobs/" + jobId + "/items/" + item + "/review", a, body);
        context.out.println("item " + reviewed.path("workItemId").asText() + " (question "
                + reviewed.path("questionId").asText() + ") reviewed: "
                + reviewed.path("manualVerdict").asText());
    }

    private static String oneLine(String sql) {
        return sql.replaceAll("\\s+", " ").trim();
    }
}
