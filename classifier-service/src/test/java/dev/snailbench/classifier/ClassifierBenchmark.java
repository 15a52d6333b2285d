package dev.snailbench.classifier;

import static io.restassured.RestAssured.given;

import dev.snailbench.classifier.config.ClassifierConfig.ExecutionProvider;
import dev.snailbench.classifier.features.EnglishWords;
import dev.snailbench.classifier.features.FeatureExtractor;
import dev.snailbench.classifier.features.FeatureVector;
import dev.snailbench.classifier.service.NaturalnessModel;
import dev.snailbench.classifier.training.LabeledIdentifiers;
import dev.snailbench.localstack.DataDir;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Prints identifiers/second for single-thread batched inference (feature extraction + ONNX Runtime on CPU, one
 * intra-op thread) and for {@code POST /classify} round-trips. Run on request:
 * {@code mvn -B -q test -Dtest=ClassifierBenchmark -Dsurefire.failIfNoSpecifiedTests=false -Dclassifier.training.skip=true}
 */
@QuarkusTest
class ClassifierBenchmark {

    private static List<String> identifiers() {
        Path dir = DataDir.resolve().resolve("snails/naturalness");
        List<String> ids = new ArrayList<>();
        LabeledIdentifiers.read(dir.resolve("train.csv")).forEach(r -> ids.add(r.identifier()));
        LabeledIdentifiers.read(dir.resolve("validation.csv")).forEach(r -> ids.add(r.identifier()));
        return ids;
    }

    @Test
    void batchInferenceOnOneThread() {
        List<String> ids = identifiers();
        try (NaturalnessModel model = NaturalnessModel.load(Path.of("target/naturalness-model"), ExecutionProvider.cpu,
                0, 1)) {
            FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());
            FeatureVector v = new FeatureVector();
            for (int batch : new int[] { 256, 1024, 4096 }) {
                run(model, ids, batch, 3.0); // warm-up
                double rate = run(model, ids, batch, 5.0);
                System.out.printf("[benchmark] batch inference (features + ONNX, 1 thread, batch %d): %,.0f identifiers/s%n",
                        batch, rate);
            }
            long start = System.nanoTime();
            long n = 0;
            while (System.nanoTime() - start < 3_000_000_000L) {
                for (String id : ids) {
                    extractor.extract(id, v);
                }
                n += ids.size();
            }
            System.out.printf("[benchmark] feature extraction alone (1 thread): %,.0f identifiers/s%n",
                    n / ((System.nanoTime() - start) / 1e9));
        }
    }

    private static double run(NaturalnessModel model, List<String> ids, int batch, double seconds) {
        long start = System.nanoTime();
        long n = 0;
        while (System.nanoTime() - start < seconds * 1e9) {
            for (int from = 0; from < ids.size(); from += batch) {
                int to = Math.min(ids.size(), from + batch);
                model.predict(ids, from, to);
                n += to - from;
            }
        }
        return n / ((System.nanoTime() - start) / 1e9);
    }

    @Test
    void restRoundTrips() {
        List<String> ids = identifiers();
        for (int size : new int[] { 1, 100, 1000, 10_000 }) {
            List<Map<String, Object>> bodies = new ArrayList<>();
            for (int from = 0; from + size <= ids.size(); from += size) {
                bodies.add(Map.of("identifiers", ids.subList(from, from + size)));
            }
            int rounds = Math.min(bodies.size(), size == 1 ? 2000 : size == 100 ? 100 : 13);
            for (int i = 0; i < Math.min(rounds, 20); i++) { // warm-up
                post(bodies.get(i));
            }
            long start = System.nanoTime();
            for (int i = 0; i < rounds; i++) {
                post(bodies.get(i % bodies.size()));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("[benchmark] REST POST /classify, %d identifiers per call, sequential: %,.0f identifiers/s "
                    + "(%.1f ms per call)%n", size, rounds * (double) size / seconds, seconds * 1000 / rounds);
        }
    }

    private static void post(Map<String, Object> body) {
        given().contentType(ContentType.JSON).body(body).when().post("/classify").then().statusCode(200);
    }
}
