package dev.snailbench.workbench.rest;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.InvalidInput;
import java.util.regex.Pattern;

/** The schema a view layer is created in, as a request names it: a plain identifier PostgreSQL accepts unquoted. */
final class ViewSchemaNames {

    private static final Pattern SCHEMA_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

    private ViewSchemaNames() {
    }

    /** {@code value}, or {@code fallback} when it is blank; a 400 naming {@code field} when neither will do. */
    static String of(String value, String field, String fallback) {
        if (value == null || value.isBlank()) {
            if (fallback == null) {
                throw InvalidInput.of(field, "is required");
            }
            return fallback;
        }
        if (!SCHEMA_NAME.matcher(value).matches()) {
            throw InvalidInput.of(field, "must be a plain identifier (letters, digits, underscore)");
        }
        return value;
    }
}
