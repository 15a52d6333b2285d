package dev.snailbench.workbench.crosswalk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.sql.rewrite.CrosswalkCsv;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Quality check of the rule-based abbreviator on real data (run on request, needs a running classifier):
 * abbreviates the Regular identifiers of the 9 SNAILS crosswalks to Low and Least and reports how often the
 * classifier ({@code POST <url>/classify}) labels the result as intended. For reference it also classifies
 * the Regular names themselves and the SNAILS authors' own Low/Least names.
 *
 * <pre>
 * mvn -B -q test -Dtest=AbbreviatorQualityBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dsnailbench.classifier.url=http://localhost:8081
 * </pre>
 */
class AbbreviatorQualityBenchmark {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BATCH = 5000;

    @Test
    void shouldReportHowOftenAbbreviationsAreClassifiedAsIntended() throws Exception {
        String url = System.getProperty("snailbench.classifier.url", "http://localhost:8081")
                .replaceAll("/+$", "");
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        List<Path> files;
        try (Stream<Path> s = Files.list(DataDir.resolve().resolve("snails/crosswalks"))) {
            files = s.filter(p -> p.toString().endsWith(".csv")).sorted().toList();
        }
        LinkedHashSet<String> regular = new LinkedHashSet<>();
        LinkedHashSet<String> authorsLow = new LinkedHashSet<>();
        LinkedHashSet<String> authorsLeast = new LinkedHashSet<>();
        for (Path f : files) {
            for (CrosswalkEntry r : CrosswalkCsv.parse(Files.readString(f))) {
                regular.add(r.regular());
                authorsLow.add(r.low());
                authorsLeast.add(r.least());
            }
        }
        List<String> originals = List.copyOf(regular);
        List<String> low = originals.stream()
                .map(n -> RuleAbbreviator.abbreviate(n, NaturalnessLevel.LOW))
                .toList();
        List<String> least = originals.stream()
                .map(n -> RuleAbbreviator.abbreviate(n, NaturalnessLevel.LEAST))
                .toList();
        long unchangedLow = 0;
        for (int i = 0; i < originals.size(); i++) {
            if (low.get(i).equals(originals.get(i))) {
                unchangedLow++;
            }
        }
        System.out.printf(
                "distinct Regular identifiers in the 9 SNAILS crosswalks: %d (abbreviator left %d unchanged at Low)%n",
                originals.size(), unchangedLow);
        report("Regular originals", classify(http, url, originals));
        report("rule-based Low", classify(http, url, low));
        report("rule-based Least", classify(http, url, least));
        report("SNAILS authors' Low", classify(http, url, List.copyOf(authorsLow)));
        report("SNAILS authors' Least", classify(http, url, List.copyOf(authorsLeast)));
    }

    private static void report(String what, List<String> labels) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String l : List.of("Regular", "Low", "Least")) {
            counts.put(l, 0);
        }
        labels.forEach(l -> counts.merge(l, 1, Integer::sum));
        int n = labels.size();
        System.out.printf(
                "%-22s n=%5d  Regular %5.1f%%  Low %5.1f%%  Least %5.1f%%%n",
                what,
                n,
                100.0 * counts.get("Regular") / n,
                100.0 * counts.get("Low") / n,
                100.0 * counts.get("Least") / n);
    }

    private static List<String> classify(HttpClient http, String url, List<String> identifiers) throws Exception {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < identifiers.size(); i += BATCH) {
            List<String> batch = identifiers.subList(i, Math.min(identifiers.size(), i + BATCH));
            HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/classify"))
                    .header("Content-Type", "application/json")
                    .timeout(Duration.ofMinutes(2))
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("identifiers", batch))))
                    .build();
            HttpResponse<String> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new AssertionError(
                        "no classifier answering at " + url + "/classify (set -Dsnailbench.classifier.url): " + e, e);
            }
            if (response.statusCode() != 200) {
                throw new AssertionError("classifier answered " + response.statusCode() + ": " + response.body());
            }
            for (JsonNode r : JSON.readTree(response.body()).get("results")) {
                labels.add(r.get("label").asText());
            }
        }
        if (labels.size() != identifiers.size()) {
            throw new AssertionError("classifier answered " + labels.size() + " of " + identifiers.size());
        }
        return labels;
    }
}
