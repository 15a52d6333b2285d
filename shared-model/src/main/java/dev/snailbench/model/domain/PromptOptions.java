package dev.snailbench.model.domain;

/**
 * How a prompt is built (each option off by default, as in the SNAILS zero-shot prompt).
 *
 * @param includeKeys      primary and foreign keys in the schema text
 * @param sampleValues     k sample values per column (0 = none)
 * @param shots            k examples from a training set (0 = zero-shot)
 * @param shotSelection    {@code random} (seeded) or {@code similar}
 * @param shotSeed         seed of random shot selection
 * @param maxPromptTokens  token budget of the prompt; larger schemas are subset (0 = no budget)
 */
public record PromptOptions(
        boolean includeKeys, int sampleValues, int shots, String shotSelection, long shotSeed, int maxPromptTokens) {

    public static final PromptOptions ZERO_SHOT = new PromptOptions(false, 0, 0, "random", 0, 0);
}
