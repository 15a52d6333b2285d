package dev.snailbench.tenancy;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.text.Spelling;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A request body Jackson could not read, answered by {@link ProblemMappers} the same way in every service: a 400
 * with the platform's error body naming the field, in words about JSON, never about the service's Java types. An
 * unknown field is {@code {"status": 400, "error": "unknown field 'optoins' (did you mean 'options'?)", "field":
 * "optoins"}} (nested fields by their path, {@code questions[0].questoin}); every unknown field of the body is named
 * in the one answer ({@link UnknownFields}); the suggestion is the known field closest in spelling, when one is close.
 */
public class JsonErrors {

    /** Longer field names are cut in the answer and get no suggestion (no field of the API is that long). */
    static final int MAX_NAME = 100;
    /** Unknown fields named in one answer; more are counted. */
    static final int MAX_LISTED = 10;

    private static final Pattern GOT = Pattern.compile(
            "from (Array|Object|String|Integer|Floating-point|Boolean" + "|Null|Embedded Object) value");
    /** Where Jackson names the source and position inside its message: left out, the position is said in words. */
    private static final Pattern SOURCE = Pattern.compile("\\s*\\(?\\s*(?:start marker at )?\\[Source: [^]]*]\\)?");

    private static final Pattern JAVA_NAME = Pattern.compile("`[^`]*`");

    /** The 400 for a body Jackson could not read. */
    public static ApiError body(JsonProcessingException e) {
        if (e instanceof UnknownFields all) {
            return unknownFields(
                    all.fields().stream()
                            .map(f -> new UnknownFields.Field(cut(f.path()), f.name(), f.known()))
                            .toList(),
                    all.count());
        }
        String field = cut(e instanceof JsonMappingException mapping ? path(mapping) : "");
        if (e instanceof UnrecognizedPropertyException unknown) {
            return unknownFields(
                    List.of(new UnknownFields.Field(field, unknown.getPropertyName(), unknown.getKnownPropertyIds())),
                    1);
        }
        JsonProcessingException malformed = malformed(e);
        if (malformed != null) {
            return new ApiError(
                    400,
                    "malformed JSON" + at(malformed.getLocation()) + ": " + clean(malformed.getOriginalMessage()),
                    null);
        }
        if (field.isEmpty()) {
            return new ApiError(400, "body: " + why(e), "body");
        }
        return new ApiError(400, field + ": " + why(e), field);
    }

    /** The parse error in the exception or its causes (JSON that is not JSON), or null when the JSON was read. */
    private static JsonProcessingException malformed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof JsonProcessingException json && !(t instanceof JsonMappingException)) {
                return json;
            }
        }
        return null;
    }

    /** What is wrong with the value, in JSON's words. */
    private static String why(JsonProcessingException e) {
        if (e instanceof ValueInstantiationException
                && e.getCause() != null
                && e.getCause().getMessage() != null) {
            // A record's constructor that refused a value (an unknown dialect) says best what is wrong.
            return e.getCause().getMessage();
        }
        if (e instanceof InvalidFormatException format) {
            return "expected " + expected(format.getTargetType()) + ", got " + shown(format.getValue());
        }
        if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
            Matcher got = GOT.matcher(String.valueOf(e.getOriginalMessage()));
            return "expected " + expected(mismatched.getTargetType())
                    + (got.find() ? ", got " + got(got.group(1)) : "");
        }
        if (e.getCause() != null
                && e.getCause().getMessage() != null
                && !(e.getCause() instanceof JsonProcessingException)) {
            return clean(e.getCause().getMessage());
        }
        return clean(e.getOriginalMessage());
    }

    /** The kind of JSON value a Java type is read from. */
    static String expected(Class<?> type) {
        if (type == String.class || type == Character.class || type == char.class) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == Integer.class
                || type == int.class
                || type == Long.class
                || type == long.class
                || type == Short.class
                || type == short.class
                || type == BigInteger.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type)
                || type == double.class
                || type == float.class
                || type == BigDecimal.class) {
            return "a number";
        }
        if (type == UUID.class) {
            return "a UUID";
        }
        if (Temporal.class.isAssignableFrom(type)) {
            return "an ISO-8601 date and time";
        }
        if (type.isEnum()) {
            return "one of "
                    + Arrays.stream(type.getEnumConstants())
                            .map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT))
                            .toList();
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "an object";
    }

    private static String got(String jacksonKind) {
        return switch (jacksonKind) {
            case "Array" -> "a list";
            case "Object" -> "an object";
            case "String" -> "a string";
            case "Integer" -> "a whole number";
            case "Floating-point" -> "a number";
            case "Boolean" -> "true or false";
            case "Null" -> "null";
            default -> "another value";
        };
    }

    private static String shown(Object value) {
        String text = String.valueOf(value);
        return value instanceof String ? "\"" + (text.length() > 60 ? text.substring(0, 60) + "…" : text) + "\"" : text;
    }

    private static String at(JsonLocation location) {
        return location == null || location.getLineNr() < 1
                ? ""
                : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    /** Jackson's words without its source description or Java type names. */
    static String clean(String message) {
        if (message == null) {
            return "not readable";
        }
        String text = SOURCE.matcher(message).replaceAll("");
        text = JAVA_NAME.matcher(text).replaceAll("value");
        int newline = text.indexOf('\n');
        return (newline < 0 ? text : text.substring(0, newline)).strip();
    }

    private static String cut(String field) {
        // A made-up name of a megabyte is not echoed back whole.
        return field.length() > MAX_NAME ? field.substring(0, MAX_NAME) + "…" : field;
    }

    /**
     * For a body a resource reads as a tree ({@code JsonNode}): the fields of {@code node} not among {@code known} are
     * refused exactly like unknown fields of a typed body, all at once. {@code path} is the node's own path ("" at
     * the top).
     */
    public static void onlyFields(JsonNode node, String path, String... known) {
        if (node == null || !node.isObject()) {
            return;
        }
        List<Object> names = List.of((Object[]) known);
        List<UnknownFields.Field> unknown = new ArrayList<>();
        int count = 0;
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!names.contains(name)) {
                count++;
                if (unknown.size() < UnknownFields.MAX_KEPT) {
                    unknown.add(new UnknownFields.Field(cut(path.isEmpty() ? name : path + "." + name), name, names));
                }
            }
        }
        if (count > 0) {
            ApiError answer = unknownFields(unknown, count);
            throw new InvalidInput(answer.field(), answer.error());
        }
    }

    /** {@code unknown field 'a' (did you mean 'b'?)}, or {@code unknown fields 'a' (…), 'c'} naming the first. */
    private static ApiError unknownFields(List<UnknownFields.Field> fields, int count) {
        List<String> named = new ArrayList<>();
        for (UnknownFields.Field f : fields.subList(0, Math.min(MAX_LISTED, fields.size()))) {
            String suggestion = closest(f.name(), f.known());
            named.add("'" + f.path() + "'" + (suggestion == null ? "" : " (did you mean '" + suggestion + "'?)"));
        }
        String more = count > named.size() ? " and " + (count - named.size()) + " more" : "";
        return new ApiError(
                400,
                (count == 1 ? "unknown field " : "unknown fields ") + String.join(", ", named) + more,
                fields.get(0).path());
    }

    /** {@code questions[0].question}: the JSON path of the failing value. */
    static String path(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
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
