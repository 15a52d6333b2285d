package dev.snailbench.workbench.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/**
 * A stored summary (of a test suite, of a synthetic set) as the JSON text column holds it. The summary is the
 * platform's own map, so a value that cannot be written or read back is a bug, not a bad request.
 */
public final class SummaryJson {

    private SummaryJson() {}

    public static String write(ObjectMapper mapper, Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> read(ObjectMapper mapper, String json) {
        try {
            return mapper.readValue(json, Map.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
