package dev.snailbench.model.domain;

/**
 * The model a work item asks. {@code backend} names how: {@code replay} returns the job's recorded prediction;
 * any other value names a backend configured in the inference service (base URL and API key stay there, never
 * in events). {@code model}, {@code temperature}, {@code maxTokens} and {@code seed} override the backend's
 * defaults when set. {@code cacheAnswers}: whether an answer the model gave the tenant before to the same call is
 * replayed instead of asking again; null replays only at temperature 0, where a model's answer is meant to be the
 * same (a sampled answer is one draw: replaying it would make every run of the job the same draw).
 */
public record ModelRef(
        String label,
        String backend,
        String model,
        Double temperature,
        Integer maxTokens,
        Long seed,
        Boolean cacheAnswers) {

    public static final String REPLAY = "replay";

    /** A model whose answers are replayed at temperature 0 only. */
    public ModelRef(String label, String backend, String model, Double temperature, Integer maxTokens, Long seed) {
        this(label, backend, model, temperature, maxTokens, seed, null);
    }

    public static ModelRef replay(String label) {
        return new ModelRef(label, REPLAY, null, null, null, null);
    }

    public boolean isReplay() {
        return REPLAY.equals(backend);
    }
}
