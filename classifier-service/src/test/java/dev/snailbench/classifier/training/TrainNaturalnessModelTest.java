package dev.snailbench.classifier.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.classifier.features.EnglishWords;
import dev.snailbench.classifier.features.FeatureExtractor;
import dev.snailbench.classifier.features.FeatureVector;
import dev.snailbench.datasets.DataDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainNaturalnessModelTest {

    @TempDir
    Path dir;

    private static LabeledIdentifiers.Row row(String identifier, String label) {
        return new LabeledIdentifiers.Row(identifier, label);
    }

    @Test
    void shouldNeverTakeAValidationIdentifierIntoTheExtraTrainingRows() throws Exception {
        Path csv = dir.resolve("naturalness_classifications.csv");
        Files.writeString(
                csv, "identifier,label\nVGHT,Least\nModelYear,Regular\nAcctChk,Low\nNoLabelYet,\nTmpltName,Low\n");
        List<LabeledIdentifiers.Row> extra = TrainNaturalnessModel.extraRows(
                csv, List.of(row("ModelYear", "Regular")), List.of(row("VgHt", "Least"), row("tmpltname", "Low")));
        // VGHT and TmpltName are validation identifiers (case aside), ModelYear is already in train, one row has no
        // label.
        assertThat(extra).containsExactly(row("AcctChk", "Low"));
    }

    @Test
    void shouldAddNoRowsWhenTheClassificationFileIsAbsent() {
        assertThat(TrainNaturalnessModel.extraRows(dir.resolve("missing.csv"), List.of(), List.of()))
                .isEmpty();
    }

    @Test
    void shouldPutEveryCopyOfAnIdentifierInTheSameFoldAndUseEveryFold() {
        List<LabeledIdentifiers.Row> rows =
                LabeledIdentifiers.read(DataDir.resolve().resolve("snails/naturalness/train.csv"));
        int[] fold = TrainNaturalnessModel.folds(rows);
        int[] sizes = new int[TrainNaturalnessModel.FOLDS];
        for (int i = 0; i < rows.size(); i++) {
            sizes[fold[i]]++;
        }
        for (int size : sizes) {
            assertThat(size).as("fold sizes %s", Arrays.toString(sizes)).isBetween(rows.size() / 5, rows.size() / 3);
        }
        int[] copies = TrainNaturalnessModel.folds(
                List.of(row("ModelYear", "Regular"), row("MODELYEAR", "Low"), row("modelyear", "Regular")));
        assertThat(copies[1]).isEqualTo(copies[0]);
        assertThat(copies[2]).isEqualTo(copies[0]);
    }

    @Test
    void shouldAssignOtherFoldsForAnotherSaltKeepingCopiesTogether() {
        List<LabeledIdentifiers.Row> rows =
                LabeledIdentifiers.read(DataDir.resolve().resolve("snails/naturalness/train.csv"));
        assertThat(TrainNaturalnessModel.folds(rows, 0)).isEqualTo(TrainNaturalnessModel.folds(rows));
        int[] build = TrainNaturalnessModel.folds(rows);
        int[] salted = TrainNaturalnessModel.folds(rows, 1);
        long moved = IntStream.range(0, rows.size())
                .filter(i -> salted[i] != build[i])
                .count();
        // Independent assignments agree on about a quarter of the rows.
        assertThat(moved).isBetween(rows.size() / 2L, rows.size() * 9L / 10);
        int[] copies = TrainNaturalnessModel.folds(List.of(row("VegHeight", "Low"), row("VEGHEIGHT", "Least")), 1);
        assertThat(copies[1]).isEqualTo(copies[0]);
    }

    @Test
    void shouldTrainTheSameModelTwiceAndReadBackWhatItWrote() throws Exception {
        FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());
        List<LabeledIdentifiers.Row> rows = LabeledIdentifiers.read(
                        DataDir.resolve().resolve("snails/naturalness/train.csv"))
                .subList(0, 2000);
        TrainNaturalnessModel.Examples examples = TrainNaturalnessModel.Examples.of(rows, extractor);
        SoftmaxRegression.Settings settings = new SoftmaxRegression.Settings(0.02, 4, 0, 7);
        SoftmaxRegression first = SoftmaxRegression.train(
                examples.features(), examples.labels(), FeatureExtractor.DIMENSION, 3, settings);
        SoftmaxRegression second = SoftmaxRegression.train(
                examples.features(), examples.labels(), FeatureExtractor.DIMENSION, 3, settings);
        assertThat(second.weights()).isEqualTo(first.weights());
        assertThat(second.bias()).isEqualTo(first.bias());
        OrdinalRegression ordinal =
                OrdinalRegression.train(examples.features(), examples.labels(), FeatureExtractor.DIMENSION, 0.1, 4, 7);
        assertThat(OrdinalRegression.train(
                                examples.features(), examples.labels(), FeatureExtractor.DIMENSION, 0.1, 4, 7)
                        .weights())
                .isEqualTo(ordinal.weights());

        NaturalnessEnsemble model = NaturalnessEnsemble.of(first, ordinal, 0.35);
        Path file = dir.resolve("model.weights");
        model.write(file);
        NaturalnessEnsemble read = NaturalnessEnsemble.read(file);
        FeatureVector v = new FeatureVector();
        extractor.extract("VegHeight", v);
        assertThat(read.probabilities(v)).containsExactly(model.probabilities(v));
        assertThat(read.weights()).isEqualTo(model.weights());
        assertThat(read.thresholds()).isEqualTo(model.thresholds());
    }

    @Test
    void shouldGiveTheSoftmaxModelsProbabilitiesAtBlendWeightZeroAndMoveTowardTheOrdinalModelsAbove() {
        FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());
        List<LabeledIdentifiers.Row> rows = LabeledIdentifiers.read(
                        DataDir.resolve().resolve("snails/naturalness/train.csv"))
                .subList(0, 2000);
        TrainNaturalnessModel.Examples examples = TrainNaturalnessModel.Examples.of(rows, extractor);
        SoftmaxRegression softmax = SoftmaxRegression.train(
                examples.features(),
                examples.labels(),
                FeatureExtractor.DIMENSION,
                3,
                new SoftmaxRegression.Settings(0.02, 4, 0, 7));
        OrdinalRegression ordinal =
                OrdinalRegression.train(examples.features(), examples.labels(), FeatureExtractor.DIMENSION, 0.1, 4, 7);
        FeatureVector v = new FeatureVector();
        extractor.extract("VgHt", v);
        assertThat(NaturalnessEnsemble.of(softmax, ordinal, 0).probabilities(v))
                .containsExactly(softmax.probabilities(v), Offset.offset(1e-9));
        double[] ordinalOnly = NaturalnessEnsemble.of(softmax, ordinal, 1).probabilities(v);
        double[] ordinalLog = ordinal.logProbabilities(v);
        for (int c = 0; c < 3; c++) {
            assertThat(ordinalOnly[c]).isCloseTo(Math.exp(ordinalLog[c]), Offset.offset(1e-6));
        }
        // An abbreviation like VgHt: the ordered model puts more on the harder end than on the easy one.
        assertThat(ordinalOnly[2]).isGreaterThan(ordinalOnly[0]);
    }

    @Test
    void shouldGiveEachEpochCountOfOneRunTheModelARunOfThatCountAloneGives() {
        FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());
        TrainNaturalnessModel.Examples examples = TrainNaturalnessModel.Examples.of(
                LabeledIdentifiers.read(DataDir.resolve().resolve("snails/naturalness/train.csv"))
                        .subList(0, 1000),
                extractor);
        SoftmaxRegression.Settings settings = new SoftmaxRegression.Settings(0.03, 6, 0, 11);
        int[] epochs = {3, 6, 5};

        SoftmaxRegression[] together = SoftmaxRegression.train(
                examples.features(), examples.labels(), FeatureExtractor.DIMENSION, 3, settings, epochs);

        assertThat(together).hasSize(epochs.length);
        for (int m = 0; m < epochs.length; m++) {
            SoftmaxRegression alone = SoftmaxRegression.train(
                    examples.features(),
                    examples.labels(),
                    FeatureExtractor.DIMENSION,
                    3,
                    new SoftmaxRegression.Settings(0.03, epochs[m], 0, 11));
            assertThat(together[m].weights()).as("%d epochs", epochs[m]).isEqualTo(alone.weights());
            assertThat(together[m].bias()).as("%d epochs", epochs[m]).isEqualTo(alone.bias());
        }
        // Different counts, different models (each its own second half).
        assertThat(together[0].weights()).isNotEqualTo(together[1].weights());
        assertThat(together[1].weights()).isNotEqualTo(together[2].weights());
    }

    @Test
    void shouldLearnFromTheTrainingRowsWhatItPredictsOnHeldOutOnes() {
        FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());
        List<LabeledIdentifiers.Row> rows =
                LabeledIdentifiers.read(DataDir.resolve().resolve("snails/naturalness/train.csv"));
        TrainNaturalnessModel.Examples examples = TrainNaturalnessModel.Examples.of(rows, extractor);
        Scores cv = TrainNaturalnessModel.score(
                examples,
                TrainNaturalnessModel.outOfFold(
                        examples,
                        null,
                        TrainNaturalnessModel.folds(rows),
                        TrainNaturalnessModel.softmaxTrainer(
                                new SoftmaxRegression.Settings(0.02, 4, 0, TrainNaturalnessModel.SEED))));
        // Held-out rows only: far above the 38% of always answering the largest class.
        assertThat(cv.accuracy()).isGreaterThan(0.85);
        assertThat(cv.confusion().values().stream()
                        .mapToInt(r ->
                                r.values().stream().mapToInt(Integer::intValue).sum())
                        .sum())
                .isEqualTo(rows.size());
    }
}
