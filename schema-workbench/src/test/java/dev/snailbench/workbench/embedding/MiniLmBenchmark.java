package dev.snailbench.workbench.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sentences per second of the built-in model on one core (one intra-op thread, batches of 32 short texts of the
 * kind the refiner and the synthetic sets embed). Prints the figure docs/REFINER.md quotes:
 * {@code mvn -B -o -q -pl generator-service test -Dtest=MiniLmBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class MiniLmBenchmark {

    @Test
    void shouldPrintSentencesPerSecondOnOneCore() {
        String[] subjects = {"player", "club", "stadium", "match", "referee", "national team", "league", "season"};
        String[] frames = {
            "What is the %s's name?",
            "How many goals did the %s score in total?",
            "List every %s founded before 1990.",
            "the %s identifier",
            "%s capacity",
            "Which %s has the most wins?"
        };
        List<String> texts = new ArrayList<>();
        for (int i = 0; texts.size() < 2048; i++) {
            texts.add(String.format(frames[i % frames.length], subjects[(i / frames.length) % subjects.length])
                    + (i >= 48 ? " " + i : ""));
        }
        try (MiniLm model = MiniLm.load(MiniLm.Provider.cpu, 0, 1)) {
            model.embed(texts.subList(0, 256), 32); // warm-up
            for (int batch : new int[] {1, 32}) {
                long start = System.nanoTime();
                List<float[]> v = model.embed(texts, batch);
                double seconds = (System.nanoTime() - start) / 1e9;
                assertThat(v).hasSize(texts.size());
                System.out.printf(
                        "MiniLM (quantized, ONNX Runtime, cpu, 1 thread), batch %d: %d sentences in %.2f s = "
                                + "%.0f sentences/s%n",
                        batch, texts.size(), seconds, texts.size() / seconds);
            }
        }
    }
}
