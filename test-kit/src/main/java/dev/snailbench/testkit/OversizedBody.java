package dev.snailbench.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Announces a request body larger than a service accepts and reads the status it answers, without sending the body:
 * a service that checks its limit answers at once (413), and a client that sent megabytes first would only see the
 * connection closed under it. Loopback only, one request, a 10 s read timeout.
 */
public final class OversizedBody {

    private OversizedBody() {}

    /** The status line's code for {@code POST path} announcing {@code bytes} of JSON with {@code Expect: 100-continue}. */
    public static int status(URI base, String path, String apiKey, long bytes) {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                            + "\r\nContent-Type: application/json\r\nX-API-Key: " + apiKey + "\r\nContent-Length: "
                            + bytes
                            + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
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
}
