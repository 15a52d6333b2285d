package dev.snailbench.inference.client;

import dev.snailbench.inference.config.InferenceConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One configured backend: its HTTP client, its concurrency limit and rate buckets, and the retry loop. Every
 * attempt (first or retry) takes a permit and a rate reservation, since the provider counts each request.
 */
public final class ModelBackend {

    private final String name;
    private final InferenceConfig.Backend config;
    private final OpenAiClient client;
    private final ConcurrencyLimit limit;
    private final TokenBucket requests;
    private final TokenBucket tokens;
    private final io.vertx.core.Vertx vertx;

    public ModelBackend(Vertx vertx, String name, InferenceConfig.Backend config) {
        this.name = name;
        this.config = config;
        this.vertx = vertx.getDelegate();
        this.client = new OpenAiClient(vertx, name, config);
        this.limit = new ConcurrencyLimit(config.concurrency());
        long now = System.currentTimeMillis();
        this.requests = config.requestsPerMinute() > 0 ? new TokenBucket(config.requestsPerMinute(), now) : null;
        this.tokens = config.tokensPerMinute() > 0 ? new TokenBucket(config.tokensPerMinute(), now) : null;
    }

    public InferenceConfig.Backend config() {
        return config;
    }

    public int inFlight() {
        return limit.inFlight();
    }

    /** Calls the model, retrying on 429/5xx/timeouts within the backend's total retry time. */
    public Uni<Completion> complete(ModelCall call, int estimatedPromptTokens) {
        long started = System.nanoTime();
        return attempt(call, estimatedPromptTokens, started, 1)
                .map(a -> {
                    long latency = (System.nanoTime() - started) / 1_000_000;
                    return new Completion(a.answer().text(), a.answer().promptTokens(), a.answer().completionTokens(),
                            cost(call.model(), a.answer()), latency, a.attempts(), false, a.answer().rawResponse());
                });
    }

    private record Attempted(OpenAiClient.Answer answer, int attempts) {
    }

    private Uni<Attempted> attempt(ModelCall call, int estimatedPromptTokens, long started, int n) {
        long wait = 0;
        long now = System.currentTimeMillis();
        if (requests != null) {
            wait = Math.max(wait, requests.reserve(1, now));
        }
        if (tokens != null) {
            wait = Math.max(wait, tokens.reserve(estimatedPromptTokens + call.maxTokens(), now));
        }
        return Delays.delay(vertx, wait)
                .chain(limit::acquire)
                .chain(() -> client.send(call).onTermination().invoke(limit::release))
                .map(answer -> new Attempted(answer, n))
                .onFailure(BackendException.class).recoverWithUni(e -> retry(call, estimatedPromptTokens, started, n,
                        (BackendException) e));
    }

    private Uni<Attempted> retry(ModelCall call, int estimatedPromptTokens, long started, int n, BackendException e) {
        if (!e.retryable()) {
            return Uni.createFrom().failure(e);
        }
        InferenceConfig.Retry policy = config.retry();
        long backoff = e.retryAfter() != null ? e.retryAfter().toMillis() : jitteredBackoff(policy, n);
        backoff = Math.min(backoff, policy.maxBackoff().toMillis());
        long elapsed = (System.nanoTime() - started) / 1_000_000;
        if (elapsed + backoff > policy.maxTotal().toMillis()) {
            return Uni.createFrom().failure(new BackendException(e.getMessage() + " (gave up after " + n
                    + " attempt" + (n == 1 ? "" : "s") + " in " + elapsed + " ms)", false, null, e));
        }
        return Delays.delay(vertx, backoff).chain(() -> attempt(call, estimatedPromptTokens, started, n + 1));
    }

    /** Exponential backoff with "equal jitter": half fixed, half random, so retries of many items spread out. */
    static long jitteredBackoff(InferenceConfig.Retry policy, int attempt) {
        long base = policy.initialBackoff().toMillis() << Math.min(attempt - 1, 20);
        long capped = Math.min(base, policy.maxBackoff().toMillis());
        return capped / 2 + ThreadLocalRandom.current().nextLong(capped / 2 + 1);
    }

    private Double cost(String model, OpenAiClient.Answer answer) {
        InferenceConfig.Price price = config.prices().get(model);
        if (price == null || answer.promptTokens() == null || answer.completionTokens() == null) {
            return null;
        }
        return (answer.promptTokens() * price.promptPerMillion()
                + answer.completionTokens() * price.completionPerMillion()) / 1_000_000.0;
    }

    public String name() {
        return name;
    }

    public void close() {
        client.close();
    }

    static Duration elapsedSince(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }
}
