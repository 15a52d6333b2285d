package dev.snailbench.inference.client;

/** Everything that determines a model's answer: the cache key is derived from exactly these fields. */
public record ModelCall(String backend, String api, String model, String prompt, double temperature, int maxTokens,
        Long seed) {
}
