package dev.snailbench.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.PlatformClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The SNAILS experiment as jobs: gpt-3.5-turbo's recorded answers for the 9 SNAILS databases at the four
 * naturalness levels, one linking-only job per database (the SNAILS databases are SQL Server backups that are not
 * in the data: nothing is executed, every answer is mapped back to native names with the database's crosswalk and
 * scored on schema linking against the native gold). Prints the SNAILS-style tables from the scorer's summaries.
 */
public final class SnailsExperiment {

    static final List<String> LEVELS = List.of("Native", "Regular", "Low", "Least");
    private static final String MODEL = "gpt-3.5-turbo";
    /** gpt-3.5-turbo's recorded answers, relative to the data folder. */
    static final String ANSWERS = "snails/predictions/gpt-3.5-turbo.jsonl";

    private SnailsExperiment() {}

    /** The SNAILS databases of the recorded answers, sorted. */
    public static List<String> databases(Path data) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        for (JsonNode answer : answers(data)) {
            names.add(answer.get("database").asText());
        }
        return List.copyOf(names);
    }

    /** The linking-only replay job of one database: its SNAILS questions, the four levels, the recorded answers. */
    public static Map<String, Object> job(Path data, String database) throws IOException {
        return job(data, database, null);
    }

    /**
     * The same job linked by the given conventions ({@code "snails"}: the SNAILS authors'; null: the platform's
     * default, and the field left out).
     */
    public static Map<String, Object> job(Path data, String database, String linking) throws IOException {
        List<Map<String, String>> predictions = new ArrayList<>();
        for (JsonNode answer : answers(data)) {
            if (answer.get("database").asText().equals(database)) {
                predictions.add(Map.of(
                        "questionId",
                        answer.get("id").asText(),
                        "level",
                        answer.get("level").asText(),
                        "predictedSql",
                        answer.get("predictedSql").asText()));
            }
        }
        // The model's answers as it wrote them: the few that are not one parseable query are scored as failed.
        Map<String, Object> job = new LinkedHashMap<>(Map.of(
                "name",
                "SNAILS " + database + " " + MODEL + " (linking only"
                        + (linking == null ? "" : ", " + linking + " linking") + ")",
                "dialect",
                "sqlserver",
                "model",
                MODEL,
                "questionSet",
                Map.of("benchmark", "snails", "database", database),
                "schemaId",
                database,
                "levels",
                LEVELS,
                "predictions",
                predictions,
                "allowInvalidPredictions",
                true));
        if (linking != null) {
            job.put("linking", linking);
        }
        return job;
    }

    /** Submits one job per database; returns database → job id (linking: as {@link #job(Path, String, String)}). */
    static Map<String, String> submit(PlatformClient client, String apiKey, Path data, String linking)
            throws IOException {
        Map<String, String> jobs = new LinkedHashMap<>();
        for (String database : databases(data)) {
            jobs.put(database, client.submitJob(apiKey, job(data, database, linking)));
        }
        return jobs;
    }

    /** QueryRecall per level over every database, item-weighted: level → {items, sum of QueryRecall}. */
    private static Map<String, double[]> recallByLevel(PlatformClient client, String apiKey, Map<String, String> jobs) {
        Map<String, double[]> byLevel = new LinkedHashMap<>();
        for (String job : jobs.values()) {
            for (JsonNode group : client.summary(apiKey, job).path("byLevel")) {
                JsonNode recall = group.path("metrics").path("queryRecall");
                double[] sums =
                        byLevel.computeIfAbsent(group.path("key").path("level").asText(), k -> new double[2]);
                sums[0] += recall.path("n").asInt();
                sums[1] += recall.path("n").asInt() * recall.path("mean").asDouble();
            }
        }
        return byLevel;
    }

    /**
     * QueryRecall, precision and F1 by level over every database (item-weighted means of the jobs' summaries), the
     * levels ordered by mean QueryRecall, then per database QueryRecall at each level with Kendall tau-b between
     * the query's combined naturalness and its QueryRecall, as the scorer computed it.
     */
    static void report(
            PlatformClient client, String apiKey, Map<String, String> jobs, Map<String, String> snailsLinkingJobs) {
        Map<String, double[]> theirs = recallByLevel(client, apiKey, snailsLinkingJobs);
        Map<String, double[]> byLevel = new LinkedHashMap<>();
        LEVELS.forEach(l -> byLevel.put(l, new double[4]));
        List<String> rows = new ArrayList<>();
        for (Map.Entry<String, String> job : jobs.entrySet()) {
            JsonNode summary = client.summary(apiKey, job.getValue());
            Map<String, Double> recallAt = new TreeMap<>();
            for (JsonNode group : summary.path("byLevel")) {
                String level = group.path("key").path("level").asText();
                JsonNode m = group.path("metrics");
                int n = m.path("queryRecall").path("n").asInt();
                double[] sums = byLevel.computeIfAbsent(level, k -> new double[4]);
                sums[0] += n;
                sums[1] += n * m.path("queryRecall").path("mean").asDouble();
                sums[2] += n * m.path("queryPrecision").path("mean").asDouble();
                sums[3] += n * m.path("queryF1").path("mean").asDouble();
                recallAt.put(level, m.path("queryRecall").path("mean").asDouble());
            }
            String tau = "     -          -";
            for (JsonNode c : summary.path("naturalnessCorrelations")) {
                if (c.path("measure").asText().equals("combinedNaturalness")
                        && c.path("outcome").asText().equals("queryRecall")
                        && !c.path("tauB").isNull()) {
                    tau = String.format(
                            Locale.ROOT,
                            "%6.3f  %9.2g",
                            c.path("tauB").asDouble(),
                            c.path("pValue").asDouble());
                }
            }
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-32s", job.getKey()));
            for (String level : LEVELS) {
                Double r = recallAt.get(level);
                row.append(r == null ? "       -" : String.format(Locale.ROOT, "  %6.3f", r));
            }
            rows.add(row.append("  ").append(tau).toString());
        }
        System.out.println();
        System.out.println("SNAILS: " + MODEL + "'s recorded answers, mapped back to native names, schema linking "
                + "against the native gold (no execution: the SNAILS databases are not in the data)");
        System.out.println("(QueryRecall: the platform's linking; SNAILS' linking: the authors' conventions, "
                + "job option linking \"snails\")");
        System.out.println("level      items  QueryRecall  QueryRecall (SNAILS' linking)  QueryPrecision  QueryF1");
        List<Map.Entry<String, Double>> order = new ArrayList<>();
        byLevel.forEach((level, s) -> {
            if (s[0] > 0) {
                double[] t = theirs.getOrDefault(level, new double[2]);
                System.out.printf(
                        Locale.ROOT,
                        "%-9s  %5d  %11.3f  %29s  %14.3f  %7.3f%n",
                        level,
                        (int) s[0],
                        s[1] / s[0],
                        t[0] > 0 ? String.format(Locale.ROOT, "%.3f", t[1] / t[0]) : "-",
                        s[2] / s[0],
                        s[3] / s[0]);
                order.add(Map.entry(level, s[1] / s[0]));
            }
        });
        order.sort(Map.Entry.<String, Double>comparingByValue().reversed());
        System.out.println("levels by mean QueryRecall: "
                + String.join(" > ", order.stream().map(Map.Entry::getKey).toList()));
        System.out.println();
        System.out.println("database                          Native  Regular     Low   Least  Kendall tau-b "
                + "(naturalness vs QueryRecall), p");
        rows.forEach(System.out::println);
    }

    private static List<JsonNode> answers(Path data) throws IOException {
        List<JsonNode> answers = new ArrayList<>();
        try (BufferedReader lines = Files.newBufferedReader(data.resolve(ANSWERS))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isBlank()) {
                    answers.add(PlatformClient.json().readTree(line));
                }
            }
        }
        return answers;
    }
}
