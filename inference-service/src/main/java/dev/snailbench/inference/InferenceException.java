package dev.snailbench.inference;

/**
 * A failure of one item's inference whose message is meant for the user (it ends up in the job results). In the
 * service's root package: prompt building, schemas, SQL handling and the model client all throw it, and none of
 * them depends on the service layer.
 */
public class InferenceException extends RuntimeException {

    public InferenceException(String message) {
        super(message);
    }

    public InferenceException(String message, Throwable cause) {
        super(message, cause);
    }
}
