package dev.snailbench.inference.prompt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.inference.InferenceException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * k-shot examples from FootballDB's training splits ({@code footballdb/vN/train.json}): a seeded random draw or
 * the most similar questions (word-set Jaccard, ties by position in the file). Blocking reads: call on a worker.
 */
public final class TrainingExamples {

    public record Example(String question, String sql) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dataDir;
    private final Map<String, List<Example>> sets = new ConcurrentHashMap<>();

    public TrainingExamples(Path dataDir) {
        this.dataDir = dataDir;
    }

    public List<Example> select(String schemaName, String question, int k, String selection, long seed) {
        List<Example> all = sets.computeIfAbsent(schemaName, this::load);
        if (k > all.size()) {
            throw new InferenceException(
                    "asked for " + k + " examples, the training set of " + schemaName + " has " + all.size());
        }
        String how = selection == null ? "random" : selection;
        return switch (how) {
            case "random" -> {
                List<Example> shuffled = new ArrayList<>(all);
                Collections.shuffle(shuffled, new Random(seed));
                yield List.copyOf(shuffled.subList(0, k));
            }
            case "similar" -> {
                Set<String> words = Words.of(question);
                List<Integer> order = new ArrayList<>();
                for (int i = 0; i < all.size(); i++) {
                    order.add(i);
                }
                order.sort(Comparator.comparingDouble((Integer i) ->
                                -Words.jaccard(words, Words.of(all.get(i).question())))
                        .thenComparingInt(i -> i));
                yield order.subList(0, k).stream().map(all::get).toList();
            }
            default ->
                throw new InferenceException("unknown shot selection '" + selection + "' (expected random or similar)");
        };
    }

    private List<Example> load(String schemaName) {
        if (!schemaName.startsWith("footballdb/")) {
            throw new InferenceException("no training set for " + schemaName
                    + ": k-shot examples come from FootballDB's train.json (schemas footballdb/v1..v3)");
        }
        Path file = dataDir.resolve("footballdb")
                .resolve(schemaName.substring("footballdb/".length()))
                .resolve("train.json");
        try {
            List<Example> examples = new ArrayList<>();
            for (JsonNode n : JSON.readTree(file.toFile())) {
                examples.add(new Example(
                        n.path("question").asText(), n.path("query").asText().strip()));
            }
            return List.copyOf(examples);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    static boolean exists(Path p) {
        return Files.isRegularFile(p);
    }
}
