package dev.snailbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A command's request over plain http with the JDK's {@link HttpURLConnection}: nothing to set up before the first
 * request (the JDK's {@code HttpClient} starts a selector thread and its TLS providers), which is most of a short
 * command's time. No redirects are followed, as the {@code HttpClient} of the other requests follows none.
 */
final class PlainHttp {

    /** The methods {@link HttpURLConnection} sends (PATCH is not one of them). */
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE");

    private PlainHttp() {}

    /** Whether this request goes through here: an http URL and a method the connection sends. */
    static boolean handles(URI uri, String method) {
        return "http".equalsIgnoreCase(uri.getScheme()) && METHODS.contains(method);
    }

    /**
     * Sends the request (the body of the given type, none when null) and reads the whole answer, whatever its status;
     * an IOException when no answer came (refused, broken off, timed out).
     */
    static PlatformClient.Answer send(
            URI uri,
            String method,
            Map<String, String> headers,
            String contentType,
            byte[] body,
            String accept,
            Duration connectTimeout,
            Duration timeout)
            throws IOException {
        HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
        try {
            connection.setRequestMethod(method);
            connection.setInstanceFollowRedirects(false);
            connection.setUseCaches(false);
            connection.setConnectTimeout((int) connectTimeout.toMillis());
            connection.setReadTimeout((int) timeout.toMillis());
            connection.setRequestProperty("Accept", accept);
            headers.forEach(connection::setRequestProperty);
            // A POST or PUT says its length even when it has no body, as the JDK's HttpClient does. The body is
            // buffered, not streamed: a refusal (401) of a streamed body is an HttpRetryException, not the answer.
            byte[] content = body != null ? body : method.equals("POST") || method.equals("PUT") ? new byte[0] : null;
            if (content != null) {
                if (contentType != null) {
                    connection.setRequestProperty("Content-Type", contentType);
                }
                connection.setDoOutput(true);
                try (OutputStream out = connection.getOutputStream()) {
                    out.write(content);
                }
            }
            int status = connection.getResponseCode();
            InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            if (in == null) {
                return new PlatformClient.Answer(status, "");
            }
            try (in) {
                return new PlatformClient.Answer(
                        status, new String(in.readAllBytes(), charset(connection.getContentType())));
            }
        } catch (IOException e) {
            connection.disconnect();
            throw e;
        }
    }

    /** The charset the Content-Type names, else UTF-8 (the JDK's HttpClient reads text the same way). */
    static Charset charset(String contentType) {
        if (contentType != null) {
            for (String parameter : contentType.split(";")) {
                String p = parameter.strip();
                if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                    String name = p.substring("charset=".length()).replace("\"", "");
                    try {
                        return Charset.forName(name);
                    } catch (IllegalArgumentException e) {
                        return StandardCharsets.UTF_8;
                    }
                }
            }
        }
        return StandardCharsets.UTF_8;
    }
}
