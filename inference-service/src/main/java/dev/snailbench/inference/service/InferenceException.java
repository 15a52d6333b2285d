package dev.snailbench.inference.service;

/** A failure of one item's inference whose message is meant for the user (it ends up in the job results). */
public class InferenceException extends RuntimeException {

    public InferenceException(String message) {
        super(message);
    }

    public InferenceException(String message, Throwable cause) {
        super(message, cause);
    }
}
