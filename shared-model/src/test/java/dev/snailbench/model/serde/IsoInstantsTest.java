package dev.snailbench.model.serde;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Events' instants are written and read exactly as the Java time module writes and reads them, whatever their form. */
class IsoInstantsTest {

    /** What events were read with before: the Java time module alone. */
    private static final ObjectMapper MODULE_ONLY = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    @Test
    void shouldReadEveryInstantAsWrittenExactlyAsTheJavaTimeModuleDoes() throws Exception {
        SplittableRandom random = new SplittableRandom(44);
        for (int i = 0; i < 20_000; i++) {
            // From year 0000 to 9999, the years written without a sign.
            Instant instant = randomInstant(random, -62_167_219_200L, 253_402_300_800L);
            String json = '"' + instant.toString() + '"';
            assertThat(EventJson.mapper().readValue(json, Instant.class))
                    .as(json)
                    .isEqualTo(MODULE_ONLY.readValue(json, Instant.class))
                    .isEqualTo(instant);
            assertThat(IsoInstantDeserializer.parse(instant.toString()))
                    .as("read without the general parser: %s", json)
                    .isEqualTo(instant);
        }
    }

    @Test
    void shouldWriteEveryInstantCharacterForCharacterAsTheJavaTimeModuleDoes() throws Exception {
        SplittableRandom random = new SplittableRandom(6);
        for (int i = 0; i < 20_000; i++) {
            // Beyond year 9999 and before year 0 too, where ISO writes a sign.
            Instant instant = randomInstant(random, -70_000_000_000L, 260_000_000_000L);
            assertThat(EventJson.mapper().writeValueAsString(instant))
                    .isEqualTo(MODULE_ONLY.writeValueAsString(instant));
        }
        for (Instant edge : new Instant[] {
            Instant.EPOCH,
            Instant.parse("0000-01-01T00:00:00Z"),
            Instant.parse("9999-12-31T23:59:59.999999999Z"),
            Instant.parse("-0001-12-31T23:59:59Z"),
            Instant.parse("+10000-01-01T00:00:00Z"),
            Instant.MIN,
            Instant.MAX
        }) {
            assertThat(EventJson.mapper().writeValueAsString(edge))
                    .as(edge.toString())
                    .isEqualTo(MODULE_ONLY.writeValueAsString(edge));
        }
        assertThat(EventJson.mapper()
                        .copy()
                        .enable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                        .writeValueAsString(Instant.ofEpochSecond(1_765_000_000L, 5)))
                .isEqualTo("1765000000.000000005");
    }

    @Test
    void shouldLeaveEveryOtherFormToTheJavaTimeModuleAndRefuseWhatItRefuses() throws Exception {
        for (String json : new String[] {
            "\"2026-12-06T02:46:34.5Z\"",
            "\"2026-12-06T02:46:34.12345Z\"",
            "\"2026-12-06T04:46:34+02:00\"",
            "\"2026-12-06T02:46:34.123+00:00\"",
            "1765000000",
            "1765000000.123456789",
            "\"+12026-01-01T00:00:00Z\"",
            "\"2016-12-31T23:59:60Z\"",
            "\"2026-12-06T24:00:00Z\"",
            "\"2026-02-30T00:00:00Z\"",
            "\"2026-13-01T00:00:00Z\"",
            "\"2026-12-06T02:46:34.Z\"",
            "\"2026-12-06 02:46:34Z\"",
            "\"2026-12-06T02:46:34z\"",
            "\"yesterday\"",
            "\"2026-12-06T02:46:34.1234567890Z\"",
            "\"\"",
            "null"
        }) {
            assertThat(outcome(EventJson.mapper(), json)).as(json).isEqualTo(outcome(MODULE_ONLY, json));
        }
        assertThat(IsoInstantDeserializer.parse("2026-12-06T04:46:34+02:00")).isNull();
        assertThat(IsoInstantDeserializer.parse("2016-12-31T23:59:60Z"))
                .as("a leap second")
                .isNull();
    }

    /**
     * Whole seconds, then milli-, micro-, deci- and nanosecond fractions in turn (ISO writes the fraction in groups of
     * three digits: none, 3, 6 or 9).
     */
    private static Instant randomInstant(SplittableRandom random, long fromSecond, long toSecond) {
        int nanos = switch (random.nextInt(5)) {
            case 0 -> 0;
            case 1 -> random.nextInt(1000) * 1_000_000;
            case 2 -> random.nextInt(1_000_000) * 1000;
            case 3 -> random.nextInt(10) * 100_000_000;
            default -> random.nextInt(1_000_000_000);
        };
        return Instant.ofEpochSecond(random.nextLong(fromSecond, toSecond), nanos);
    }

    /** The instant read, or the kind of error. */
    private static Object outcome(ObjectMapper mapper, String json) {
        try {
            return String.valueOf(mapper.readValue(json, Instant.class));
        } catch (Exception e) {
            return e.getClass();
        }
    }
}
