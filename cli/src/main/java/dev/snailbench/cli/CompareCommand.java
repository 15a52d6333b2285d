package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * {@code ./snailbench compare PAIRS.ndjson [--out FILE]}: many result pairs scored in one streamed request to the
 * scorer's {@code POST /compare/batch}. The file is read line by line while the answers come back, so its size
 * does not matter. Without {@code --out}: one line per pair ({@code LINE ID STRICT SET RELAXED REASON}, or the error
 * of a refused line), then a summary; with {@code --out}: the answers as NDJSON in the file, and the summary;
 * {@code --json}: the answers as NDJSON. Exit code 1 when a line was refused. The stream goes through
 * {@link PlatformClient#postNdjson}.
 */
final class CompareCommand {

    private static final ObjectMapper JSON = PlatformClient.json();

    private final CommandContext context;
    private final PrintStream out;

    CompareCommand(CommandContext context) {
        this.context = context;
        this.out = context.out;
    }

    int run(CliArgs a) {
        return run(
                context.url("scorer", "/compare/batch"),
                CommandContext.apiKey(a),
                CommandContext.file(a.word(1, "a file of pairs (one JSON object per line)")),
                a.has("--out") ? CommandContext.file(a.option("--out")) : null,
                a.has("--json"));
    }

    private int run(String batch, Map<String, String> key, Path pairs, Path answersFile, boolean json) {
        int[] counts = new int[3];
        List<String> refused = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(pairs, StandardCharsets.UTF_8);
                BufferedWriter file =
                        answersFile == null ? null : Files.newBufferedWriter(answersFile, StandardCharsets.UTF_8)) {
            if (!json && answersFile == null) {
                out.printf(
                        Locale.ROOT,
                        "%-6s %-12s %-7s %-7s %-7s %s%n",
                        "LINE",
                        "ID",
                        "STRICT",
                        "SET",
                        "RELAXED",
                        "REASON");
            }
            context.client.postNdjson(batch, key, lines(in), answer -> {
                JsonNode line = parse(answer);
                boolean ok = line.path("status").asInt() == 200;
                counts[0]++;
                if (ok && line.at("/result/strict/match").asBoolean()) {
                    counts[1]++;
                }
                if (!ok) {
                    counts[2]++;
                    if (refused.size() < 5) {
                        refused.add("line " + line.path("line").asLong() + ": "
                                + line.path("status").asInt() + " "
                                + line.path("error").asText()
                                + (line.path("field").isTextual()
                                        ? " (fix: " + line.get("field").asText() + ")"
                                        : ""));
                    }
                }
                if (file != null) {
                    write(file, answer);
                } else if (json) {
                    out.println(answer);
                } else {
                    out.println(row(line, ok));
                }
            });
        } catch (NoSuchFileException e) {
            throw new UserError("no such file: " + pairs);
        } catch (IOException | UncheckedIOException e) {
            throw new PlatformClient.NoAnswer("POST", batch, e);
        }
        if (!json) {
            out.printf(
                    Locale.ROOT,
                    "%d pairs compared: %d strict matches, %d lines refused%s%n",
                    counts[0],
                    counts[1],
                    counts[2],
                    answersFile == null ? "" : "; answers written to " + answersFile.toAbsolutePath());
            refused.forEach(r -> out.println("  " + r));
            if (counts[2] > refused.size()) {
                out.println("  … and " + (counts[2] - refused.size()) + " more");
            }
        }
        return counts[2] > 0 ? 1 : 0;
    }

    private static String row(JsonNode line, boolean ok) {
        String id = line.path("id").isNull() || line.path("id").isMissingNode()
                ? "-"
                : line.get("id").asText();
        if (!ok) {
            return String.format(
                    Locale.ROOT,
                    "%-6d %-12s %s %s%s",
                    line.path("line").asLong(),
                    id,
                    line.path("status").asInt(),
                    line.path("error").asText(),
                    line.path("field").isTextual()
                            ? " (fix: " + line.get("field").asText() + ")"
                            : "");
        }
        JsonNode result = line.path("result");
        return String.format(
                Locale.ROOT,
                "%-6d %-12s %-7s %-7s %-7s %s",
                line.path("line").asLong(),
                id,
                yesNo(result.at("/strict/match")),
                yesNo(result.at("/set/match")),
                yesNo(result.at("/relaxed/match")),
                result.at("/strict/reason").asText());
    }

    private static String yesNo(JsonNode match) {
        return match.asBoolean() ? "yes" : "no";
    }

    /** The file's lines as they are read (a line is sent as written; the scorer answers the bad ones). */
    private static Iterator<byte[]> lines(BufferedReader in) {
        return new Iterator<>() {
            private String next = read();

            private String read() {
                try {
                    return in.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public byte[] next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                byte[] line = next.getBytes(StandardCharsets.UTF_8);
                next = read();
                return line;
            }
        };
    }

    private static JsonNode parse(String answer) {
        try {
            return JSON.readTree(answer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(BufferedWriter file, String answer) {
        try {
            file.write(answer);
            file.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
