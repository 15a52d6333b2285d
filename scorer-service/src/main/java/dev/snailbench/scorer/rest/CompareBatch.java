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
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.logging.Logger;

/**
 * One {@code POST /compare/batch} stream. The request thread reads the lines and writes the answers, in the order
 * of the lines; each line is read as JSON and compared on a worker, up to {@code batch-lines-in-flight} lines at
 * once (reading 91 KB of JSON is most of a 1,000-row pair's cost: one thread for all of them left the other cores
 * idle). Whenever the reader is about to wait for more input, every line read so far is answered and the answers
 * flushed, so a client sending slowly gets each answer as soon as it can be given. A bad line is answered in place
 * with the platform's error body plus its line number; nothing is skipped without an answer.
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
    private final InputStream in;
    private final NdjsonLines lines;
    private final Executor workers;
    private final int inFlight;
    /** The answers of the lines read and not written yet, in the order of the lines. */
    private final ArrayDeque<CompletableFuture<byte[]>> pending = new ArrayDeque<>();
    private OutputStream out;
    private NdjsonLines.Line first;

    CompareBatch(InputStream in, ResultComparisons comparisons, ObjectMapper json, ScorerConfig config,
            Executor workers, long deadline) {
        this.comparisons = comparisons;
        this.in = in;
        this.workers = workers;
        this.inFlight = config.batchLinesInFlight() > 0 ? config.batchLinesInFlight()
                : Runtime.getRuntime().availableProcessors();
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
        this.lines = new NdjsonLines(in, (int) Math.min(Integer.MAX_VALUE - 16, maxLine), this::beforeRead);
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
                    writeAll();
                    out.write(error(line.number(), null, 503, "the batch ran longer than " + timeout
                            + " (snailbench.scorer.batch-timeout): line " + line.number() + " and the lines after it"
                            + " were not compared; send them again in another request", null));
                    break;
                }
                submit(line);
                line = lines.next();
            }
            writeAll();
        } catch (IOException e) {
            // The request stream broke (the client went away, or the server-wide body limit): say so if it can
            // still be read; the lines answered so far stand.
            LOG.debugf("compare batch stopped: %s", e.toString());
            long next = line == null ? 0 : line.number() + 1;
            try {
                writeAll();
                out.write(error(next, null, 400, "the request stream ended with an error after line " + (next - 1)
                        + ": " + e.getMessage(), "body"));
            } catch (IOException ignored) {
                // The connection is gone: nobody is left to tell.
            }
        }
        out.flush();
    }

    /**
     * Queues the line's answer: computed on a worker (its bytes copied, as the reader reuses its buffer), or at once
     * when there is nothing to read. With {@code inFlight} answers pending, the oldest is written first.
     */
    private void submit(NdjsonLines.Line line) throws IOException {
        while (pending.size() >= inFlight) {
            out.write(await(pending.removeFirst()));
        }
        long number = line.number();
        if (line.tooLong()) {
            pending.add(CompletableFuture.completedFuture(error(number, null, 413, "line " + number + " has more "
                    + "than " + maxLine + " bytes (snailbench.scorer.batch-max-line-size): send this pair alone to "
                    + "POST /compare", "line")));
        } else if (blank(line)) {
            pending.add(CompletableFuture.completedFuture(error(number, null, 400, "line " + number + " is empty: "
                    + "send one pair (a JSON object) per line", "line")));
        } else {
            byte[] bytes = Arrays.copyOfRange(line.bytes(), line.offset(), line.offset() + line.length());
            pending.add(CompletableFuture.supplyAsync(() -> answer(number, bytes), workers));
        }
    }

    /** Before the reader may block: every line read so far answered and sent, unless more input is already here. */
    private void beforeRead() throws IOException {
        if (out == null || in.available() > 0) {
            return;
        }
        writeAll();
        out.flush();
    }

    private void writeAll() throws IOException {
        while (!pending.isEmpty()) {
            out.write(await(pending.removeFirst()));
        }
    }

    private static byte[] await(CompletableFuture<byte[]> answer) throws IOException {
        try {
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while comparing a line");
        } catch (ExecutionException e) {
            // answer() turns every RuntimeException into the line's 500: what is left is an Error.
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The answer line (with its newline) of the line {@code number}: its comparison, or why it has none. */
    private byte[] answer(long number, byte[] bytes) {
        CompareRequest.Body body;
        try (JsonParser tokens = reader.createParser(bytes)) {
            body = CompareRequest.read(tokens);
            if (tokens.nextToken() != null) {
                // More after the pair: the reader names what, as for any other line that is not one JSON value.
                reader.readTree(bytes);
            }
        } catch (JsonProcessingException e) {
            return error(number, null, 400, "line " + number + " is not JSON: " + e.getOriginalMessage(), "line");
        } catch (IOException e) {
            throw new UncheckedIOException("reading a byte array cannot fail", e);
        }
        JsonNode id = body.id();
        if (id != null && !id.isNull() && !id.isTextual() && !id.isIntegralNumber()) {
            return error(number, null, 400, "id must be a string or an integer", "id");
        }
        try {
            CompareRequest pair = body.request(maxRows, FIELDS);
            Comparison result = comparisons.compare(pair.gold(), pair.predicted(), pair.options());
            return line(results, new ResultLine(number, id, 200, result));
        } catch (Problem e) {
            return error(number, id, ProblemMappers.statusOf(e), e.getMessage(), e.field());
        } catch (RuntimeException e) {
            LOG.warnf(e, "compare batch: line %d could not be compared", number);
            return error(number, id, 500, "line " + number + " could not be compared: " + e, null);
        }
    }

    private byte[] error(long line, JsonNode id, int status, String error, String field) {
        return line(errors, new ErrorLine(line, id, status, error, field));
    }

    private static byte[] line(ObjectWriter writer, Object value) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
            writer.writeValue(bytes, value);
            bytes.write('\n');
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to a byte array cannot fail", e);
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
