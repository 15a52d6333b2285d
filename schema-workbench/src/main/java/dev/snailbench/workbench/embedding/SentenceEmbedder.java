package dev.snailbench.workbench.embedding;

import dev.snailbench.workbench.config.EmbeddingsConfig;
import dev.snailbench.workbench.support.Blocking;
import dev.snailbench.workbench.synthetic.TextEmbedder;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;

/**
 * The {@code embeddings} backend: the built-in MiniLM model, loaded once on first use (the service starts without
 * paying for it), every call run on the worker pool with the configured timeout — never on the event loop.
 */
@ApplicationScoped
public class SentenceEmbedder implements TextEmbedder {

    private final EmbeddingsConfig config;
    private volatile MiniLm model;

    public SentenceEmbedder(EmbeddingsConfig config) {
        this.config = config;
    }

    @Override
    public Uni<List<float[]>> embed(List<String> texts) {
        if (texts.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return Blocking.run(
                () -> model().embed(texts, config.batchSize()), Duration.ofSeconds(config.timeoutSeconds()));
    }

    private MiniLm model() {
        MiniLm m = model;
        if (m == null) {
            synchronized (this) {
                if (model == null) {
                    model = MiniLm.load(config.executionProvider(), config.cudaDevice(), config.intraOpThreads());
                }
                m = model;
            }
        }
        return m;
    }

    @PreDestroy
    synchronized void close() {
        if (model != null) {
            model.close();
        }
    }
}
