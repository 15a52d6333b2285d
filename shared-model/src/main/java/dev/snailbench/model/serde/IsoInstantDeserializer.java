package dev.snailbench.model.serde;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Reads the instants events carry in the one form they are written in ({@link Instant#toString()}: UTC, {@code Z},
 * 0 to 9 fraction digits) with a few comparisons instead of {@code DateTimeFormatter}'s general parser, which costs
 * a hundredth of the four hops' CPU under a job (every work item has one; a perf profile of PipelineBenchmark's warm
 * job). Any other form (an offset, a number, a leap second, an invalid date) is read, or refused, by the Java time
 * module's own deserializer.
 */
final class IsoInstantDeserializer extends StdScalarDeserializer<Instant> {

    IsoInstantDeserializer() {
        super(Instant.class);
    }

    @Override
    public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.hasToken(JsonToken.VALUE_STRING)) {
            Instant instant = parse(p.getText());
            if (instant != null) {
                return instant;
            }
        }
        return InstantDeserializer.INSTANT.deserialize(p, ctxt);
    }

    /** {@code yyyy-MM-ddTHH:mm:ss[.f…]Z} with 1 to 9 fraction digits, or null for anything else. */
    static Instant parse(String s) {
        int n = s.length();
        if (n < 20
                || n == 21
                || n > 30
                || s.charAt(n - 1) != 'Z'
                || s.charAt(4) != '-'
                || s.charAt(7) != '-'
                || s.charAt(10) != 'T'
                || s.charAt(13) != ':'
                || s.charAt(16) != ':'
                || (n > 20 && s.charAt(19) != '.')) {
            return null;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 7);
        int day = digits(s, 8, 10);
        int hour = digits(s, 11, 13);
        int minute = digits(s, 14, 16);
        int second = digits(s, 17, 19);
        int fraction = n > 20 ? digits(s, 20, n - 1) : 0;
        if ((year | month | day | hour | minute | second | fraction) < 0 || hour > 23 || minute > 59 || second > 59) {
            return null;
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return null;
        }
        for (int digits = n - 21; n > 20 && digits < 9; digits++) {
            fraction *= 10;
        }
        return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3_600L + minute * 60L + second, fraction);
    }

    /** The decimal number in {@code s[from, to)}, or -1 when a character is not a digit. */
    private static int digits(String s, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
