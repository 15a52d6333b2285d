package dev.snailbench.tenancy.app;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Announces a JSON body of {@code bytes} with {@code Expect: 100-continue}, sends none of it, and reads the answer:
 * its head and as many bytes of body as its Content-Length says.
 */
final class OversizedRequest {

    private OversizedRequest() {}

    static String send(String baseUri, int port, String path, long bytes) throws IOException {
        String host = URI.create(baseUri).getHost();
        try (Socket socket = new Socket(host, port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: " + host + ":" + port
                            + "\r\nContent-Type: application/json\r\nContent-Length: " + bytes
                            + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return read(socket.getInputStream());
        }
    }

    /** An HTTP answer's head and body (by its Content-Length), without waiting for the connection to close. */
    static String read(InputStream in) throws IOException {
        String answer = answer(in);
        while (answer.startsWith("HTTP/1.1 1")) {
            answer = answer(in);
        }
        return answer;
    }

    private static String answer(InputStream in) throws IOException {
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
