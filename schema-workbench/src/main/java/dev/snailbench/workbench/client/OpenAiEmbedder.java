package dev.snailbench.workbench.client;

import dev.snailbench.workbench.config.SyntheticConfig;
import dev.snailbench.workbench.synthetic.TextEmbedder;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Embeddings from an OpenAI-compatible {@code POST <base-url>/embeddings}, all texts of a call in one request. */
@ApplicationScoped
public class OpenAiEmbedder implements TextEmbedder {

    private final SyntheticConfig.Backend config;
    private final WebClient client;

    public OpenAiEmbedder(SyntheticConfig config, Vertx vertx) {
        this.config = config.embeddings();
        this.client = WebClient.create(vertx);
    }

    public boolean configured() {
        return config.baseUrl().isPresent();
    }

    @Override
    public Uni<List<float[]>> embed(List<String> texts) {
        String url = config.baseUrl().orElseThrow(() -> new IllegalStateException(
                "no embeddings backend configured (snailbench.synthetic.embeddings.base-url)"));
        return embed(client, url, config.model().orElse("text-embedding-3-small"), config.apiKey(),
                config.timeoutSeconds(), texts);
    }

    /** One {@code POST <baseUrl>/embeddings} for all {@code texts}; vectors in the texts' order. */
    public static Uni<List<float[]>> embed(WebClient client, String baseUrl, String model,
            java.util.Optional<String> apiKey, int timeoutSeconds, List<String> texts) {
        String url = baseUrl.replaceAll("/+$", "") + "/embeddings";
        JsonObject body = new JsonObject().put("model", model).put("input", new JsonArray(new ArrayList<>(texts)));
        var request = client.postAbs(url).timeout(Duration.ofSeconds(timeoutSeconds).toMillis());
        apiKey.ifPresent(request::bearerTokenAuthentication);
        return request.sendJsonObject(body).map(response -> {
            if (response.statusCode() != 200) {
                throw new IllegalStateException("embeddings backend answered HTTP " + response.statusCode() + ": "
                        + response.bodyAsString());
            }
            JsonArray data = response.bodyAsJsonObject().getJsonArray("data");
            if (data == null || data.size() != texts.size()) {
                throw new IllegalStateException("embeddings backend returned " + (data == null ? 0 : data.size())
                        + " vectors for " + texts.size() + " texts");
            }
            float[][] vectors = new float[texts.size()][];
            for (int i = 0; i < data.size(); i++) {
                JsonObject item = data.getJsonObject(i);
                int index = item.getInteger("index", i);
                JsonArray values = item.getJsonArray("embedding");
                float[] v = new float[values.size()];
                for (int j = 0; j < v.length; j++) {
                    v[j] = values.getNumber(j).floatValue();
                }
                vectors[index] = v;
            }
            return List.of(vectors);
        });
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
