package dev.snailbench.llm;

/**
 * One model answer (and the API's raw JSON response): the text, the tokens the API reported (null when it reported
 * none), the cost estimate (null when the model has no price entry), the wall time including retries, the attempts
 * it took and whether it came from the cache.
 */
public record Completion(
        String text,
        Integer promptTokens,
        Integer completionTokens,
        Double costUsd,
        long latencyMillis,
        int attempts,
        boolean cached,
        String rawResponse) {}
