package dev.snailbench.model.domain;

/**
 * The model a work item asks. {@code backend} names how: {@code replay} returns the job's recorded prediction;
 * any other value names a backend configured in the inference service (base URL and API key stay there, never
 * in events). {@code model}, {@code temperature}, {@code maxTokens} and {@code seed} override the backend's
 * defaults when set.
 */
public record ModelRef(String label, String backend, String model, Double temperature, Integer maxTokens,
        Long seed) {

    public static final String REPLAY = "replay";

    public static ModelRef replay(String label) {
        return new ModelRef(label, REPLAY, null, null, null, null);
    }

    public boolean isReplay() {
        return REPLAY.equals(backend);
    }
}
