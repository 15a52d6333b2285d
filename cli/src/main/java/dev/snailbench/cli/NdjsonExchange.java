package dev.snailbench.cli;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One streamed NDJSON exchange over HTTP/1.1 ({@code POST /compare/batch}): the request's lines are sent (chunked)
 * by a thread of their own while the answers are read as they come, so neither side waits for the other to finish
 * (the JDK's HTTP client reads an HTTP/1.1 answer only after the whole request is sent, which stalls a stream
 * whose answers fill the connection's buffers first). Plain {@code http://} only: the platform's own services.
 */
public final class NdjsonExchange {

    /** Lines are gathered into chunks of about this many bytes: a large batch is not sent a line per write. */
    private static final int CHUNK_BYTES = 32 * 1024;

    /** The answer's status; for a refused request (not 200), the body (the platform's error). */
    public record Outcome(int status, String errorBody) {}

    private NdjsonExchange() {}

    /**
     * Sends every line of {@code lines} (each one JSON object, without its newline) and gives each answer line to
     * {@code answers} on the calling thread, in order. Returns the status and, unless 200, the error body.
     */
    public static Outcome post(
            URI url,
            Map<String, String> headers,
            Iterator<byte[]> lines,
            Consumer<String> answers,
            Duration connectTimeout)
            throws IOException {
        return post(url, headers, lines, answers, connectTimeout, CHUNK_BYTES);
    }

    /**
     * As {@link #post(URI, Map, Iterator, Consumer, Duration)}, the lines sent in chunks of at least
     * {@code chunkBytes}; with 1 each line is sent as soon as {@code lines} gives it, for a client that waits for
     * each answer before it gives the next line.
     */
    public static Outcome post(
            URI url,
            Map<String, String> headers,
            Iterator<byte[]> lines,
            Consumer<String> answers,
            Duration connectTimeout,
            int chunkBytes)
            throws IOException {
        if (!"http".equals(url.getScheme())) {
            throw new IllegalArgumentException("only http:// is streamed: " + url);
        }
        int port = url.getPort() < 0 ? 80 : url.getPort();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(url.getHost(), port), (int) connectTimeout.toMillis());
            socket.setTcpNoDelay(true);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
            StringBuilder head = new StringBuilder("POST ")
                    .append(url.getRawPath())
                    .append(url.getRawQuery() == null ? "" : "?" + url.getRawQuery())
                    .append(" HTTP/1.1\r\n")
                    .append("Host: ")
                    .append(url.getHost())
                    .append(':')
                    .append(port)
                    .append("\r\n")
                    .append("Content-Type: application/x-ndjson\r\nAccept: application/x-ndjson\r\n")
                    .append("Transfer-Encoding: chunked\r\nConnection: close\r\n");
            headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            IOException[] sendFailure = new IOException[1];
            Thread sender = new Thread(
                    () -> {
                        try {
                            send(lines, out, chunkBytes);
                        } catch (IOException e) {
                            // The server may close early (a refused key, a 400): the answer says why.
                            sendFailure[0] = e;
                        }
                    },
                    "ndjson-sender");
            sender.setDaemon(true);
            sender.start();
            InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
            String statusLine = readLine(in);
            if (statusLine == null || !statusLine.startsWith("HTTP/1.")) {
                throw new IOException("no HTTP answer from " + url
                        + (sendFailure[0] == null ? "" : " (" + sendFailure[0].getMessage() + ")"));
            }
            int status = Integer.parseInt(statusLine.split(" ")[1]);
            boolean chunked = false;
            long length = -1;
            for (String header = readLine(in); header != null && !header.isEmpty(); header = readLine(in)) {
                String lower = header.toLowerCase(Locale.ROOT);
                if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                } else if (lower.startsWith("content-length:")) {
                    length = Long.parseLong(
                            header.substring(header.indexOf(':') + 1).trim());
                }
            }
            InputStream body = chunked ? new ChunkedInput(in) : new BoundedInput(in, length);
            if (status != 200) {
                return new Outcome(status, new String(body.readAllBytes(), StandardCharsets.UTF_8));
            }
            ByteArrayOutputStream line = new ByteArrayOutputStream(1024);
            for (int b = body.read(); b >= 0; b = body.read()) {
                if (b == '\n') {
                    answers.accept(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                } else {
                    line.write(b);
                }
            }
            if (line.size() > 0) {
                answers.accept(line.toString(StandardCharsets.UTF_8));
            }
            return new Outcome(status, null);
        }
    }

    private static void send(Iterator<byte[]> lines, OutputStream out, int chunkBytes) throws IOException {
        ByteArrayOutputStream chunk = new ByteArrayOutputStream(64 * 1024);
        while (lines.hasNext()) {
            chunk.write(lines.next());
            chunk.write('\n');
            if (chunk.size() >= chunkBytes) {
                writeChunk(chunk, out);
            }
        }
        writeChunk(chunk, out);
        out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    private static void writeChunk(ByteArrayOutputStream chunk, OutputStream out) throws IOException {
        if (chunk.size() == 0) {
            return;
        }
        out.write((Integer.toHexString(chunk.size()) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        chunk.writeTo(out);
        out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        chunk.reset();
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0; b = in.read()) {
            if (b == '\n') {
                int end =
                        line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1 : line.length();
                return line.substring(0, end);
            }
            line.append((char) b);
        }
        return line.length() == 0 ? null : line.toString();
    }

    /** A chunked body, de-chunked. */
    private static final class ChunkedInput extends InputStream {
        private final InputStream in;
        private long left;
        private boolean done;

        ChunkedInput(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            if (done) {
                return -1;
            }
            if (left == 0) {
                String size = readLine(in);
                if (size != null && size.isEmpty()) {
                    size = readLine(in);
                }
                if (size == null) {
                    throw new IOException("the answer ended inside a chunk");
                }
                int extension = size.indexOf(';');
                left = Long.parseLong((extension < 0 ? size : size.substring(0, extension)).trim(), 16);
                if (left == 0) {
                    done = true;
                    return -1;
                }
            }
            int b = in.read();
            if (b < 0) {
                throw new IOException("the answer ended inside a chunk");
            }
            left--;
            return b;
        }
    }

    /** A body of known length (or up to the end of the connection). */
    private static final class BoundedInput extends InputStream {
        private final InputStream in;
        private long left;

        BoundedInput(InputStream in, long length) {
            this.in = in;
            this.left = length < 0 ? Long.MAX_VALUE : length;
        }

        @Override
        public int read() throws IOException {
            if (left == 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }
    }
}
