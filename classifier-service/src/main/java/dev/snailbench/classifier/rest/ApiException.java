package dev.snailbench.classifier.rest;

/** A client error with the HTTP status and a message that names the offending field or index. */
public class ApiException extends RuntimeException {

    private final int status;

    public ApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    public static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    public int status() {
        return status;
    }
}
