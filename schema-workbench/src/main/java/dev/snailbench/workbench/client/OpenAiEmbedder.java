package dev.snailbench.workbench.client;

import dev.snailbench.llm.LlmBackendConfig;
import dev.snailbench.llm.OpenAiClient;
import dev.snailbench.llm.OpenAiClients;
import dev.snailbench.workbench.config.SyntheticConfig;
import dev.snailbench.workbench.synthetic.TextEmbedder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Embeddings of the synthetic sets from the OpenAI-compatible backend {@code snailbench.synthetic.embeddings}
 * (llm-client), all texts of a call in one request.
 */
@ApplicationScoped
public class OpenAiEmbedder implements TextEmbedder {

    /** The model embedding requests name when the backend's configuration names none. */
    public static final String DEFAULT_MODEL = "text-embedding-3-small";

    private final LlmBackendConfig config;
    private final OpenAiClients clients;

    public OpenAiEmbedder(SyntheticConfig config, OpenAiClients clients) {
        this.config = config.embeddings();
        this.clients = clients;
    }

    public boolean configured() {
        return config.baseUrl().isPresent();
    }

    @Override
    public Uni<List<float[]>> embed(List<String> texts) {
        if (!configured()) {
            throw new IllegalStateException(
                    "no embeddings backend configured (snailbench.synthetic.embeddings.base-url)");
        }
        OpenAiClient client = clients.client("snailbench.synthetic.embeddings", config);
        return client.embed(client.model(DEFAULT_MODEL), texts);
    }
}
