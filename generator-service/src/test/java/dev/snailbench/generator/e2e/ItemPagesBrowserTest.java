package dev.snailbench.generator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.snailbench.testkit.Browser;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web UI's item list in the browser, without the platform: the UI's own files and a loopback server answering as
 * the generator and the scorer do for one finished job of 250 items. The list draws 100 rows a page, and says it is
 * loading (its button waiting) for as long as the items are on their way.
 */
class ItemPagesBrowserTest {

    private static final String JOB_ID = "5b1f2c4e-0000-4000-8000-000000000250";
    private static final int ITEMS = 250;
    private static final String JOB = String.format(
            "{\"jobId\": \"%s\", \"name\": \"paged job\", \"status\": \"completed\", \"outcome\": \"some-failed\","
                    + " \"total\": %d, \"done\": %d, \"failed\": 3, \"reason\": null, \"topReasons\": [],"
                    + " \"createdAt\": \"2026-12-07T10:00:00Z\"}",
            JOB_ID, ITEMS, ITEMS);

    /** Released by the test once it has seen the loading state: the results are answered only then. */
    private final CountDownLatch resultsMayGo = new CountDownLatch(1);

    /** The server's threads: the held answer must not keep the page's other requests waiting. */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    private HttpServer platform;
    private String base;

    @TempDir
    Path profile;

    @BeforeEach
    void startPlatform() throws IOException {
        platform = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        platform.setExecutor(threads);
        base = "http://127.0.0.1:" + platform.getAddress().getPort();
        platform.createContext("/ui/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/ui/config")) {
                answer(exchange, 200, "application/json", "{\"scorerUrl\": \"" + base + "\"}");
                return;
            }
            String name = path.substring("/ui/".length());
            try (InputStream file = getClass().getResourceAsStream("/META-INF/resources/ui/" + name)) {
                if (file == null) {
                    answer(exchange, 404, "text/plain", "no " + name);
                } else {
                    answer(exchange, 200, type(name), new String(file.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        });
        platform.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            if (!"k-pages".equals(exchange.getRequestHeaders().getFirst("X-API-Key"))) {
                answer(exchange, 401, "application/json", "{\"status\": 401, \"error\": \"unknown API key\"}");
            } else if (path.equals("/tenants/me")) {
                answer(exchange, 200, "application/json", "{\"name\": \"pages team\"}");
            } else if (path.equals("/jobs")) {
                answer(exchange, 200, "application/json", "[" + JOB + "]");
            } else if (path.equals("/jobs/" + JOB_ID)) {
                answer(exchange, 200, "application/json", JOB);
            } else if (path.equals("/jobs/" + JOB_ID + "/events")) {
                answer(exchange, 200, "text/event-stream", "data: " + JOB + "\n\n");
            } else if (path.equals("/jobs/" + JOB_ID + "/results")) {
                try {
                    if (!resultsMayGo.await(60, TimeUnit.SECONDS)) {
                        answer(exchange, 503, "application/json", "{\"status\": 503, \"error\": \"test timed out\"}");
                        return;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                answer(exchange, 200, "application/json", items());
            } else {
                answer(exchange, 404, "application/json", "{\"status\": 404, \"error\": \"no " + path + "\"}");
            }
        });
        platform.start();
    }

    @AfterEach
    void stopPlatform() {
        resultsMayGo.countDown();
        platform.stop(0);
        threads.shutdownNow();
    }

    @Test
    void shouldPageTheItemsAHundredAtATimeAndSayTheyAreLoadingUntilTheyCome() throws Exception {
        Assumptions.assumeTrue(
                Browser.installed(),
                "no browser: install the Debian packages chromium and chromium-driver (.ci/run does) to run the web UI "
                        + "tests");
        try (Browser browser = new Browser(profile)) {
            browser.open(base + "/ui/index.html");
            browser.type("#api-key", "k-pages");
            browser.click("#sign-in-button");
            browser.click(".job-link");
            browser.await(
                    "return document.getElementById('open-items').disabled ? '' : 'ready';",
                    "ready"::equals,
                    Duration.ofSeconds(20));

            browser.click("#open-items");
            // The items are held back by the server: the page says what it waits for, and the button waits too.
            String loading = browser.await(
                    "return document.getElementById('busy').textContent + ' | disabled: '"
                            + " + document.getElementById('open-items').disabled;",
                    text -> text.startsWith("Loading the items"),
                    Duration.ofSeconds(20));
            String rowsWhileLoading = browser.script("return document.querySelectorAll('.item-row').length;");
            resultsMayGo.countDown();
            String firstPage = awaitPage(browser, "items 1–100 of 250 (page 1 of 3)");
            String loaded = browser.script("return document.getElementById('busy').textContent + ' | disabled: '"
                    + " + document.getElementById('open-items').disabled;");
            String firstPageRows = rows(browser);
            String previousOnFirst = browser.script("return document.getElementById('items-previous').disabled;");

            browser.click("#items-next");
            String secondPage = awaitPage(browser, "items 101–200 of 250 (page 2 of 3)");
            String secondPageRows = rows(browser);
            browser.click("#items-next");
            String lastPage = awaitPage(browser, "items 201–250 of 250 (page 3 of 3)");
            String lastPageRows = rows(browser);
            String nextOnLast = browser.script("return document.getElementById('items-next').disabled;");
            browser.click("#items-previous");
            String backToSecond = awaitPage(browser, "items 101–200 of 250 (page 2 of 3)");

            assertThat(loading).isEqualTo("Loading the items… | disabled: true");
            assertThat(rowsWhileLoading).isEqualTo("0");
            assertThat(loaded).isEqualTo(" | disabled: false");
            assertThat(firstPage).isEqualTo("items 1–100 of 250 (page 1 of 3)");
            assertThat(firstPageRows).isEqualTo("100 rows: q-001 … q-100");
            assertThat(previousOnFirst).isEqualTo("true");
            assertThat(secondPage).isEqualTo("items 101–200 of 250 (page 2 of 3)");
            assertThat(secondPageRows).isEqualTo("100 rows: q-101 … q-200");
            assertThat(lastPage).isEqualTo("items 201–250 of 250 (page 3 of 3)");
            assertThat(lastPageRows).isEqualTo("50 rows: q-201 … q-250");
            assertThat(nextOnLast).isEqualTo("true");
            assertThat(backToSecond).isEqualTo("items 101–200 of 250 (page 2 of 3)");
        }
    }

    /** Waits until the item list says it shows this page; the line it shows. */
    private static String awaitPage(Browser browser, String expected) throws Exception {
        return browser.await(
                "var p = document.getElementById('items'); return p.hidden ? '' "
                        + ": document.getElementById('items-page').textContent;",
                expected::equals,
                Duration.ofSeconds(20));
    }

    /** How many item rows are drawn, and the first and the last question. */
    private static String rows(Browser browser) throws Exception {
        return browser.script("var r = document.querySelectorAll('.item-row'); return r.length + ' rows: '"
                + " + r[0].dataset.question + ' … ' + r[r.length - 1].dataset.question;");
    }

    /** The job's scored items, in question order, as the scorer's GET /jobs/{id}/results gives them. */
    private static String items() {
        return IntStream.rangeClosed(1, ITEMS)
                .mapToObj(i -> String.format(
                        Locale.ROOT,
                        "{\"workItemId\": \"w-%03d\", \"questionId\": \"q-%03d\", \"model\": \"replayed\","
                                + " \"database\": \"footballdb\", \"level\": \"v1\", \"strictMatch\": %s,"
                                + " \"relaxedMatch\": %s, \"reason\": %s}",
                        i,
                        i,
                        i % 5 != 0,
                        i % 5 != 0,
                        i % 5 == 0 ? "\"different rows\"" : "null"))
                .collect(Collectors.joining(",", "[", "]"));
    }

    private static String type(String name) {
        return name.endsWith(".js")
                ? "text/javascript"
                : name.endsWith(".css") ? "text/css" : name.endsWith(".html") ? "text/html" : "text/plain";
    }

    private static void answer(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type + "; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
