package dev.snailbench.model.target;

/**
 * A registration or inline database the executor will not connect to: {@code field} names what to fix
 * ({@code jdbcUrl}, {@code options.<name>}, ...), the message says why without saying whether anything listens there.
 */
public final class InvalidTarget extends RuntimeException {

    private final String field;

    public InvalidTarget(String field, String message) {
        super(message, null, false, false);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
