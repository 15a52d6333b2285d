package dev.snailbench.classifier.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.classifier.config.ClassifierConfig.ExecutionProvider;
import dev.snailbench.classifier.features.EnglishWords;
import dev.snailbench.classifier.features.FeatureExtractor;
import dev.snailbench.classifier.features.FeatureVector;
import dev.snailbench.classifier.model.ModelMetadata;
import dev.snailbench.classifier.service.NaturalnessModel;
import dev.snailbench.localstack.DataDir;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ONNX graph the build exported must behave like the Java model it was built from, on every validation
 * identifier, and reach the accuracy the issue asks for.
 */
class OnnxMatchesJavaModelTest {

    static final Path MODEL_DIR = Path.of("target/naturalness-model");

    private static NaturalnessModel onnx;
    private static NaturalnessEnsemble java;
    private static List<LabeledIdentifiers.Row> validation;

    @BeforeAll
    static void load() throws Exception {
        onnx = NaturalnessModel.load(MODEL_DIR, ExecutionProvider.cpu, 0, 1);
        java = NaturalnessEnsemble.read(MODEL_DIR.resolve(ModelMetadata.JAVA_MODEL_FILE));
        validation = LabeledIdentifiers.read(DataDir.resolve().resolve("snails/naturalness/validation.csv"));
    }

    @AfterAll
    static void close() {
        onnx.close();
    }

    @Test
    void shouldPredictTheSameLabelsAndProbabilitiesAsTheJavaModelOnValidation() {
        List<String> identifiers = validation.stream().map(LabeledIdentifiers.Row::identifier).toList();
        float[] probabilities = onnx.predict(identifiers, 0, identifiers.size());
        FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());
        List<String> labels = onnx.labels();
        int sameLabel = 0;
        double maxDifference = 0;
        for (int i = 0; i < identifiers.size(); i++) {
            FeatureVector features = new FeatureVector();
            extractor.extract(identifiers.get(i), features);
            double[] expected = java.probabilities(features);
            int best = 0;
            for (int c = 0; c < labels.size(); c++) {
                maxDifference = Math.max(maxDifference, Math.abs(expected[c] - probabilities[i * 3 + c]));
                if (probabilities[i * 3 + c] > probabilities[i * 3 + best]) {
                    best = c;
                }
            }
            if (best == java.predict(features)) {
                sameLabel++;
            }
        }
        assertThat(sameLabel).as("identical labels out of %d", identifiers.size()).isEqualTo(identifiers.size());
        assertThat(maxDifference).as("largest probability difference").isLessThan(1e-4);
    }

    @Test
    void shouldReachTheTargetAccuracyOnValidationAndReportItInTheMetadata() {
        List<String> identifiers = validation.stream().map(LabeledIdentifiers.Row::identifier).toList();
        float[] probabilities = onnx.predict(identifiers, 0, identifiers.size());
        List<String> predicted = new ArrayList<>();
        for (int i = 0; i < identifiers.size(); i++) {
            int best = 0;
            for (int c = 1; c < 3; c++) {
                if (probabilities[i * 3 + c] > probabilities[i * 3 + best]) {
                    best = c;
                }
            }
            predicted.add(onnx.labels().get(best));
        }
        Scores scores = Scores.of(onnx.labels(), validation.stream().map(LabeledIdentifiers.Row::label).toList(),
                predicted);
        assertThat(scores.accuracy()).isGreaterThanOrEqualTo(0.89);
        assertThat(onnx.metadata().validationAccuracy()).isEqualTo(scores.accuracy(), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(onnx.metadata().confusionMatrix()).isEqualTo(scores.confusion());
    }
}
