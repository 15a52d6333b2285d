package dev.snailbench.generator.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local OpenAI-compatible chat-completions server on loopback (tests make no other network calls). It
 * answers the crosswalk prompts deterministically: expansions are the identifier's words in PascalCase
 * ({@code team_id → TeamId}), abbreviations keep each word's first two letters ({@code team_id → TeId}).
 */
public class FakeOpenAiTestResource implements QuarkusTestResourceLifecycleManager {

    public static final AtomicInteger REQUESTS = new AtomicInteger();
    /** The user prompts received, for tests that check what context reached the model. */
    public static final java.util.List<String> PROMPTS = new java.util.concurrent.CopyOnWriteArrayList<>();
    private static final ObjectMapper JSON = new ObjectMapper();
    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/v1/chat/completions", exchange -> {
            REQUESTS.incrementAndGet();
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            String user = request.get("messages").get(1).get("content").asText();
            PROMPTS.add(user);
            boolean expand = user.startsWith("Rename");
            ObjectNode answer = JSON.createObjectNode();
            for (String line : user.split("\n")) {
                if (line.startsWith("- ")) {
                    String id = line.substring(2).split(" ")[0];
                    answer.put(id, rename(id, expand));
                }
            }
            ObjectNode body = JSON.createObjectNode();
            body.putArray("choices").addObject().putObject("message").put("role", "assistant")
                    .put("content", "```json\n" + answer + "\n```");
            byte[] bytes = JSON.writeValueAsBytes(body);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        return Map.of("snailbench.crosswalks.llm.base-url",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    static String rename(String identifier, boolean expand) {
        StringBuilder b = new StringBuilder();
        for (String word : identifier.split("[_\\s]+|(?<=[a-z])(?=[A-Z])")) {
            if (word.isEmpty()) {
                continue;
            }
            String w = expand ? word : word.substring(0, Math.min(2, word.length()));
            b.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1).toLowerCase(Locale.ROOT));
        }
        return b.toString();
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
