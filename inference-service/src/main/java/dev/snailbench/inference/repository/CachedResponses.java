package dev.snailbench.inference.repository;

import dev.snailbench.llm.ChatRequest;
import dev.snailbench.llm.Completion;
import dev.snailbench.llm.ResponseCache;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/** The tenants' model answers in PostgreSQL ({@code response_cache}), as llm-client's response cache. */
@ApplicationScoped
public class CachedResponses implements ResponseCache {

    private final CachedResponseRepository rows;

    public CachedResponses(CachedResponseRepository rows) {
        this.rows = rows;
    }

    @Override
    public Uni<Completion> find(String key) {
        return Panache.withSession(() -> rows.findById(key))
                .map(hit -> hit == null
                        ? null
                        : new Completion(
                                hit.answer,
                                hit.promptTokens,
                                hit.completionTokens,
                                hit.costUsd,
                                hit.latencyMillis,
                                0,
                                true,
                                hit.rawResponse));
    }

    @Override
    public Uni<Void> store(String key, String tenantId, String backend, ChatRequest request, Completion c) {
        CachedResponse row = new CachedResponse();
        row.key = key;
        row.tenantId = tenantId;
        row.backend = backend;
        row.model = request.model();
        row.answer = c.text();
        row.rawResponse = c.rawResponse();
        row.promptTokens = c.promptTokens();
        row.completionTokens = c.completionTokens();
        row.costUsd = c.costUsd();
        row.latencyMillis = c.latencyMillis();
        row.createdAt = Instant.now();
        // Two items with the same prompt may race here; the second insert loses and its answer is equal anyway.
        return Panache.withTransaction(() -> rows.findById(key)
                        .chain(existing -> existing != null
                                ? Uni.createFrom().voidItem()
                                : rows.persist(row).replaceWithVoid()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }
}
