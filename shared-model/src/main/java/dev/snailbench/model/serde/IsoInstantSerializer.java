package dev.snailbench.model.serde;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;
import com.fasterxml.jackson.datatype.jsr310.ser.InstantSerializer;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Writes an event's instants as the Java time module does ({@code DateTimeFormatter.ISO_INSTANT}: UTC, {@code Z}, the
 * fraction in groups of three digits, none when whole), character for character, without the formatter's general
 * machinery, which costs a tenth of what writing the executor's results costs (a perf profile of PipelineBenchmark's
 * warm job). Years outside 0000-9999, which ISO writes with a sign, are left to {@link Instant#toString()}, and a
 * mapper that writes dates as numbers to the module's own serializer.
 */
final class IsoInstantSerializer extends StdScalarSerializer<Instant> {

    private static final long FIRST = LocalDate.of(0, 1, 1).toEpochDay() * 86_400;
    private static final long AFTER_LAST = LocalDate.of(10_000, 1, 1).toEpochDay() * 86_400;

    IsoInstantSerializer() {
        super(Instant.class);
    }

    @Override
    public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        long seconds = value.getEpochSecond();
        if (provider.isEnabled(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)) {
            InstantSerializer.INSTANCE.serialize(value, gen, provider);
            return;
        }
        if (seconds < FIRST || seconds >= AFTER_LAST) {
            gen.writeString(value.toString());
            return;
        }
        char[] text = new char[30];
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(seconds, 86_400));
        int secondOfDay = (int) Math.floorMod(seconds, 86_400);
        put(text, 0, date.getYear(), 4);
        text[4] = '-';
        put(text, 5, date.getMonthValue(), 2);
        text[7] = '-';
        put(text, 8, date.getDayOfMonth(), 2);
        text[10] = 'T';
        put(text, 11, secondOfDay / 3_600, 2);
        text[13] = ':';
        put(text, 14, secondOfDay / 60 % 60, 2);
        text[16] = ':';
        put(text, 17, secondOfDay % 60, 2);
        int length = 19;
        int nanos = value.getNano();
        if (nanos != 0) {
            text[length++] = '.';
            int digits = nanos % 1_000_000 == 0 ? 3 : nanos % 1_000 == 0 ? 6 : 9;
            put(text, length, nanos / POWERS[9 - digits], digits);
            length += digits;
        }
        text[length++] = 'Z';
        gen.writeString(text, 0, length);
    }

    private static final int[] POWERS = {
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000
    };

    /** {@code value} in {@code digits} decimal digits, zero-padded, at {@code at}. */
    private static void put(char[] text, int at, int value, int digits) {
        for (int i = at + digits - 1; i >= at; i--) {
            text[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
