package dev.snailbench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The short commands run once more, printing nowhere, when {@code ./snailbench} makes the client's class-data archive
 * ({@code -Dsnailbench.cli.archive=true}): {@code job list}, {@code job status} and a refusal, against a server on
 * loopback that answers each with a canned job. The archive then holds their classes whichever command made it.
 */
final class ArchiveTraining {

    static final String PROPERTY = "snailbench.cli.archive";
    private static final String JOB = "{\"jobId\":\"00000000-0000-0000-0000-000000000001\",\"name\":\"archive\","
            + "\"status\":\"COMPLETED\",\"outcome\":\"some-failed\",\"done\":2,\"total\":2,\"failed\":1,"
            + "\"reason\":null,\"topReasons\":[{\"reason\":\"timeout\",\"count\":1}]}";

    private ArchiveTraining() {}

    /** Whether this run makes the archive. */
    static boolean wanted() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** Runs the three commands; how many of them came to the answer they expect (3 unless something broke). */
    static int run(Path root) {
        int answered = 0;
        try (ServerSocket server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            Thread answering = new Thread(() -> answerAll(server), "archive-training");
            answering.setDaemon(true);
            answering.start();
            String url = "http://" + InetAddress.getLoopbackAddress().getHostAddress() + ":" + server.getLocalPort();
            // Where the platform is, found as every command finds it, then pointed at this server.
            Map<String, String> endpoints = new HashMap<>(Endpoints.find(root));
            endpoints.putAll(Map.of("generator", url, "executor", url, "scorer", url));
            Cli cli =
                    new Cli(endpoints, new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8));
            answered += answered(cli, "job", "list");
            answered += answered(cli, "job", "status", "00000000-0000-0000-0000-000000000001");
            try {
                cli.run(List.of("job", "status", "unknown", "--api-key", "archive"));
            } catch (UserError expected) {
                // The refusal's path (404 with the platform's error body) is what this call loads.
                answered++;
            }
        } catch (IOException | RuntimeException e) {
            // Only a smaller archive: the command this run made it for has printed its answer already.
        }
        return answered;
    }

    /** 1 when the command ran to its exit code 0, else 0. */
    private static int answered(Cli cli, String... command) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(List.of("--api-key", "archive"));
        return cli.run(args) == 0 ? 1 : 0;
    }

    /**
     * Answers every request with a canned answer (the job list, a job, or a 404 with an error body), several on one
     * connection as the client keeps it open.
     */
    private static void answerAll(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket socket = server.accept()) {
                BufferedReader in =
                        new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
                OutputStream out = socket.getOutputStream();
                for (String requestLine = in.readLine(); requestLine != null; requestLine = in.readLine()) {
                    String header; // the headers say nothing the answer depends on, and no request has a body
                    do {
                        header = in.readLine();
                    } while (header != null && !header.isEmpty());
                    String path = requestLine.split(" ")[1];
                    int status = path.endsWith("/unknown") ? 404 : 200;
                    String body = status == 404
                            ? "{\"status\":404,\"error\":\"no job unknown\"}"
                            : path.equals("/jobs") ? "[" + JOB + "]" : JOB;
                    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                    out.write(("HTTP/1.1 " + status + (status == 200 ? " OK" : " Not Found") + "\r\n"
                                    + "Content-Type: application/json;charset=UTF-8\r\n"
                                    + "Content-Length: " + bytes.length + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.write(bytes);
                    out.flush();
                }
            } catch (IOException | RuntimeException e) {
                return;
            }
        }
    }
}
