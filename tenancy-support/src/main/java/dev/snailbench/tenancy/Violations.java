package dev.snailbench.tenancy;

import dev.snailbench.model.request.RequestPaths;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Bean Validation's refusals of a request as the platform's 400: each violation as {@code field: message}, the field
 * being the JSON path of the value ({@code questions[3].goldSql}, {@code counts.join}); all of them in one answer
 * (the first {@link #MAX_LISTED}, in the order of their paths), {@code field} naming the first.
 */
public final class Violations {

    /** Violations named in one answer; more are counted. */
    static final int MAX_LISTED = 10;

    private Violations() {}

    /** The answer: 400, or 500 when a method's return value broke its own constraint (a bug of the service). */
    public static ApiError body(Collection<? extends ConstraintViolation<?>> violations) {
        List<String[]> named = new ArrayList<>();
        boolean returned = false;
        for (ConstraintViolation<?> v : violations) {
            returned |= isReturnValue(v.getPropertyPath());
            named.add(new String[] {jsonPath(v.getPropertyPath()), v.getMessage()});
        }
        if (returned) {
            return new ApiError(500, "the service produced an invalid answer", null);
        }
        if (named.isEmpty()) {
            return new ApiError(400, "the request is not valid", null);
        }
        named.sort(Comparator.<String[], String>comparing(n -> RequestPaths.sortable(n[0]))
                .thenComparing(n -> n[1]));
        List<String> shown = named.subList(0, Math.min(MAX_LISTED, named.size())).stream()
                .map(n -> n[0].isEmpty() ? n[1] : n[0] + ": " + n[1])
                .toList();
        String more = named.size() > shown.size() ? "; and " + (named.size() - shown.size()) + " more" : "";
        String field = named.get(0)[0];
        return new ApiError(400, String.join("; ", shown) + more, field.isEmpty() ? "body" : field);
    }

    /** {@code questions[3].goldSql}: the JSON path of the value (shared-model {@link RequestPaths}). */
    public static String jsonPath(Path path) {
        return RequestPaths.of(path);
    }

    private static boolean isReturnValue(Path path) {
        for (Path.Node node : path) {
            if (node.getKind() == ElementKind.RETURN_VALUE) {
                return true;
            }
        }
        return false;
    }
}
