package dev.snailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the command-line client says when the platform refuses or does not answer, whichever command called it:
 * the messages {@code Cli} makes of the client's refusals and missing answers.
 */
class CliFailuresTest {

    @TempDir
    Path work;

    private static int run(String base, String... args) {
        return new Cli(
                        Map.of("generator", base, "executor", base, "scorer", base, "adminKey", "admin"),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                        file -> {})
                .run(List.of(args));
    }

    @Test
    void shouldSayThePlatformIsNotRunningWhenNothingListensForAJsonCallOrAStream() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        String base = "http://127.0.0.1:" + port;
        Path pairs = Files.writeString(work.resolve("pairs.ndjson"), "{}\n");

        assertThatThrownBy(() -> run(base, "job", "list", "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("cannot reach " + base + "/jobs (is the platform running? ./snailbench up)");
        assertThatThrownBy(() -> run(base, "compare", pairs.toString(), "--api-key", "sb_team"))
                .isInstanceOf(UserError.class)
                .hasMessage("cannot reach " + base + "/compare/batch (is the platform running? ./snailbench up)");
    }

    @Test
    void shouldBlameTheAdminKeyWhenTenantCreateIsRefusedAndNameTheErrorOfARefusedReport() throws Exception {
        HttpServer platform = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        platform.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            boolean tenants = exchange.getRequestURI().getPath().equals("/tenants");
            byte[] body = (tenants
                            ? "{\"status\": 401, \"error\": \"invalid admin key\"}"
                            : "{\"status\": 404, \"error\": \"no job 7f0c\", \"field\": \"jobId\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(tenants ? 401 : 404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        platform.start();
        try {
            String base = "http://127.0.0.1:" + platform.getAddress().getPort();

            assertThatThrownBy(() -> run(base, "tenant", "create", "team"))
                    .isInstanceOf(UserError.class)
                    .hasMessage("401 invalid admin key — check the admin key: check SNAILBENCH_ADMIN_KEY (printed by "
                            + "./snailbench up)");
            // Only a 400 names the field to fix.
            assertThatThrownBy(() -> run(
                            base,
                            "report",
                            "7f0c",
                            "--html",
                            work.resolve("r.html").toString(),
                            "--api-key",
                            "sb_team"))
                    .isInstanceOf(UserError.class)
                    .hasMessage("404 no job 7f0c");
            assertThat(work.resolve("r.html")).doesNotExist();
        } finally {
            platform.stop(0);
        }
    }
}
