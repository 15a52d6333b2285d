package dev.snailbench.model.domain;

/**
 * The model a work item asks. {@code backend} selects how: {@code replay} returns the job's recorded
 * prediction; other backends are configured in the inference service.
 */
public record ModelRef(String label, String backend) {

    public static final String REPLAY = "replay";

    public static ModelRef replay(String label) {
        return new ModelRef(label, REPLAY);
    }
}
