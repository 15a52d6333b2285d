package dev.snailbench.tenancy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.text.Spelling;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A request body Jackson could not read, answered by {@link ProblemMappers} the same way in every service: a 400
 * with the platform's error body naming the field. An unknown field is {@code {"status": 400, "error": "unknown field 'optoins' (did you mean
 * 'options'?)", "field": "optoins"}} (nested fields by their path, {@code questions[0].questoin}); the suggestion
 * is the known field closest in spelling, when one is close.
 */
public class JsonErrors {

    /** Longer field names are cut in the answer and get no suggestion (no field of the API is that long). */
    static final int MAX_NAME = 100;

    /** The 400 for a body Jackson could not read. */
    public static ApiError body(JsonProcessingException e) {
        String field = e instanceof JsonMappingException mapping ? path(mapping) : "";
        if (field.length() > MAX_NAME) {
            // A made-up name of a megabyte is not echoed back whole.
            field = field.substring(0, MAX_NAME) + "…";
        }
        if (e instanceof UnrecognizedPropertyException unknown) {
            return unknownField(field, unknown.getPropertyName(), unknown.getKnownPropertyIds());
        }
        if (field.isEmpty()) {
            return new ApiError(400, "malformed JSON: " + e.getOriginalMessage(), null);
        }
        // A record's constructor that refused a value (an unknown dialect) says best what is wrong.
        String why = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause().getMessage()
                : e.getOriginalMessage();
        return new ApiError(400, field + ": " + why, field);
    }

    /**
     * For a body a resource reads as a tree ({@code JsonNode}): a field of {@code node} not among {@code known} is
     * refused exactly like an unknown field of a typed body. {@code path} is the node's own path ("" at the top).
     */
    public static void onlyFields(JsonNode node, String path, String... known) {
        if (node == null || !node.isObject()) {
            return;
        }
        List<Object> names = List.of((Object[]) known);
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!names.contains(name)) {
                String field = path.isEmpty() ? name : path + "." + name;
                ApiError unknown = unknownField(field.length() > MAX_NAME ? field.substring(0, MAX_NAME) + "…"
                        : field, name, names);
                throw new InvalidInput(unknown.field(), unknown.error());
            }
        }
    }

    private static ApiError unknownField(String field, String name, Collection<Object> known) {
        String suggestion = closest(name, known);
        return new ApiError(400, "unknown field '" + field + "'"
                + (suggestion == null ? "" : " (did you mean '" + suggestion + "'?)"), field);
    }

    /** {@code questions[0].question}: the JSON path of the failing value. */
    static String path(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }

    /** The known name closest to {@code name} (case-insensitive edit distance ≤ 2, and under half its length). */
    static String closest(String name, Collection<Object> known) {
        if (name == null || known == null || name.length() > MAX_NAME) {
            return null;
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Object candidate : known) {
            String k = String.valueOf(candidate);
            int d = Spelling.distance(name.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
            if (d < bestDistance || d == bestDistance && best != null && k.compareTo(best) < 0) {
                best = k;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= 2 && bestDistance * 2 < Math.max(name.length(), 2) ? best : null;
    }
}
