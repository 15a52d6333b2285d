package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;

/**
 * {@code suite create|list|show} (QATCH test suites, {@code /test-suites}) and {@code synthetic create|list|show}
 * (synthetic question sets, {@code /synthetic-sets}): question sets the tenant generates on a registered database,
 * which a job names in {@code questionSet} ({@code testSuiteId}, {@code syntheticSetId}).
 */
final class QuestionSetCommands {

    /** A kind of generated question set: its API path, its name in sentences, and the job field that names it. */
    enum Kind {
        SUITE("/test-suites", "test suite", "testSuiteId", "testCount", "tests", "category"),
        SYNTHETIC("/synthetic-sets", "synthetic set", "syntheticSetId", "pairCount", "pairs", "hardness");

        final String path;
        final String noun;
        final String jobField;
        final String countField;
        final String countNoun;
        final String detailColumn;

        Kind(String path, String noun, String jobField, String countField, String countNoun, String detailColumn) {
            this.path = path;
            this.noun = noun;
            this.jobField = jobField;
            this.countField = countField;
            this.countNoun = countNoun;
            this.detailColumn = detailColumn;
        }
    }

    private final CommandContext context;
    private final Kind kind;

    QuestionSetCommands(CommandContext context, Kind kind) {
        this.context = context;
        this.kind = kind;
    }

    /**
     * {@code suite create --name N --database ID --schema S [--seed N] [--counts CATEGORY=N,…] [--tables T,…]};
     * {@code synthetic create --name N --database ID --schema S --seeds FILE [--seed N] [--target N]
     * [--questions offline|llm] [--embeddings …] [--keep N]} (FILE: the seeds object, JSON or YAML).
     */
    void create(CliArgs a) {
        ObjectNode body = PlatformClient.json().createObjectNode();
        if (kind == Kind.SUITE) {
            a.only("--name", "--database", "--schema", "--seed", "--counts", "--tables");
            if (a.has("--counts")) {
                ObjectNode counts = body.putObject("counts");
                for (String pair : a.option("--counts").split(",")) {
                    String[] kv = pair.split("=", 2);
                    if (kv.length != 2) {
                        throw new IllegalArgumentException(
                                "--counts takes CATEGORY=N,… (e.g. join=5,groupby=3), " + "got '" + pair + "'");
                    }
                    counts.put(kv[0].strip(), number("--counts " + kv[0].strip(), kv[1]));
                }
            }
            if (a.has("--tables")) {
                ArrayNode tables = body.putArray("tables");
                for (String table : a.option("--tables").split(",")) {
                    tables.add(table.strip());
                }
            }
        } else {
            a.only(
                    "--name",
                    "--database",
                    "--schema",
                    "--seed",
                    "--seeds",
                    "--target",
                    "--questions",
                    "--embeddings",
                    "--keep");
            body.set("seeds", CommandContext.readJsonOrYaml(a.option("--seeds")));
            putNumber(body, a, "--target", "target");
            putNumber(body, a, "--keep", "keep");
            putText(body, a, "--questions", "questions");
            putText(body, a, "--embeddings", "embeddings");
        }
        body.put("name", a.option("--name"))
                .put("databaseId", a.option("--database"))
                .put("nativeSchema", a.option("--schema"));
        putNumber(body, a, "--seed", "seed");
        JsonNode set = context.call("POST", "generator", kind.path, a, body);
        if (context.printedAsJson(a, set)) {
            return;
        }
        context.out.println(line(set));
        context.out.println("a job on it: \"questionSet\": {\"" + kind.jobField + "\": \""
                + set.path("id").asText() + "\"}");
    }

    void list(CliArgs a) {
        a.only();
        context.table(
                context.call("GET", "generator", kind.path, a, null),
                a,
                List.of("id", kind.countField, "nativeSchema", "createdAt", "name"));
    }

    /** {@code … show ID}: the set in one line, then its questions (id, category or hardness, question). */
    void show(CliArgs a) {
        String id = a.word(2, "a " + kind.noun + " id");
        a.only();
        JsonNode set = context.call("GET", "generator", kind.path + "/" + id, a, null);
        if (context.printedAsJson(a, set)) {
            return;
        }
        context.out.println(line(set));
        TablePrinter.print(context.out, set.path("questions"), List.of("id", kind.detailColumn, "question"));
    }

    /** {@code test suite ID (NAME): 40 tests on exp_v1}. */
    private String line(JsonNode set) {
        return String.format(
                Locale.ROOT,
                "%s %s (%s): %d %s on %s",
                kind.noun,
                set.path("id").asText(),
                set.path("name").asText(),
                set.path(kind.countField).asInt(),
                kind.countNoun,
                set.path("nativeSchema").asText());
    }

    private static void putNumber(ObjectNode body, CliArgs a, String option, String field) {
        if (a.has(option)) {
            body.put(field, number(option, a.option(option)));
        }
    }

    private static void putText(ObjectNode body, CliArgs a, String option, String field) {
        if (a.has(option)) {
            body.put(field, a.option(option));
        }
    }

    static long number(String option, String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, got '" + value + "'");
        }
    }
}
