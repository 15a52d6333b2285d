package dev.snailbench.model.serde;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.snailbench.model.event.Event;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The one JSON mapping of events, used by the Kafka serde and by tests that read topics directly. */
public final class EventJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            // Newer producers may add fields; old consumers ignore them (schemaVersion marks breaking changes).
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private EventJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static byte[] write(Object event) {
        try {
            return MAPPER.writeValueAsBytes(event);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads an event and refuses one written by a newer, incompatible producer.
     *
     * @throws IllegalArgumentException when the bytes are not a valid event of that type
     */
    public static <T extends Event> T read(byte[] json, Class<T> type) {
        T event;
        try {
            event = MAPPER.readValue(json, type);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a valid " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
        if (event.schemaVersion() > Event.SCHEMA_VERSION) {
            throw new IllegalArgumentException(type.getSimpleName() + " has schema version " + event.schemaVersion()
                    + ", this consumer understands up to " + Event.SCHEMA_VERSION);
        }
        if (event.eventId() == null) {
            throw new IllegalArgumentException(type.getSimpleName() + " has no eventId");
        }
        return event;
    }
}
