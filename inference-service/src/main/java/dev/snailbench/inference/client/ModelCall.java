package dev.snailbench.inference.client;

import dev.snailbench.llm.ChatRequest;

/**
 * Everything that determines a model's answer: the cache key is derived from exactly these fields but
 * {@code cacheAnswers}, which says whether the cache answers it at all (null: at temperature 0 only).
 */
public record ModelCall(
        String backend,
        String api,
        String model,
        String prompt,
        double temperature,
        int maxTokens,
        Long seed,
        Boolean cacheAnswers) {

    /** The request the backend's client sends (no system message: the prompt holds everything). */
    public ChatRequest request() {
        return new ChatRequest(api, model, null, prompt, temperature, maxTokens, seed);
    }
}
