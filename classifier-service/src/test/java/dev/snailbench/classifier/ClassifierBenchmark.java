package dev.snailbench.classifier;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.classifier.config.ClassifierConfig.ExecutionProvider;
import dev.snailbench.classifier.features.EnglishWords;
import dev.snailbench.classifier.features.FeatureExtractor;
import dev.snailbench.classifier.features.FeatureVector;
import dev.snailbench.classifier.service.NaturalnessModel;
import dev.snailbench.classifier.training.LabeledIdentifiers;
import dev.snailbench.datasets.DataDir;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
@InMemoryTier
class ClassifierBenchmark {

    @TestHTTPResource("/classify")
    URL classifyUrl;

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
        try (NaturalnessModel model =
                NaturalnessModel.load(Path.of("target/naturalness-model"), ExecutionProvider.cpu, 0, 1)) {
            for (int batch : new int[] {256, 1024, 4096}) {
                measure(() -> predictAll(model, ids, batch), ids.size(), 2.0); // warm-up
                double[] rates = measure(() -> predictAll(model, ids, batch), ids.size(), 5.0);
                System.out.printf(
                        "[benchmark] batch inference (features + ONNX Runtime CPU, 1 thread, batch %d): "
                                + "%,.0f identifiers/s wall, %,.0f identifiers per CPU-second%n",
                        batch, rates[0], rates[1]);
            }
            FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());
            FeatureVector v = new FeatureVector();
            double[] rates = measure(() -> ids.forEach(id -> extractor.extract(id, v)), ids.size(), 3.0);
            System.out.printf(
                    "[benchmark] feature extraction alone (1 thread): %,.0f identifiers/s wall, "
                            + "%,.0f per CPU-second%n",
                    rates[0], rates[1]);
        }
    }

    private static void predictAll(NaturalnessModel model, List<String> ids, int batch) {
        for (int from = 0; from < ids.size(); from += batch) {
            model.predict(ids, from, Math.min(ids.size(), from + batch));
        }
    }

    /**
     * Runs {@code pass} (covering {@code perPass} identifiers) for about {@code seconds}; returns identifiers per
     * wall-clock second and per CPU-second of this thread (the latter is robust to other load on the machine;
     * ONNX Runtime with one intra-op thread runs on the calling thread).
     */
    private static double[] measure(Runnable pass, int perPass, double seconds) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        long n = 0;
        while (System.nanoTime() - start < seconds * 1e9) {
            pass.run();
            n += perPass;
        }
        double wall = (System.nanoTime() - start) / 1e9;
        double cpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        return new double[] {n / wall, n / cpu};
    }

    @Test
    void restRoundTrips() throws Exception {
        List<String> ids = identifiers();
        HttpClient client = HttpClient.newHttpClient();
        URI uri = classifyUrl.toURI();
        ObjectMapper mapper = new ObjectMapper();
        for (int size : new int[] {1, 100, 1000, 10_000}) {
            List<byte[]> bodies = new ArrayList<>();
            for (int from = 0; from + size <= ids.size() && bodies.size() < 200; from += size) {
                bodies.add(mapper.writeValueAsBytes(Map.of("identifiers", ids.subList(from, from + size))));
            }
            int rounds = size == 1 ? 2000 : size == 100 ? 400 : size == 1000 ? 60 : 12;
            for (int i = 0; i < Math.min(rounds, 20); i++) { // warm-up
                post(client, uri, bodies.get(i % bodies.size()));
            }
            long start = System.nanoTime();
            for (int i = 0; i < rounds; i++) {
                post(client, uri, bodies.get(i % bodies.size()));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    "[benchmark] REST POST /classify, %d identifiers per call, one client, sequential: "
                            + "%,.0f identifiers/s (%.2f ms per call)%n",
                    size, rounds * (double) size / seconds, seconds * 1000 / rounds);
        }
    }

    private static void post(HttpClient client, URI uri, byte[] body) throws Exception {
        HttpResponse<byte[]> response = client.send(
                HttpRequest.newBuilder(uri)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("POST /classify answered " + response.statusCode());
        }
    }
}
