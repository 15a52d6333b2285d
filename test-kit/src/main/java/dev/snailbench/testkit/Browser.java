package dev.snailbench.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Headless Debian Chromium driven through Debian's chromedriver with the W3C WebDriver protocol (JSON over
 * loopback HTTP; no client library). Chromium runs without background networking: the tests' pages are on
 * loopback and nothing else is reached.
 */
public final class Browser implements AutoCloseable {

    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process driver;
    private final String base;
    private final String session;
    private final HttpClient http = HttpClient.newHttpClient();

    /** Whether the Debian packages chromium and chromium-driver are installed (the browser tests need them). */
    public static boolean installed() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    public Browser(Path profile) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        driver = new ProcessBuilder(CHROMEDRIVER.toString(), "--port=" + port)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        base = "http://127.0.0.1:" + port;
        waitForDriver();
        Map<String, Object> options = Map.of(
                "binary",
                CHROMIUM.toString(),
                "args",
                List.of(
                        "--headless=new",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-dev-shm-usage",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--window-size=1280,900",
                        "--user-data-dir=" + profile.toAbsolutePath()));
        JsonNode created = send(
                "POST",
                "/session",
                Map.of(
                        "capabilities",
                        Map.of("alwaysMatch", Map.of("browserName", "chrome", "goog:chromeOptions", options))));
        session = created.get("sessionId").asText();
    }

    public void open(String url) throws Exception {
        send("POST", "/session/" + session + "/url", Map.of("url", url));
    }

    /** The first element matching the CSS selector, waiting up to 20 s for it. */
    public String find(String css) throws Exception {
        Instant deadline = Instant.now().plusSeconds(20);
        while (true) {
            try {
                return send("POST", "/session/" + session + "/element", Map.of("using", "css selector", "value", css))
                        .get(ELEMENT)
                        .asText();
            } catch (IllegalStateException e) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("no element " + css + " within 20 s: " + e.getMessage(), e);
                }
                Thread.sleep(200);
            }
        }
    }

    public void type(String css, String text) throws Exception {
        send("POST", "/session/" + session + "/element/" + find(css) + "/value", Map.of("text", text));
    }

    public void click(String css) throws Exception {
        send("POST", "/session/" + session + "/element/" + find(css) + "/click", Map.of());
    }

    /** Runs {@code script} in the page and returns its value as text. */
    public String script(String script, Object... args) throws Exception {
        return send("POST", "/session/" + session + "/execute/sync", Map.of("script", script, "args", List.of(args)))
                .asText();
    }

    /** Waits until {@code script}'s value satisfies {@code done}; returns it. */
    public String await(String script, Predicate<String> done, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        String value = script(script);
        while (!done.test(value)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("waited " + timeout.toSeconds() + " s for " + script + "; last: " + value);
            }
            Thread.sleep(250);
            value = script(script);
        }
        return value;
    }

    public void screenshot(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        Files.write(
                file,
                Base64.getDecoder()
                        .decode(send("GET", "/session/" + session + "/screenshot", null)
                                .asText()));
    }

    private void waitForDriver() throws Exception {
        Instant deadline = Instant.now().plusSeconds(20);
        while (true) {
            try {
                if (http.send(
                                        HttpRequest.newBuilder(URI.create(base + "/status"))
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .statusCode()
                        == 200) {
                    return;
                }
            } catch (IOException e) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("chromedriver did not start within 20 s", e);
                }
            }
            Thread.sleep(100);
        }
    }

    private JsonNode send(String method, String path, Object body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json");
        request.method(
                method,
                body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode value = JSON.readTree(response.body()).path("value");
        if (response.statusCode() != 200) {
            throw new IllegalStateException(method + " " + path + ": "
                    + value.path("error").asText() + " " + value.path("message").asText());
        }
        return value;
    }

    @Override
    public void close() {
        try {
            send("DELETE", "/session/" + session, null);
        } catch (Exception ignored) {
            // the driver is stopped below anyway
        }
        driver.destroy();
    }
}
