package dev.snailbench.classifier.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.classifier.config.ClassifierConfig.ExecutionProvider;
import dev.snailbench.classifier.features.EnglishWords;
import dev.snailbench.classifier.features.FeatureExtractor;
import dev.snailbench.classifier.features.FeatureVector;
import dev.snailbench.classifier.model.ModelMetadata;
import dev.snailbench.classifier.service.NaturalnessModel;
import dev.snailbench.datasets.DataDir;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.data.Offset;
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
    private static NaturalnessModel heldOut;
    private static List<LabeledIdentifiers.Row> validation;

    @BeforeAll
    static void load() throws Exception {
        onnx = NaturalnessModel.load(MODEL_DIR, ExecutionProvider.cpu, 0, 1);
        java = NaturalnessEnsemble.read(MODEL_DIR.resolve(ModelMetadata.JAVA_MODEL_FILE));
        heldOut = NaturalnessModel.load(MODEL_DIR.resolve(ModelMetadata.HELD_OUT_DIR), ExecutionProvider.cpu, 0, 1);
        validation = LabeledIdentifiers.read(DataDir.resolve().resolve("snails/naturalness/validation.csv"));
    }

    @AfterAll
    static void close() {
        onnx.close();
        heldOut.close();
    }

    @Test
    void shouldPredictTheSameLabelsAndProbabilitiesAsTheJavaModelOnValidation() {
        List<String> identifiers =
                validation.stream().map(LabeledIdentifiers.Row::identifier).toList();
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
        assertThat(sameLabel)
                .as("identical labels out of %d", identifiers.size())
                .isEqualTo(identifiers.size());
        assertThat(maxDifference).as("largest probability difference").isLessThan(1e-4);
    }

    @Test
    void shouldReportTheValidationFiguresOfTheSameConfigurationTrainedWithoutValidation() {
        Scores scores = scoreOnValidation(heldOut);
        assertThat(scores.accuracy()).isGreaterThanOrEqualTo(0.89);
        for (ModelMetadata metadata : List.of(heldOut.metadata(), onnx.metadata())) {
            assertThat(metadata.validationAccuracy()).isEqualTo(scores.accuracy(), Offset.offset(1e-9));
            assertThat(metadata.confusionMatrix()).isEqualTo(scores.confusion());
        }
        assertThat(onnx.metadata().trainedOn()).contains("validation figures are those of held-out/");
    }

    @Test
    void shouldShipAModelThatAlsoLearnedTheValidationRows() {
        assertThat(onnx.metadata().trainRows()).isEqualTo(heldOut.metadata().trainRows() + validation.size());
        // Learned rows are fitted better than unseen ones: the shipped model really was trained on them.
        assertThat(scoreOnValidation(onnx).accuracy())
                .isGreaterThan(scoreOnValidation(heldOut).accuracy() + 0.01);
        assertThat(onnx.metadata().crossFittedAccuracy()).isGreaterThanOrEqualTo(0.89);
    }

    private static Scores scoreOnValidation(NaturalnessModel model) {
        List<String> identifiers =
                validation.stream().map(LabeledIdentifiers.Row::identifier).toList();
        float[] probabilities = model.predict(identifiers, 0, identifiers.size());
        List<String> predicted = new ArrayList<>();
        for (int i = 0; i < identifiers.size(); i++) {
            int best = 0;
            for (int c = 1; c < 3; c++) {
                if (probabilities[i * 3 + c] > probabilities[i * 3 + best]) {
                    best = c;
                }
            }
            predicted.add(model.labels().get(best));
        }
        return Scores.of(
                model.labels(),
                validation.stream().map(LabeledIdentifiers.Row::label).toList(),
                predicted);
    }
}
