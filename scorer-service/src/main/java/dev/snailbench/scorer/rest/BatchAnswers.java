package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.snailbench.model.problem.Problem;
import dev.snailbench.scorer.service.compare.Comparison;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import dev.snailbench.tenancy.ProblemMappers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.logging.Logger;

/**
 * The answers to lines of {@code POST /compare/batch}: each line's pair compared, or the error that kept it from
 * being compared, as one NDJSON line. A bad line is answered in place with the platform's error body plus its line
 * number; nothing is skipped without an answer. Thread-safe: the compare threads share one instance per stream.
 */
final class BatchAnswers {

    private static final Logger LOG = Logger.getLogger(BatchAnswers.class);
    private static final String[] FIELDS = withId(CompareRequest.FIELDS);

    /** A request line as read: its 1-based number and a copy of its bytes (none when it was too long). */
    record Line(long number, byte[] bytes, boolean tooLong) {

        static Line copyOf(NdjsonLines.Line line) {
            return new Line(
                    line.number(),
                    line.tooLong()
                            ? null
                            : Arrays.copyOfRange(line.bytes(), line.offset(), line.offset() + line.length()),
                    line.tooLong());
        }
    }

    @Schema(name = "CompareBatchResult", description = "the comparison of the pair on request line `line`")
    record ResultLine(
            long line,

            @Schema(
                    type = SchemaType.STRING,
                    nullable = true,
                    description = "the line's id as sent (a string or an integer), null without one")
            Object id,

            @Schema(enumeration = "200") int status,
            Comparison result) {}

    @Schema(
            name = "CompareBatchError",
            description = "why the pair on request line `line` was not compared: the "
                    + "platform's error body with the line's number")
    record ErrorLine(
            long line,

            @Schema(
                    type = SchemaType.STRING,
                    nullable = true,
                    description = "the line's id as sent, null without one or when the line could not be read")
            Object id,

            @Schema(minimum = "400", maximum = "599") int status,
            String error,
            @Schema(nullable = true) String field) {}

    private final ResultComparisons comparisons;
    private final ObjectReader reader;
    private final ObjectWriter results;
    private final ObjectWriter errors;
    private final int maxRows;
    private final long maxLine;

    BatchAnswers(ResultComparisons comparisons, ObjectMapper json, int maxRows, long maxLine) {
        this.comparisons = comparisons;
        // Lines go into one buffer: neither closed nor flushed by each value written.
        this.results = json.writerFor(ResultLine.class)
                .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
        this.errors = json.writerFor(ErrorLine.class)
                .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
        this.reader = json.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.maxRows = maxRows;
        this.maxLine = maxLine;
    }

    /** The answers to {@code lines}, one NDJSON line each, in their order. */
    byte[] answer(List<Line> lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(lines.size() * 512);
        try {
            for (Line line : lines) {
                answer(line, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return out.toByteArray();
    }

    /** One error line. */
    byte[] error(long line, int status, String error, String field) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try {
            error(out, line, null, status, error, field);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return out.toByteArray();
    }

    private void answer(Line line, ByteArrayOutputStream out) throws IOException {
        long number = line.number();
        if (line.tooLong()) {
            error(
                    out,
                    number,
                    null,
                    413,
                    "line " + number + " has more than " + maxLine + " bytes (snailbench"
                            + ".scorer.batch-max-line-size): send this pair alone to POST /compare",
                    "line");
            return;
        }
        if (blank(line.bytes())) {
            error(
                    out,
                    number,
                    null,
                    400,
                    "line " + number + " is empty: send one pair (a JSON object) per line",
                    "line");
            return;
        }
        CompareRequest.Body body;
        try (JsonParser tokens = reader.createParser(line.bytes())) {
            body = CompareRequest.read(tokens);
            if (tokens.nextToken() != null) {
                // More after the pair: the reader names what, as for any other line that is not one JSON value.
                reader.readTree(line.bytes());
            }
        } catch (JsonProcessingException e) {
            error(out, number, null, 400, "line " + number + " is not JSON: " + e.getOriginalMessage(), "line");
            return;
        }
        JsonNode id = body.id();
        if (id != null && !id.isNull() && !id.isTextual() && !id.isIntegralNumber()) {
            error(out, number, null, 400, "id must be a string or an integer", "id");
            return;
        }
        try {
            CompareRequest pair = body.request(maxRows, FIELDS);
            Comparison result = comparisons.compare(pair.gold(), pair.predicted(), pair.options());
            results.writeValue(out, new ResultLine(number, id, 200, result));
            out.write('\n');
        } catch (Problem e) {
            error(out, number, id, ProblemMappers.statusOf(e), e.getMessage(), e.field());
        } catch (RuntimeException e) {
            LOG.warnf(e, "compare batch: line %d could not be compared", number);
            error(out, number, id, 500, "line " + number + " could not be compared: " + e, null);
        }
    }

    private void error(ByteArrayOutputStream out, long line, JsonNode id, int status, String error, String field)
            throws IOException {
        errors.writeValue(out, new ErrorLine(line, id, status, error, field));
        out.write('\n');
    }

    private static boolean blank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    private static String[] withId(String[] fields) {
        String[] all = Arrays.copyOf(fields, fields.length + 1);
        all[fields.length] = "id";
        return all;
    }
}
