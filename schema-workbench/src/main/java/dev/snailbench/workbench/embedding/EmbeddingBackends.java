package dev.snailbench.workbench.embedding;

import dev.snailbench.model.problem.InvalidInput;

/**
 * The {@code embeddings} choices of the refiner and the synthetic sets: {@code minilm} (default, the built-in
 * sentence-embedding model), {@code lexical} (character 3-grams, spelling only) or {@code openai} (an
 * OpenAI-compatible endpoint, when one is configured).
 */
public final class EmbeddingBackends {

    public static final String MINILM = "minilm";
    public static final String LEXICAL = "lexical";
    public static final String OPENAI = "openai";

    private EmbeddingBackends() {}

    /**
     * The request's choice, {@link #MINILM} when absent.
     *
     * @param openaiProperty the property that configures the OpenAI-compatible endpoint, named in the 400
     * @throws InvalidInput naming {@code embeddings}: an unknown value, or openai without an endpoint
     */
    public static String parse(String value, boolean openaiConfigured, String openaiProperty) {
        String name = value == null ? MINILM : value;
        if (!name.equals(MINILM) && !name.equals(LEXICAL) && !name.equals(OPENAI)) {
            throw InvalidInput.of(
                    "embeddings",
                    "must be minilm (the built-in sentence-embedding model, "
                            + "default), lexical (character 3-grams) or openai");
        }
        if (name.equals(OPENAI) && !openaiConfigured) {
            throw InvalidInput.of(
                    "embeddings",
                    "no embeddings backend is configured on this platform (" + openaiProperty
                            + "); use minilm or lexical");
        }
        return name;
    }
}
