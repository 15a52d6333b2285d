package dev.snailbench.classifier.service;

import dev.snailbench.classifier.config.ClassifierConfig;
import dev.snailbench.classifier.features.FeatureExtractor;
import dev.snailbench.classifier.model.ModelMetadata;
import dev.snailbench.model.domain.NaturalnessLevel;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * Classifies identifiers with the ONNX model on a dedicated worker pool: callers on the event loop get a
 * {@link Uni} and never run feature extraction or ONNX themselves.
 */
@Startup
@ApplicationScoped
public class ClassifierService {

    /** Where the build writes the model, relative to the module and to the project root. */
    static final List<Path> DEFAULT_MODEL_DIRS =
            List.of(Path.of("target/naturalness-model"), Path.of("classifier-service/target/naturalness-model"));

    private static final Logger LOG = Logger.getLogger(ClassifierService.class);
    /** Time to classify one request's identifiers on a worker (features + ONNX), at /q/metrics. */
    private static final Timer BATCHES = Timer.builder("snailbench.classifier.batch")
            .description("classification of one request's identifiers")
            .publishPercentiles(0.5, 0.95, 0.99)
            .register(Metrics.globalRegistry);

    private final ClassifierConfig config;
    private final NaturalnessModel model;
    private final ExecutorService workers;

    public ClassifierService(ClassifierConfig config) {
        this.config = config;
        Path dir = modelDir(config);
        this.model =
                NaturalnessModel.load(dir, config.executionProvider(), config.cudaDevice(), config.intraOpThreads());
        AtomicInteger counter = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(config.workerThreads(), r -> {
            Thread t = new Thread(r, "classifier-worker-" + counter.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        ModelMetadata m = model.metadata();
        LOG.infof(
                "Naturalness model %s loaded from %s on %s: trained %s on %s; validation accuracy %.4f, macro-F1 "
                        + "%.4f, confusion matrix (actual -> predicted) %s; cross-fitted validation accuracy %.4f",
                m.modelVersion(),
                dir.toAbsolutePath().normalize(),
                config.executionProvider(),
                m.trainingDate(),
                m.trainedOn(),
                m.validationAccuracy(),
                m.validationMacroF1(),
                m.confusionMatrix(),
                m.crossFittedAccuracy());
    }

    static Path modelDir(ClassifierConfig config) {
        if (config.modelDir().isPresent()) {
            return Path.of(config.modelDir().get());
        }
        return DEFAULT_MODEL_DIRS.stream()
                .filter(d -> Files.isRegularFile(d.resolve(ModelMetadata.ONNX_FILE)))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no naturalness model found in " + DEFAULT_MODEL_DIRS
                        + " under " + Path.of("").toAbsolutePath() + ": build classifier-service with Maven (training "
                        + "runs in process-classes) or set snailbench.classifier.model-dir"));
    }

    public ModelMetadata metadata() {
        return model.metadata();
    }

    public ClassifierConfig.ExecutionProvider executionProvider() {
        return model.provider();
    }

    /** Classifies on the worker pool; the list is in input order. */
    public Uni<List<Classification>> classify(List<String> identifiers) {
        return Uni.createFrom()
                .item(() -> BATCHES.record(() -> classifyBlocking(identifiers)))
                .runSubscriptionOn(workers)
                .ifNoItem()
                .after(config.timeout())
                .failWith(() -> new IllegalStateException(
                        "classifying " + identifiers.size() + " identifiers took longer than " + config.timeout()));
    }

    /** Blocking: batches of {@code batchSize} per ONNX run. Only for worker threads, tests and benchmarks. */
    public List<Classification> classifyBlocking(List<String> identifiers) {
        List<String> labels = model.labels();
        FeatureExtractor extractor = model.extractor();
        List<Classification> results = new ArrayList<>(identifiers.size());
        for (int from = 0; from < identifiers.size(); from += config.batchSize()) {
            int to = Math.min(identifiers.size(), from + config.batchSize());
            float[] probabilities = model.predict(identifiers, from, to);
            for (int i = 0; i < to - from; i++) {
                String identifier = identifiers.get(from + i);
                Map<String, Double> byLabel = new LinkedHashMap<>();
                int best = 0;
                for (int c = 0; c < labels.size(); c++) {
                    float p = probabilities[i * labels.size() + c];
                    byLabel.put(labels.get(c), (double) p);
                    if (p > probabilities[i * labels.size() + best]) {
                        best = c;
                    }
                }
                FeatureExtractor.Analysis analysis = extractor.analyse(identifier);
                results.add(new Classification(
                        identifier,
                        NaturalnessLevel.fromLabel(labels.get(best)),
                        byLabel,
                        analysis.tokens(),
                        analysis.tokenInDictionaryShare()));
            }
        }
        return results;
    }

    @PreDestroy
    void close() {
        workers.shutdownNow();
        model.close();
    }
}
