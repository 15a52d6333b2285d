package dev.snailbench.workbench.client;

import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.ext.web.client.WebClient;
import java.time.Duration;
import java.util.Optional;

/** One OpenAI-compatible {@code POST <base-url>/chat/completions}: a system and a user message in, the text out. */
public final class OpenAiChat {

    private OpenAiChat() {
    }

    /** The answer's text; a non-200 answer fails with the status and the start of the body. */
    public static Uni<String> complete(WebClient client, String baseUrl, Optional<String> apiKey, int timeoutSeconds,
            String model, double temperature, String system, String user) {
        JsonObject body = new JsonObject().put("model", model).put("temperature", temperature)
                .put("messages", new JsonArray()
                        .add(new JsonObject().put("role", "system").put("content", system))
                        .add(new JsonObject().put("role", "user").put("content", user)));
        var request = client.postAbs(baseUrl.replaceAll("/+$", "") + "/chat/completions")
                .timeout(Duration.ofSeconds(timeoutSeconds).toMillis());
        apiKey.ifPresent(request::bearerTokenAuthentication);
        return request.sendJsonObject(body).map(response -> {
            if (response.statusCode() != 200) {
                throw new IllegalStateException("LLM answered HTTP " + response.statusCode() + ": "
                        + truncate(response.bodyAsString()));
            }
            return response.bodyAsJsonObject().getJsonArray("choices").getJsonObject(0)
                    .getJsonObject("message").getString("content");
        });
    }

    /** At most 300 characters of a model's answer, for error messages. */
    public static String truncate(String s) {
        return s == null ? "" : s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }
}
