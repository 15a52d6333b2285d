package dev.snailbench.workbench;

/** A request that cannot be accepted, with the JSON path of the offending field (answered as 400). */
public class InvalidRequestException extends RuntimeException {

    private final String field;

    public InvalidRequestException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
