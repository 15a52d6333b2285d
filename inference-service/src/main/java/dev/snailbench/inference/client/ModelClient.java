package dev.snailbench.inference.client;

import dev.snailbench.inference.InferenceException;
import dev.snailbench.inference.config.InferenceConfig;
import dev.snailbench.inference.repository.CachedResponse;
import dev.snailbench.inference.repository.CachedResponseRepository;
import dev.snailbench.model.domain.ModelRef;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Asks a configured backend for a completion, through the response cache: an identical call of the same tenant
 * (backend, model, prompt, parameters) is answered from PostgreSQL without contacting the model. Call on a Vert.x
 * context.
 * <p>
 * The cache is the tenant's own: its key includes the tenant, so a hit never tells a tenant that another one asked
 * the same prompt (nor hands it another tenant's answer), at the price of paying once per tenant for a shared
 * prompt. The metrics at /q/metrics are labelled only with configured names ({@link #modelLabel}), never with a
 * model name a job chose.
 */
@ApplicationScoped
public class ModelClient {

    private final InferenceConfig config;
    private final Vertx vertx;
    private final CachedResponseRepository cache;
    private final Map<String, ModelBackend> backends = new ConcurrentHashMap<>();

    public ModelClient(InferenceConfig config, Vertx vertx, CachedResponseRepository cache) {
        this.config = config;
        this.vertx = vertx;
        this.cache = cache;
    }

    /** The call a work item's model makes: the job's parameters override the backend's defaults. */
    public ModelCall callFor(ModelRef model, String prompt) {
        InferenceConfig.Backend b = backendConfig(model.backend());
        String api = b.api();
        if (!OpenAiClient.apis().contains(api)) {
            throw new InferenceException("backend '" + model.backend() + "' has api '" + api
                    + "' (expected chat or completions)");
        }
        return new ModelCall(model.backend(), api, model.model() != null ? model.model() : b.model(), prompt,
                model.temperature() != null ? model.temperature() : b.temperature(),
                model.maxTokens() != null ? model.maxTokens() : b.maxTokens(),
                model.seed() != null ? model.seed() : (b.seed().isPresent() ? b.seed().getAsLong() : null));
    }

    public Uni<Completion> complete(String tenantId, ModelCall call, int estimatedPromptTokens) {
        if (tenantId == null || tenantId.isBlank()) {
            // Every work item carries its tenant; without one the cache could not be kept apart.
            return Uni.createFrom().failure(new InferenceException("work item has no tenant"));
        }
        String key = cacheKey(tenantId, call);
        return Panache.withSession(() -> cache.findById(key))
                .chain(hit -> hit != null
                        ? Uni.createFrom().item(new Completion(hit.answer, hit.promptTokens, hit.completionTokens, 0.0,
                                0, 0, true, hit.rawResponse))
                        : backend(call.backend()).complete(call, estimatedPromptTokens)
                                .invoke(c -> record(call, c))
                                .onFailure().invoke(e -> Metrics.counter("snailbench.llm.errors", tags(call))
                                        .increment())
                                .call(c -> store(key, tenantId, call, c)));
    }

    /**
     * A call's metric labels: its backend (only configured backends get this far) and its model when it is one the
     * backend's configuration names (its default model or a priced one); any other name a job chose is
     * {@value #OTHER_MODEL}, so tenants can neither grow the label set without bound nor read each other's model
     * names at /q/metrics.
     */
    Tags tags(ModelCall call) {
        return Tags.of("backend", call.backend(), "model", modelLabel(call));
    }

    static final String OTHER_MODEL = "other";

    String modelLabel(ModelCall call) {
        InferenceConfig.Backend b = config.backends().get(call.backend());
        boolean configured = b != null && (call.model().equals(b.model()) || b.prices().containsKey(call.model()));
        return configured ? call.model() : OTHER_MODEL;
    }

    /** Per backend and model at /q/metrics: call latency, tokens and estimated cost of uncached calls. */
    private void record(ModelCall call, Completion c) {
        Tags tags = tags(call);
        Metrics.timer("snailbench.llm.latency", tags).record(java.time.Duration.ofMillis(c.latencyMillis()));
        Metrics.counter("snailbench.llm.tokens", tags.and("kind", "prompt"))
                .increment(c.promptTokens() == null ? 0 : c.promptTokens());
        Metrics.counter("snailbench.llm.tokens", tags.and("kind", "completion"))
                .increment(c.completionTokens() == null ? 0 : c.completionTokens());
        Metrics.counter("snailbench.llm.cost.usd", tags).increment(c.costUsd() == null ? 0 : c.costUsd());
    }

    private Uni<Void> store(String key, String tenantId, ModelCall call, Completion c) {
        CachedResponse row = new CachedResponse();
        row.key = key;
        row.tenantId = tenantId;
        row.backend = call.backend();
        row.model = call.model();
        row.answer = c.text();
        row.rawResponse = c.rawResponse();
        row.promptTokens = c.promptTokens();
        row.completionTokens = c.completionTokens();
        row.costUsd = c.costUsd();
        row.latencyMillis = c.latencyMillis();
        row.createdAt = Instant.now();
        // Two items with the same prompt may race here; the second insert loses and its answer is equal anyway.
        return Panache.withTransaction(() -> cache.findById(key)
                .chain(existing -> existing != null ? Uni.createFrom().voidItem() : cache.persist(row).replaceWithVoid()))
                .onFailure().recoverWithNull().replaceWithVoid();
    }

    public ModelBackend backend(String name) {
        backendConfig(name);
        return backends.computeIfAbsent(name, n -> new ModelBackend(vertx, n, config.backends().get(n)));
    }

    private InferenceConfig.Backend backendConfig(String name) {
        InferenceConfig.Backend b = config.backends().get(name);
        if (b == null) {
            throw new InferenceException("unknown backend '" + name + "' (configured: "
                    + new TreeSet<>(config.backends().keySet()) + ", plus replay)");
        }
        return b;
    }

    static String cacheKey(String tenantId, ModelCall call) {
        String identity = String.join("\u0000", tenantId, call.backend(), call.api(), call.model(),
                Double.toString(call.temperature()), Integer.toString(call.maxTokens()), String.valueOf(call.seed()),
                call.prompt());
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(identity.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    void close(@Observes ShutdownEvent event) {
        backends.values().forEach(ModelBackend::close);
    }
}
