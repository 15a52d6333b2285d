package dev.snailbench.scorer.rest;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a stream line by line with at most one line in memory: a line longer than the cap is skipped to its end and
 * reported as too long, so the lines after it are read as usual. Lines end at {@code \n} (a {@code \r} before it is
 * dropped); the last line needs no newline. Not thread-safe; a {@link Line} is valid until the next call.
 */
final class NdjsonLines {

    /** A line: its 1-based number and its bytes (none when it was too long). */
    record Line(long number, byte[] bytes, int offset, int length, boolean tooLong) {}

    /** Called before the reader may block for more input (a batch hands the lines read so far to be compared then). */
    interface BeforeRead {
        void run() throws IOException;
    }

    private final InputStream in;
    private final int maxLine;
    private final BeforeRead beforeRead;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;
    private boolean ended;
    private byte[] line = new byte[0];
    private long number;

    NdjsonLines(InputStream in, int maxLine, BeforeRead beforeRead) {
        this.in = in;
        this.maxLine = maxLine;
        this.beforeRead = beforeRead;
    }

    /** The next line, or null at the end of the stream. */
    Line next() throws IOException {
        int length = 0;
        boolean tooLong = false;
        boolean started = false;
        while (true) {
            if (position >= limit) {
                if (ended) {
                    return started ? line(line, 0, length, tooLong) : null;
                }
                beforeRead.run();
                int n = in.read(buffer);
                if (n < 0) {
                    ended = true;
                    continue;
                }
                position = 0;
                limit = n;
                continue;
            }
            started = true;
            int newline = indexOf(buffer, position, limit);
            int end = newline < 0 ? limit : newline;
            if (newline >= 0 && length == 0 && !tooLong && end - position <= maxLine) {
                // The whole line is in the buffer: no copy.
                int from = position;
                position = newline + 1;
                return line(buffer, from, end - from, false);
            }
            int chunk = end - position;
            if (!tooLong && length + chunk > maxLine) {
                tooLong = true;
                length = 0;
            }
            if (!tooLong) {
                if (line.length < length + chunk) {
                    line = Arrays.copyOf(line, Math.min(maxLine, Math.max(length + chunk, line.length * 2)));
                }
                System.arraycopy(buffer, position, line, length, chunk);
                length += chunk;
            }
            position = newline < 0 ? limit : newline + 1;
            if (newline >= 0) {
                return line(line, 0, length, tooLong);
            }
        }
    }

    private Line line(byte[] bytes, int offset, int length, boolean tooLong) {
        number++;
        if (tooLong) {
            return new Line(number, null, 0, 0, true);
        }
        int n = length > 0 && bytes[offset + length - 1] == '\r' ? length - 1 : length;
        return new Line(number, bytes, offset, n, false);
    }

    private static int indexOf(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
