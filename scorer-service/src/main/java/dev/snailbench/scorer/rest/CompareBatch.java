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
import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.scorer.service.compare.Comparison;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import dev.snailbench.model.problem.Problem;
import dev.snailbench.tenancy.ProblemMappers;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.logging.Logger;

/**
 * One {@code POST /compare/batch} stream: reads a line, compares its pair, writes its answer, and so on; answers
 * are buffered and flushed whenever the reader is about to wait for more input, so a client sending slowly gets
 * each answer as soon as it can be given. A bad line is answered in place with the platform's error body plus its
 * line number; nothing is skipped without an answer.
 */
final class CompareBatch implements StreamingOutput {

    private static final Logger LOG = Logger.getLogger(CompareBatch.class);
    private static final String[] FIELDS = withId(CompareRequest.FIELDS);

    @Schema(name = "CompareBatchResult", description = "the comparison of the pair on request line `line`")
    record ResultLine(long line, @Schema(type = SchemaType.STRING, nullable = true,
            description = "the line's id as sent (a string or an integer), null without one") Object id,
            @Schema(enumeration = "200") int status, Comparison result) {
    }

    @Schema(name = "CompareBatchError", description = "why the pair on request line `line` was not compared: the "
            + "platform's error body with the line's number")
    record ErrorLine(long line, @Schema(type = SchemaType.STRING, nullable = true,
            description = "the line's id as sent, null without one or when the line could not be read") Object id,
            @Schema(minimum = "400", maximum = "599") int status, String error,
            @Schema(nullable = true) String field) {
    }

    private final ResultComparisons comparisons;
    private final ObjectReader reader;
    private final ObjectWriter results;
    private final ObjectWriter errors;
    private final int maxRows;
    private final long maxLine;
    private final long deadline;
    private final String timeout;
    private final NdjsonLines lines;
    private OutputStream out;
    private NdjsonLines.Line first;

    CompareBatch(InputStream in, ResultComparisons comparisons, ObjectMapper json, ScorerConfig config,
            long deadline) {
        this.comparisons = comparisons;
        // Lines go into one buffered stream: neither closed nor flushed by each value written.
        this.results = json.writerFor(ResultLine.class).without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
        this.errors = json.writerFor(ErrorLine.class).without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
        this.reader = json.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.maxRows = config.maxRowsPerResult();
        this.maxLine = config.batchMaxLineSize().asLongValue();
        this.deadline = deadline;
        this.timeout = config.batchTimeout().toString();
        this.lines = new NdjsonLines(in, (int) Math.min(Integer.MAX_VALUE - 16, maxLine), this::flush);
    }

    /** Reads the first line (before the response is committed, so that an empty body can still be a 400). */
    boolean hasLine() throws IOException {
        first = lines.next();
        return first != null;
    }

    @Override
    public void write(OutputStream output) throws IOException {
        out = new BufferedOutputStream(output, 64 * 1024);
        NdjsonLines.Line line = first;
        try {
            while (line != null) {
                if (System.nanoTime() > deadline) {
                    error(line.number(), null, 503, "the batch ran longer than " + timeout + " (snailbench.scorer"
                            + ".batch-timeout): line " + line.number() + " and the lines after it were not compared;"
                            + " send them again in another request", null);
                    break;
                }
                answer(line);
                line = lines.next();
            }
        } catch (IOException e) {
            // The request stream broke (the client went away, or the server-wide body limit): say so if it can
            // still be read; the lines answered so far stand.
            LOG.debugf("compare batch stopped: %s", e.toString());
            long next = line == null ? 0 : line.number() + 1;
            try {
                error(next, null, 400, "the request stream ended with an error after line " + (next - 1) + ": "
                        + e.getMessage(), "body");
            } catch (IOException ignored) {
                // The connection is gone: nobody is left to tell.
            }
        }
        out.flush();
    }

    private void answer(NdjsonLines.Line line) throws IOException {
        long number = line.number();
        if (line.tooLong()) {
            error(number, null, 413, "line " + number + " has more than " + maxLine + " bytes (snailbench.scorer"
                    + ".batch-max-line-size): send this pair alone to POST /compare", "line");
            return;
        }
        if (blank(line)) {
            error(number, null, 400, "line " + number + " is empty: send one pair (a JSON object) per line", "line");
            return;
        }
        CompareRequest.Body body;
        try (JsonParser tokens = reader.createParser(line.bytes(), line.offset(), line.length())) {
            body = CompareRequest.read(tokens);
            if (tokens.nextToken() != null) {
                // More after the pair: the reader names what, as for any other line that is not one JSON value.
                reader.readTree(line.bytes(), line.offset(), line.length());
            }
        } catch (JsonProcessingException e) {
            error(number, null, 400, "line " + number + " is not JSON: " + e.getOriginalMessage(), "line");
            return;
        }
        JsonNode id = body.id();
        if (id != null && !id.isNull() && !id.isTextual() && !id.isIntegralNumber()) {
            error(number, null, 400, "id must be a string or an integer", "id");
            return;
        }
        try {
            CompareRequest pair = body.request(maxRows, FIELDS);
            Comparison result = comparisons.compare(pair.gold(), pair.predicted(), pair.options());
            results.writeValue(out, new ResultLine(number, id, 200, result));
            out.write('\n');
        } catch (Problem e) {
            error(number, id, ProblemMappers.statusOf(e), e.getMessage(), e.field());
        } catch (RuntimeException e) {
            LOG.warnf(e, "compare batch: line %d could not be compared", number);
            error(number, id, 500, "line " + number + " could not be compared: " + e, null);
        }
    }

    private void error(long line, JsonNode id, int status, String error, String field) throws IOException {
        errors.writeValue(out, new ErrorLine(line, id, status, error, field));
        out.write('\n');
    }

    private void flush() throws IOException {
        if (out != null) {
            out.flush();
        }
    }

    private static boolean blank(NdjsonLines.Line line) {
        for (int i = line.offset(); i < line.offset() + line.length(); i++) {
            byte b = line.bytes()[i];
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
