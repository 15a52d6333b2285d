package dev.snailbench.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each field of a spec file is, as an editor shows it: the line and column of a field's name (of an element,
 * for a list's), by its JSON path ({@code questions[3].goldSql}), in a JSON or a YAML file alike. A field the file
 * lacks is placed at the object that should hold it.
 */
final class SpecLocations {

    private static final SpecLocations NONE = new SpecLocations(Map.of());

    private final Map<String, JsonLocation> byPath;

    private SpecLocations(Map<String, JsonLocation> byPath) {
        this.byPath = byPath;
    }

    /** The fields of {@code text} read with {@code factory}'s parser; none when the text cannot be read. */
    static SpecLocations of(String text, JsonFactory factory) {
        Map<String, JsonLocation> found = new HashMap<>();
        try (JsonParser parser = factory.createParser(text)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token != JsonToken.END_OBJECT && token != JsonToken.END_ARRAY) {
                    found.putIfAbsent(path(parser.getParsingContext()), parser.currentTokenLocation());
                }
            }
        } catch (IOException e) {
            return NONE;
        }
        return new SpecLocations(found);
    }

    /**
     * {@code line 4, column 7} for the field at {@code path} (or the nearest object or list holding it); null for the
     * whole document or a path the file does not reach.
     */
    String at(String path) {
        String p = path == null ? "" : path;
        while (!p.isEmpty()) {
            JsonLocation location = byPath.get(p);
            if (location != null && location.getLineNr() > 0) {
                return "line " + location.getLineNr() + ", column " + location.getColumnNr();
            }
            p = parent(p);
        }
        return null;
    }

    /** {@code field} followed by where it is, when that is known: {@code questions[0].goldSql at line 4, column 7}. */
    String named(String field) {
        String at = at(field);
        return at == null ? field : field + " at " + at;
    }

    private static String parent(String path) {
        int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
        return cut < 0 ? "" : path.substring(0, cut);
    }

    private static String path(JsonStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                if (c.hasCurrentIndex()) {
                    // An element; the list itself (its opening bracket, no element read yet) is its field's.
                    parts.push("[" + c.getCurrentIndex() + "]");
                }
            } else if (c.getCurrentName() != null) {
                parts.push("." + c.getCurrentName());
            }
        }
        String joined = String.join("", parts);
        return joined.startsWith(".") ? joined.substring(1) : joined;
    }
}
