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
 * A local OpenAI-compatible server on loopback (tests make no other network calls). Chat completions answer the
 * crosswalk prompts deterministically: expansions are the identifier's words in PascalCase
 * ({@code team_id → TeamId}), abbreviations keep each word's first two letters ({@code team_id → TeId}). A request
 * for candidate questions gets {@link #CANDIDATES} of them, one marked {@code CENTER}; {@code /v1/embeddings} gives
 * that one the shared direction the others lean towards, so it is the one closest to their centroid.
 * Schema-Refiner's package prompts get a description and canonical name per column, and its embeddings (model
 * {@link #WORD_MODEL}) a hashed bag of words.
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
            if (user.startsWith("Describe each column")) {
                reply(exchange, semanticPackages(user));
                return;
            }
            if (user.contains("different questions for this query")) {
                reply(exchange, questions(user));
                return;
            }
            boolean expand = user.startsWith("Rename");
            ObjectNode answer = JSON.createObjectNode();
            for (String line : user.split("\n")) {
                if (line.startsWith("- ")) {
                    String id = line.substring(2).split(" ")[0];
                    answer.put(id, rename(id, expand));
                }
            }
            reply(exchange, "```json\n" + answer + "\n```");
        });
        server.createContext("/v1/embeddings", exchange -> {
            EMBEDDING_REQUESTS.incrementAndGet();
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            ObjectNode body = JSON.createObjectNode();
            var data = body.putArray("data");
            boolean words = WORD_MODEL.equals(request.path("model").asText());
            for (int i = 0; i < request.get("input").size(); i++) {
                var vector = data.addObject().put("index", i).putArray("embedding");
                String text = request.get("input").get(i).asText();
                float[] v = words ? wordVector(text) : embedding(text);
                for (float x : v) {
                    vector.add(x);
                }
            }
            send(exchange, JSON.writeValueAsBytes(body));
        });
        server.start();
        String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
        return Map.of("snailbench.crosswalks.llm.base-url", base, "snailbench.synthetic.llm.base-url", base,
                "snailbench.synthetic.embeddings.base-url", base, "snailbench.refiner.llm.base-url", base,
                "snailbench.refiner.embeddings.base-url", base, "snailbench.refiner.embeddings.model", WORD_MODEL);
    }

    /** The embeddings model name for which the fake embeds words (a hashed bag of words), not questions. */
    public static final String WORD_MODEL = "fake-words";

    /** A bag of the text's words hashed into 64 dimensions: texts sharing words are close. */
    static float[] wordVector(String text) {
        float[] v = new float[64];
        for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (!w.isEmpty()) {
                v[Math.floorMod(w.hashCode(), 64)] += 1;
            }
        }
        return v;
    }

    /**
     * Schema-Refiner's packages: for each listed {@code - table.column (…)}, the column's words as its canonical
     * name (snake_case) and a description naming its table ({@code the player name recorded for each player}).
     */
    static String semanticPackages(String prompt) {
        ObjectNode answer = JSON.createObjectNode();
        for (String line : prompt.split("\n")) {
            if (line.startsWith("- ") && line.contains(".")) {
                String ref = line.substring(2).split(" ")[0];
                String table = ref.substring(0, ref.indexOf('.'));
                String column = ref.substring(ref.indexOf('.') + 1);
                String words = String.join(" ", column.split("[_\\s]+|(?<=[a-z])(?=[A-Z])")).toLowerCase(Locale.ROOT);
                answer.putObject(ref).put("description", "the " + words + " recorded for each " + table)
                        .put("canonical", words.replace(' ', '_'));
            }
        }
        return "```json\n" + answer + "\n```";
    }

    /** Candidate questions the fake writes for each query. */
    public static final int CANDIDATES = 8;
    public static final AtomicInteger EMBEDDING_REQUESTS = new AtomicInteger();

    /** Eight questions for the prompt's last query; the fifth is the one the embeddings put at the centre. */
    static String questions(String prompt) {
        String[] lines = prompt.split("\n");
        String sql = "";
        for (String line : lines) {
            if (line.startsWith("SQL: ")) {
                sql = line.substring(5);
            }
        }
        var array = JSON.createArrayNode();
        for (int k = 0; k < CANDIDATES; k++) {
            array.add((k == 4 ? "CENTER " : "Variant " + k + " ") + "question for: " + sql);
        }
        return array.toString();
    }

    /** {@code CENTER} → u; {@code Variant k} → u + e_k: each variant is nearer u than to the others. */
    static float[] embedding(String text) {
        float[] v = new float[CANDIDATES + 1];
        v[0] = 1;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^Variant (\\d+) ").matcher(text);
        if (m.find()) {
            v[1 + Integer.parseInt(m.group(1))] = 1;
        }
        return v;
    }

    private static void reply(com.sun.net.httpserver.HttpExchange exchange, String content) throws IOException {
        ObjectNode body = JSON.createObjectNode();
        body.putArray("choices").addObject().putObject("message").put("role", "assistant").put("content", content);
        send(exchange, JSON.writeValueAsBytes(body));
    }

    private static void send(com.sun.net.httpserver.HttpExchange exchange, byte[] bytes) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
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
