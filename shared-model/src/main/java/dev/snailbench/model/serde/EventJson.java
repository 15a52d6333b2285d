package dev.snailbench.model.serde;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.snailbench.model.domain.JobContext;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.WorkItemEvent;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** The one JSON mapping of events, used by the Kafka serde and by tests that read topics directly. */
public final class EventJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            // Registered after the Java time module, so that these write and read instants (the same text).
            .registerModule(new SimpleModule("snailbench-instants")
                    .addSerializer(Instant.class, new IsoInstantSerializer())
                    .addDeserializer(Instant.class, new IsoInstantDeserializer()))
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            // Newer producers may add fields; old consumers ignore them (schemaVersion marks breaking changes).
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * Writes a work item's event as an item of a record that carries the job's fields ({@link JobContext}): its
     * {@link WorkItem} without them, and without any field that is null (read back as null all the same).
     */
    private static final ObjectMapper IN_RECORD = MAPPER.copy()
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .addMixIn(WorkItem.class, WithoutJobFields.class)
            .addMixIn(ModelRef.class, WithoutDerivedFields.class);

    @JsonIgnoreProperties({"database", "dialect", "promptOptions", "schemaId", "jobName", "evaluation", "jobItems"})
    private interface WithoutJobFields {}

    /** {@code isReplay()} is read from the backend: written, it is ignored when read. */
    @JsonIgnoreProperties("replay")
    private interface WithoutDerivedFields {}

    private EventJson() {}

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
     * A work item's event as an item of a record of several (see {@code EventRecords}): valid only inside a record
     * whose {@code job} is the item's {@link WorkItem#context()}, which gives the item back its job's fields when read.
     */
    public static byte[] writeInRecord(WorkItemEvent event) {
        try {
            return IN_RECORD.writeValueAsBytes(event);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The value's JSON, gzip-compressed at the fastest level as it is written: no uncompressed copy of the JSON
     * exists. For the largest payloads, whose copies in a consumer (the fetched record, the deserializer's array) are
     * each that large: a 10,000-question replay job, 6.3 MB of JSON, becomes 1.2 MB in about 30 ms.
     * {@link #read} reads it back like plain JSON.
     */
    public static byte[] writeGzip(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * 1024);
        try (GZIPOutputStream gzip = new FastGzip(bytes)) {
            MAPPER.writeValue(gzip, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Whether the bytes start with gzip's magic number: JSON cannot (its first byte is not a control character). */
    public static boolean isGzip(byte[] bytes) {
        return bytes.length >= 2 && bytes[0] == (byte) 0x1f && bytes[1] == (byte) 0x8b;
    }

    /** The JSON of {@link #writeGzip}, read as a stream (nothing the size of the uncompressed JSON is allocated). */
    public static <T> T readGzip(byte[] gzipped, Class<T> type) throws IOException {
        return MAPPER.readValue(new GZIPInputStream(new ByteArrayInputStream(gzipped), 64 * 1024), type);
    }

    private static final class FastGzip extends GZIPOutputStream {

        FastGzip(ByteArrayOutputStream out) throws IOException {
            super(out, 64 * 1024);
            def.setLevel(Deflater.BEST_SPEED);
        }
    }

    /**
     * Reads an event, as JSON or as {@link #writeGzip} wrote it, and refuses one written by a newer, incompatible
     * producer.
     *
     * @throws IllegalArgumentException when the bytes are not a valid event of that type
     */
    public static <T extends Event> T read(byte[] json, Class<T> type) {
        T event;
        try {
            event = isGzip(json) ? readGzip(json, type) : MAPPER.readValue(json, type);
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
