package dev.snailbench.testkit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Announces a request body larger than a service accepts and reads the status it answers, without sending the body:
 * a service that checks its limit answers at once (413), and a client that sent megabytes first would only see the
 * connection closed under it. Loopback only, one request, a 10 s read timeout.
 */
public final class OversizedBody {

    private OversizedBody() {}

    /** The status line's code for {@code POST path} announcing {@code bytes} of JSON with {@code Expect: 100-continue}. */
    public static int status(URI base, String path, String apiKey, long bytes) {
        try (Socket socket = announce(base, path, apiKey, bytes)) {
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            String[] parts = line.toString().split(" ");
            if (parts.length < 2) {
                throw new IllegalStateException("no status line from " + base + path + ": '" + line + "'");
            }
            return Integer.parseInt(parts[1]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The final answer (past any {@code 100 Continue}) to the same request, its head and as many bytes of body as its
     * Content-Length says, read without waiting for the connection to close; {@code apiKey} null sends none.
     */
    public static String answer(URI base, String path, String apiKey, long bytes) {
        try (Socket socket = announce(base, path, apiKey, bytes)) {
            InputStream in = socket.getInputStream();
            String answer = oneAnswer(in);
            while (answer.startsWith("HTTP/1.1 1")) {
                answer = oneAnswer(in);
            }
            return answer;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Socket announce(URI base, String path, String apiKey, long bytes) throws IOException {
        Socket socket = new Socket(base.getHost(), base.getPort());
        try {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                            + "\r\nContent-Type: application/json\r\n"
                            + (apiKey == null ? "" : "X-API-Key: " + apiKey + "\r\n")
                            + "Content-Length: " + bytes
                            + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    private static String oneAnswer(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            head.write(c);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(
                        line.substring("content-length:".length()).trim());
            }
        }
        return text + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
