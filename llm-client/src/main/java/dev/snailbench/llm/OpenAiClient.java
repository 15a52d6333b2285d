package dev.snailbench.llm;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * The client of one configured OpenAI-compatible backend: chat or legacy completions and embeddings, each call
 * within the backend's concurrency limit and rate buckets, retried on 429/5xx/timeouts/connection errors with
 * jittered exponential backoff (or the server's Retry-After) until {@code retry.max-attempts} or
 * {@code retry.max-total}. Every attempt takes a permit and a rate reservation, since the provider counts each
 * request. Call on a Vert.x context: the answer resumes there. Instances come from {@link OpenAiClients}.
 */
public final class OpenAiClient {

    private final String name;
    private final LlmBackendConfig config;
    private final OpenAiWire wire;
    private final ConcurrencyLimit limit;
    private final TokenBucket requests;
    private final TokenBucket tokens;
    private final io.vertx.core.Vertx vertx;

    public OpenAiClient(Vertx vertx, String name, LlmBackendConfig config) {
        this.name = name;
        this.config = config;
        this.vertx = vertx.getDelegate();
        this.wire = new OpenAiWire(vertx, name, config);
        this.limit = new ConcurrencyLimit(config.concurrency());
        long now = System.currentTimeMillis();
        this.requests = config.requestsPerMinute() > 0 ? new TokenBucket(config.requestsPerMinute(), now) : null;
        this.tokens = config.tokensPerMinute() > 0 ? new TokenBucket(config.tokensPerMinute(), now) : null;
    }

    public String name() {
        return name;
    }

    public LlmBackendConfig config() {
        return config;
    }

    /** Calls in flight right now. */
    public int inFlight() {
        return limit.inFlight();
    }

    /** The model a call sends when its caller names none: the backend's {@code model}, else {@code fallback}. */
    public String model(String fallback) {
        return config.model().orElse(fallback);
    }

    /**
     * A chat request on this backend's defaults: its {@code model} (else {@code fallbackModel}), {@code max-tokens}
     * and {@code seed}; the temperature is the caller's.
     */
    public ChatRequest chat(String fallbackModel, double temperature, String system, String user) {
        return new ChatRequest(
                ChatRequest.CHAT,
                model(fallbackModel),
                system,
                user,
                temperature,
                config.maxTokens().isPresent() ? config.maxTokens().getAsInt() : null,
                config.seed().isPresent() ? config.seed().getAsLong() : null);
    }

    /**
     * Asks the model, retrying as configured.
     *
     * @param estimatedPromptTokens what the tokens-per-minute bucket reserves for the prompt
     */
    public Uni<Completion> complete(ChatRequest call, int estimatedPromptTokens) {
        long started = System.nanoTime();
        int reserve = estimatedPromptTokens + (call.maxTokens() == null ? 0 : call.maxTokens());
        return withRetries(() -> wire.complete(call), reserve, started, 1)
                .map(a -> new Completion(
                        a.value().text(),
                        a.value().promptTokens(),
                        a.value().completionTokens(),
                        cost(call.model(), a.value()),
                        (System.nanoTime() - started) / 1_000_000,
                        a.attempts(),
                        false,
                        a.value().rawResponse()));
    }

    /** The answer's text alone, for callers that parse it (no token estimate: only the request counts). */
    public Uni<String> text(ChatRequest call) {
        return complete(call, 0).map(Completion::text);
    }

    /**
     * Through the tenant's response cache: an identical call of the same tenant is answered from {@code cache}
     * (marked cached, cost 0) without contacting the model; a fresh answer is stored.
     */
    public Uni<Completion> complete(String tenantId, ChatRequest call, int estimatedPromptTokens, ResponseCache cache) {
        if (tenantId == null || tenantId.isBlank()) {
            // Without a tenant the cache could not be kept apart.
            return Uni.createFrom().failure(new IllegalArgumentException("a cached call needs a tenant"));
        }
        String key = ResponseCache.key(tenantId, name, call);
        return cache.find(key)
                .chain(hit -> hit != null
                        ? Uni.createFrom()
                                .item(new Completion(
                                        hit.text(),
                                        hit.promptTokens(),
                                        hit.completionTokens(),
                                        0.0,
                                        0,
                                        0,
                                        true,
                                        hit.rawResponse()))
                        : complete(call, estimatedPromptTokens).call(c -> cache.store(key, tenantId, name, call, c)));
    }

    /** One vector per text, in the texts' order, all texts in one request. */
    public Uni<List<float[]>> embed(String model, List<String> texts) {
        return withRetries(() -> wire.embed(model, texts), 0, System.nanoTime(), 1)
                .map(Attempted::value);
    }

    private record Attempted<T>(T value, int attempts) {}

    private <T> Uni<Attempted<T>> withRetries(Supplier<Uni<T>> send, int tokenCost, long started, int n) {
        long wait = 0;
        long now = System.currentTimeMillis();
        if (requests != null) {
            wait = Math.max(wait, requests.reserve(1, now));
        }
        if (tokens != null) {
            wait = Math.max(wait, tokens.reserve(tokenCost, now));
        }
        return Delays.delay(vertx, wait)
                .chain(limit::acquire)
                .chain(() -> send.get().onTermination().invoke(limit::release))
                .map(value -> new Attempted<>(value, n))
                .onFailure(LlmException.class)
                .recoverWithUni(e -> retry(send, tokenCost, started, n, e));
    }

    private <T> Uni<Attempted<T>> retry(Supplier<Uni<T>> send, int tokenCost, long started, int n, LlmException e) {
        if (!e.retryable()) {
            return Uni.createFrom().failure(e);
        }
        LlmBackendConfig.Retry policy = config.retry();
        long backoff = e.retryAfter() != null ? e.retryAfter().toMillis() : jitteredBackoff(policy, n);
        backoff = Math.min(backoff, policy.maxBackoff().toMillis());
        long elapsed = (System.nanoTime() - started) / 1_000_000;
        if (n >= policy.maxAttempts() || elapsed + backoff > policy.maxTotal().toMillis()) {
            return Uni.createFrom()
                    .failure(new LlmException(
                            e.getMessage() + " (gave up after " + n + " attempt" + (n == 1 ? "" : "s") + " in "
                                    + elapsed + " ms)",
                            false,
                            null,
                            e));
        }
        return Delays.delay(vertx, backoff).chain(() -> withRetries(send, tokenCost, started, n + 1));
    }

    /** Exponential backoff with "equal jitter": half fixed, half random, so retries of many calls spread out. */
    static long jitteredBackoff(LlmBackendConfig.Retry policy, int attempt) {
        long base = policy.initialBackoff().toMillis() << Math.min(attempt - 1, 20);
        long capped = Math.min(base, policy.maxBackoff().toMillis());
        return capped / 2 + ThreadLocalRandom.current().nextLong(capped / 2 + 1);
    }

    private Double cost(String model, OpenAiWire.Answer answer) {
        LlmBackendConfig.Price price = config.prices().get(model);
        if (price == null || answer.promptTokens() == null || answer.completionTokens() == null) {
            return null;
        }
        return (answer.promptTokens() * price.promptPerMillion()
                        + answer.completionTokens() * price.completionPerMillion())
                / 1_000_000.0;
    }

    /** At most 300 characters of a model's answer, for error messages. */
    public static String truncate(String s) {
        return OpenAiWire.truncate(s);
    }

    public void close() {
        wire.close();
    }
}
