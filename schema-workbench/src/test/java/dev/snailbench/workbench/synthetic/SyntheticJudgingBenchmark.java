package dev.snailbench.workbench.synthetic;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.SyntheticSuite;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Writes the questions of a suite the executor generated (the offline frame writer as {@code POST /synthetic-sets}
 * with {@code questions: offline, embeddings: lexical} runs it: frames that fit, the closest to the query first, the
 * lexical centroid among equally close ones), keeps the first 1,000 pairs with a question, and prints a seeded
 * random 100 of them for a person to judge (the executor's {@code SyntheticShareBenchmark} writes the suite).
 * <pre>
 * mvn -B -pl schema-workbench test -Dtest=SyntheticJudgingBenchmark -Djudging.seed=2026
 * </pre>
 */
class SyntheticJudgingBenchmark {

    @Test
    void shouldPrintAHundredRandomPairsToJudge() throws Exception {
        Path suitePath = Path.of(
                System.getProperty("judging.suite", "../executor-service/target/synthetic-footballdb-v3-seed42.json"));
        SyntheticSuite suite = new ObjectMapper().readValue(suitePath.toFile(), SyntheticSuite.class);
        long seed = Long.parseLong(System.getProperty("judging.seed", "2026"));
        Map<String, SyntheticSuite.Template> templates =
                suite.templates().stream().collect(Collectors.toMap(SyntheticSuite.Template::id, Function.identity()));
        LexicalEmbedder lexical = new LexicalEmbedder();
        List<String[]> kept = new ArrayList<>();
        int refused = 0;
        for (SyntheticSuite.Pair pair : suite.pairs()) {
            if (kept.size() == 1000) {
                break;
            }
            FrameQuestions.Written written = FrameQuestions.write(templates.get(pair.templateId()), pair, 8);
            refused += written.refused();
            if (written.candidates().isEmpty()) {
                continue;
            }
            List<float[]> vectors = lexical.embed(written.candidates()).await().indefinitely();
            int chosen = QuestionFit.rank(
                            written.candidates(),
                            pair.sql(),
                            Centroid.closest(vectors, written.candidates().size()))
                    .get(0);
            kept.add(new String[] {
                pair.id(),
                pair.templateId(),
                written.candidates().get(chosen),
                pair.sql(),
                String.valueOf(pair.expected().rows().size()),
                pair.expected().rows().stream()
                        .limit(3)
                        .map(r -> String.join(" | ", r))
                        .collect(Collectors.joining(" || "))
            });
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < kept.size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(seed));
        Path out = Path.of("target", "judging-sample.tsv");
        Files.createDirectories(out.getParent());
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
            w.println("pair\ttemplate\tquestion\tsql\trows\tfirst rows");
            for (int i : order.subList(0, Math.min(100, order.size()))) {
                w.println(String.join(
                        "\t",
                        List.of(kept.get(i)).stream()
                                .map(s -> s.replace('\t', ' ').replace('\n', ' '))
                                .toList()));
            }
        }
        System.out.printf(
                "kept %d pairs with a question (%d frames refused for a swapped column's word); 100 "
                        + "sampled with seed %d to %s%n",
                kept.size(), refused, seed, out.toAbsolutePath());
    }
}
