package dev.snailbench.model.problem;

/** Bad input (400): the message says what is wrong, {@code field} which field to fix. */
public final class InvalidInput extends Problem {

    /** {@code error}: the whole message; {@code field}: the field to fix (null when no single field is at fault). */
    public InvalidInput(String field, String error) {
        super(error, field, null);
    }

    /** {@code questions[0].sql: must not be blank}: the field, then what is wrong with it. */
    public static InvalidInput of(String field, String problem) {
        return new InvalidInput(field, field + ": " + problem);
    }
}
