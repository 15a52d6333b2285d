package dev.snailbench.workbench.rest;

/** The schema a view layer is created in, as a request names it: a plain identifier PostgreSQL accepts unquoted. */
final class ViewSchemaNames {

    /** The constraint on such a field ({@code @Pattern}, with {@code @NotNull} when it is required). */
    static final String PLAIN = "[A-Za-z_][A-Za-z0-9_]{0,62}";
    /** The constraint on a field with a default: blank takes the default. */
    static final String PLAIN_OR_BLANK = "\\s*|" + PLAIN;

    static final String NOT_PLAIN = "must be a plain identifier (letters, digits, underscore; at most 63)";

    private ViewSchemaNames() {}

    /** {@code value} (valid by its field's constraint), or {@code fallback} when it is absent or blank. */
    static String orDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }
}
