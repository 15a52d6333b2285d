package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * One {@code POST /compare/batch} stream. A reader thread reads the lines and hands them, a few at a time, to the
 * shared compare threads; the request's own thread writes the answers in the order of the lines. So one stream
 * uses every processor while each answer still comes in its line's place.
 *
 * <p>Memory stays bounded whatever the number of pairs: the lines read but not yet answered hold at most
 * {@code snailbench.scorer.batch-max-line-size} bytes together (the reader waits for answers beyond that), as one
 * line of that size did when a stream was compared line by line. Answers are flushed whenever the next one is not
 * ready, so a client that waits for each answer before it sends the next line gets it at once.
 */
final class CompareBatch implements StreamingOutput {

    private static final Logger LOG = Logger.getLogger(CompareBatch.class);
    /** Lines per hand-off: small pairs go in groups (a hand-off costs more than comparing a 10-row pair). */
    private static final int MAX_CHUNK_LINES = 256;
    /** Marks the end of the answers. */
    private static final Chunk END = Chunk.answered(new byte[0]);

    private final BatchAnswers answers;
    private final Executor reading;
    private final Executor comparing;
    private final long deadline;
    private final String timeout;
    private final NdjsonLines lines;
    /** Bytes of the lines read and not yet answered. */
    private final Semaphore unanswered;
    /** Chunks in the order of their lines, each with its answers to come. */
    private final BlockingQueue<Chunk> chunks;
    /** Set when the client is gone: the reader and the compare threads stop early. */
    private volatile boolean stopped;

    private NdjsonLines.Line first;
    /** The reader's chunk being filled. */
    private List<BatchAnswers.Line> pending = new ArrayList<>();

    private int pendingBytes;

    CompareBatch(
            InputStream in,
            ResultComparisons comparisons,
            ObjectMapper json,
            ScorerConfig config,
            long deadline,
            Executor reading,
            Executor comparing,
            int threads) {
        long maxLine = config.batchMaxLineSize().asLongValue();
        this.answers = new BatchAnswers(comparisons, json, config.maxRowsPerResult(), maxLine);
        this.reading = reading;
        this.comparing = comparing;
        this.deadline = deadline;
        this.timeout = config.batchTimeout().toString();
        int maxUnanswered = (int) Math.min(Integer.MAX_VALUE - 16, maxLine);
        this.unanswered = new Semaphore(maxUnanswered);
        // Enough chunks for every compare thread to have one while the next ones are read and the last written.
        this.chunks = new ArrayBlockingQueue<>(2 * threads + 1);
        this.lines = new NdjsonLines(in, maxUnanswered, this::handOff);
    }

    /** Reads the first line (before the response is committed, so that an empty body can still be a 400). */
    boolean hasLine() throws IOException {
        first = lines.next();
        return first != null;
    }

    @Override
    public void write(OutputStream output) throws IOException {
        OutputStream out = new BufferedOutputStream(output, 64 * 1024);
        reading.execute(this::read);
        try {
            for (Chunk chunk = next(out); chunk != END; chunk = next(out)) {
                out.write(await(chunk));
                unanswered.release(chunk.bytes());
            }
            out.flush();
        } catch (IOException | RuntimeException e) {
            stop();
            throw e;
        }
    }

    /** The next chunk; flushes the answers so far first when it would have to wait. */
    private Chunk next(OutputStream out) throws IOException {
        Chunk chunk = chunks.poll();
        if (chunk == null) {
            out.flush();
            try {
                chunk = chunks.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the next line");
            }
        }
        if (!chunk.answers().isDone()) {
            out.flush();
        }
        return chunk;
    }

    private static byte[] await(Chunk chunk) throws IOException {
        try {
            return chunk.answers().join();
        } catch (CompletionException e) {
            throw new IOException(
                    chunk.firstLine() == 0
                            ? "reading the batch failed"
                            : "comparing lines " + chunk.firstLine() + "-" + chunk.lastLine() + " failed",
                    e.getCause());
        }
    }

    /** The reader: every line into a chunk, each chunk to the compare threads; then the end mark. */
    private void read() {
        NdjsonLines.Line line = first;
        long last = 0;
        try {
            while (line != null && !stopped) {
                if (System.nanoTime() > deadline) {
                    handOff();
                    enqueue(Chunk.answered(answers.error(
                            line.number(),
                            503,
                            "the batch ran longer than "
                                    + timeout + " (snailbench.scorer.batch-timeout): line " + line.number()
                                    + " and the lines"
                                    + " after it were not compared; send them again in another request",
                            null)));
                    break;
                }
                if (!add(line)) {
                    break;
                }
                last = line.number();
                line = lines.next();
            }
            handOff();
        } catch (IOException e) {
            // The request stream broke (the client went away, or the server-wide body limit): say so if it can
            // still be read; the lines answered so far stand.
            LOG.debugf("compare batch stopped: %s", e.toString());
            handOffQuietly();
            enqueueQuietly(Chunk.answered(answers.error(
                    last + 1,
                    400,
                    "the request stream ended with an error after" + " line " + last + ": " + e.getMessage(),
                    "body")));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        } catch (RuntimeException | Error e) {
            LOG.errorf(e, "compare batch: reading stopped after line %d", last);
            enqueueQuietly(new Chunk(0, 0, 0, CompletableFuture.failedFuture(e)));
            throw e;
        } finally {
            enqueueQuietly(END);
        }
    }

    /**
     * Adds a copy of the line to the pending chunk, waiting first while too many bytes are unanswered; false when
     * the client went away meanwhile.
     */
    private boolean add(NdjsonLines.Line line) throws IOException, InterruptedException {
        int bytes = Math.max(1, line.length());
        if (!unanswered.tryAcquire(bytes)) {
            handOff();
            while (!unanswered.tryAcquire(bytes, 100, TimeUnit.MILLISECONDS)) {
                if (stopped) {
                    return false;
                }
            }
        }
        pending.add(BatchAnswers.Line.copyOf(line));
        pendingBytes += bytes;
        if (pending.size() >= MAX_CHUNK_LINES) {
            handOff();
        }
        return true;
    }

    /** Sends the pending lines to be compared; called before every read that may wait for the client. */
    private void handOff() throws IOException {
        if (pending.isEmpty()) {
            return;
        }
        List<BatchAnswers.Line> group = pending;
        pending = new ArrayList<>();
        Chunk chunk = new Chunk(
                group.get(0).number(),
                group.get(group.size() - 1).number(),
                pendingBytes,
                CompletableFuture.supplyAsync(() -> stopped ? new byte[0] : answers.answer(group), comparing));
        pendingBytes = 0;
        try {
            enqueue(chunk);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while handing lines over");
        }
    }

    private void handOffQuietly() {
        try {
            handOff();
        } catch (IOException e) {
            stopped = true;
        }
    }

    private void enqueue(Chunk chunk) throws InterruptedException {
        while (!chunks.offer(chunk, 100, TimeUnit.MILLISECONDS)) {
            if (stopped) {
                return;
            }
        }
    }

    private void enqueueQuietly(Chunk chunk) {
        try {
            enqueue(chunk);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The client is gone: the reader stops at its next step and chunks not yet compared are skipped. */
    private void stop() {
        stopped = true;
        Chunk chunk;
        while ((chunk = chunks.poll()) != null) {
            chunk.answers().cancel(false);
        }
    }

    /**
     * Consecutive lines (numbers {@code firstLine} to {@code lastLine}, 0 for none) and their answers (the NDJSON of
     * each line, in order) to come; the lines' bytes stay with the compare task only, so they are freed once compared.
     */
    private record Chunk(long firstLine, long lastLine, int bytes, CompletableFuture<byte[]> answers) {

        static Chunk answered(byte[] answer) {
            return new Chunk(0, 0, 0, CompletableFuture.completedFuture(answer));
        }
    }
}
