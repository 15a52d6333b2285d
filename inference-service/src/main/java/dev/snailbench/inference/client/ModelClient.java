package dev.snailbench.inference.client;

import dev.snailbench.inference.InferenceException;
import dev.snailbench.inference.config.InferenceConfig;
import dev.snailbench.inference.repository.CachedResponses;
import dev.snailbench.llm.ChatRequest;
import dev.snailbench.llm.Completion;
import dev.snailbench.llm.LlmBackendConfig;
import dev.snailbench.llm.OpenAiClient;
import dev.snailbench.llm.OpenAiClients;
import dev.snailbench.llm.ResponseCache;
import dev.snailbench.model.domain.ModelRef;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;

/**
 * Asks a configured backend for a completion (llm-client's {@link OpenAiClient}: retries, rate and concurrency
 * limits), through the response cache: an identical call of the same tenant (backend, model, prompt, parameters) is
 * answered from PostgreSQL ({@link CachedResponses}) without contacting the model, at temperature 0 or when the job
 * asks for it ({@code cacheAnswers}; {@link ResponseCache#applies}). Call on a Vert.x context.
 * <p>
 * The cache is the tenant's own: its key includes the tenant, so a hit never tells a tenant that another one asked
 * the same prompt (nor hands it another tenant's answer), at the price of paying once per tenant for a shared
 * prompt. The metrics at /q/metrics are labelled only with configured names ({@link #modelLabel}), never with a
 * model name a job chose.
 */
@ApplicationScoped
public class ModelClient {

    /** Completion tokens a call may use when neither the job nor the backend's {@code max-tokens} sets a limit. */
    static final int DEFAULT_MAX_TOKENS = 512;

    private final InferenceConfig config;
    private final OpenAiClients clients;
    private final ResponseCache cache;

    public ModelClient(InferenceConfig config, OpenAiClients clients, CachedResponses cache) {
        this.config = config;
        this.clients = clients;
        this.cache = cache;
    }

    /** Every backend needs a base URL and a default model: a deployment without them fails at start, not per item. */
    void validate(@Observes StartupEvent event) {
        config.backends().forEach((name, b) -> {
            if (b.baseUrl().isEmpty() || b.model().isEmpty()) {
                throw new IllegalStateException("snailbench.inference.backends." + name + " needs "
                        + (b.baseUrl().isEmpty() ? "base-url" : "model"));
            }
        });
    }

    /** The call a work item's model makes: the job's parameters override the backend's defaults. */
    public ModelCall callFor(ModelRef model, String prompt) {
        LlmBackendConfig b = backendConfig(model.backend());
        String api = b.api();
        if (!List.of(ChatRequest.CHAT, ChatRequest.COMPLETIONS).contains(api)) {
            throw new InferenceException(
                    "backend '" + model.backend() + "' has api '" + api + "' (expected chat or completions)");
        }
        return new ModelCall(
                model.backend(),
                api,
                model.model() != null ? model.model() : b.model().orElseThrow(),
                prompt,
                model.temperature() != null ? model.temperature() : b.temperature(),
                model.maxTokens() != null ? model.maxTokens() : b.maxTokens().orElse(DEFAULT_MAX_TOKENS),
                model.seed() != null
                        ? model.seed()
                        : (b.seed().isPresent() ? b.seed().getAsLong() : null),
                model.cacheAnswers());
    }

    public Uni<Completion> complete(String tenantId, ModelCall call, int estimatedPromptTokens) {
        if (tenantId == null || tenantId.isBlank()) {
            // Every work item carries its tenant; without one the cache could not be kept apart.
            return Uni.createFrom().failure(new InferenceException("work item has no tenant"));
        }
        ChatRequest request = call.request();
        OpenAiClient backend = backend(call.backend());
        // A sampled answer (temperature > 0) is asked afresh unless the job asks for cached answers.
        Uni<Completion> answer = ResponseCache.applies(request, call.cacheAnswers())
                ? backend.complete(tenantId, request, estimatedPromptTokens, cache)
                : backend.complete(request, estimatedPromptTokens);
        return answer.invoke(c -> {
                    if (!c.cached()) {
                        record(call, c);
                    }
                })
                .onFailure()
                .invoke(e ->
                        Metrics.counter("snailbench.llm.errors", tags(call)).increment());
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
        LlmBackendConfig b = config.backends().get(call.backend());
        boolean configured = b != null
                && (b.model().filter(call.model()::equals).isPresent()
                        || b.prices().containsKey(call.model()));
        return configured ? call.model() : OTHER_MODEL;
    }

    /** Per backend and model at /q/metrics: call latency, tokens and estimated cost of uncached calls. */
    private void record(ModelCall call, Completion c) {
        Tags tags = tags(call);
        Metrics.timer("snailbench.llm.latency", tags).record(Duration.ofMillis(c.latencyMillis()));
        Metrics.counter("snailbench.llm.tokens", tags.and("kind", "prompt"))
                .increment(c.promptTokens() == null ? 0 : c.promptTokens());
        Metrics.counter("snailbench.llm.tokens", tags.and("kind", "completion"))
                .increment(c.completionTokens() == null ? 0 : c.completionTokens());
        Metrics.counter("snailbench.llm.cost.usd", tags).increment(c.costUsd() == null ? 0 : c.costUsd());
    }

    /** The shared client of a configured backend. */
    public OpenAiClient backend(String name) {
        return clients.client(name, backendConfig(name));
    }

    private LlmBackendConfig backendConfig(String name) {
        LlmBackendConfig b = config.backends().get(name);
        if (b == null) {
            throw new InferenceException("unknown backend '" + name + "' (configured: "
                    + new TreeSet<>(config.backends().keySet()) + ", plus replay)");
        }
        return b;
    }
}
