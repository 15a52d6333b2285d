package dev.snailbench.classifier.training;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.management.OperatingSystemMXBean;
import dev.snailbench.classifier.features.EnglishWords;
import dev.snailbench.classifier.features.FeatureExtractor;
import dev.snailbench.classifier.features.FeatureVector;
import dev.snailbench.classifier.model.ModelMetadata;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Trains the naturalness classifier during the build: a multinomial logistic regression
 * ({@link SoftmaxRegression}) on hashed identifier features from {@code snails/naturalness/train.csv}.
 *
 * <p>Model selection never looks at the validation split: each candidate configuration is scored by k-fold
 * cross-validation on the training rows (folds by identifier, so a repeated identifier never sits on both
 * sides), the best mean accuracy wins, the held-out model is trained on all training rows, and only then is it
 * scored once on {@code validation.csv} for the figures in {@code model.json}.
 *
 * <p>Last, the winning configuration is cross-validated once more with the training side of every fold extended
 * by the SNAILS {@code naturalness_classifications.csv} rows whose identifier (case-insensitive) is in neither
 * split (the file largely repeats train and validation; none of its validation identifiers may reach training),
 * scored on the same held-out rows; the extra rows are kept only if that is better. Then, on the same held-out
 * rows, the weight of an {@link OrdinalRegression} blended into the winner's log-probabilities
 * ({@link NaturalnessEnsemble}), among {@link #ORDINAL_WEIGHTS} and 0 (the softmax model alone).
 * Crosswalks and schema levels are never read: they overlap the withheld test split.
 *
 * <p>The model scored on validation (written to {@code held-out/}) is not the one shipped: the shipped model is the
 * same configuration trained on the validation rows too, and what those rows add is measured by cross-fitting
 * (each quarter of validation scored by a model trained on train plus the other three quarters).
 *
 * <p>Usage: {@code TrainNaturalnessModel <data-dir> <output-dir>}
 */
public final class TrainNaturalnessModel {

    /** The canonical label order of the ONNX output columns. */
    public static final List<String> LABELS = List.of("Regular", "Low", "Least");

    public static final long SEED = 20250622L;
    /** Four folds: on the 2-core build machines two rounds of two parallel trainings, no idle core. */
    static final int FOLDS = 4;

    /**
     * The selection grid; explore with {@code mvn package -Dnaturalness.learning-rates=0.05,0.1
     * -Dnaturalness.epochs=8,16} (the pom passes them to the training JVM, empty when not set: the defaults).
     */
    private static final double[] LEARNING_RATES = Arrays.stream(
                    setting("naturalness.learning-rates", "0.02,0.03").split(","))
            .mapToDouble(Double::parseDouble)
            .toArray();

    private static final int[] EPOCHS = Arrays.stream(
                    setting("naturalness.epochs", "10,20").split(","))
            .mapToInt(Integer::parseInt)
            .toArray();

    /** The settings that change what is trained, as {@code name=value}: part of the inputs' digest. */
    static List<String> settings() {
        return List.of(
                "naturalness.learning-rates=" + setting("naturalness.learning-rates", "0.02,0.03"),
                "naturalness.epochs=" + setting("naturalness.epochs", "10,20"),
                "naturalness.fold-salts=" + setting("naturalness.fold-salts", ""),
                "naturalness.print-errors=" + Boolean.getBoolean("naturalness.print-errors"));
    }

    /** A system property, or the default when it is unset or blank (the pom always passes it). */
    static String setting(String name, String fallback) {
        String value = System.getProperty(name, "").trim();
        return value.isEmpty() ? fallback : value;
    }

    /**
     * The ordinal model blended into the softmax model: its settings were chosen by cross-validation on train over
     * four fold assignments (lr 0.02, 0.05 and 0.1; README, Figures); the build chooses its weight.
     */
    static final double ORDINAL_LEARNING_RATE = 0.1;

    static final int ORDINAL_EPOCHS = 20;
    /** Blend weights the build chooses from by cross-validation (0, the softmax model alone, is the reference). */
    static final double[] ORDINAL_WEIGHTS = {0.25, 0.35, 0.5};

    /** A trained model's log-probabilities of each class. */
    interface Scorer {
        double[] logProbabilities(FeatureVector x);
    }

    /** Trains a model on some rows. */
    interface Trainer {
        Scorer train(List<FeatureVector> features, int[] labels);
    }

    /** Trains several models on the same rows at once (e.g. one run giving several epoch counts' models). */
    interface Trainers {
        Scorer[] train(List<FeatureVector> features, int[] labels);
    }

    private TrainNaturalnessModel() {}

    /** Labelled rows with their features and class indices. */
    record Examples(List<LabeledIdentifiers.Row> rows, List<FeatureVector> features, int[] labels) {
        static Examples of(List<LabeledIdentifiers.Row> rows, FeatureExtractor extractor) {
            List<FeatureVector> features = new ArrayList<>(rows.size());
            int[] labels = new int[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                FeatureVector v = new FeatureVector();
                extractor.extract(rows.get(i).identifier(), v);
                features.add(v);
                labels[i] = LABELS.indexOf(rows.get(i).label());
            }
            return new Examples(rows, features, labels);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: TrainNaturalnessModel <data-dir> <output-dir>");
        }
        long started = System.nanoTime();
        Path dataDir = Path.of(args[0]);
        Path outputDir = Path.of(args[1]);
        String inputs = TrainingInputs.digest(
                List.of(
                        dataDir.resolve("snails/naturalness/train.csv"),
                        dataDir.resolve("snails/naturalness/validation.csv"),
                        dataDir.resolve("snails/naturalness_classifications.csv")),
                settings(),
                System.getProperty("java.class.path", ""));
        if (TrainingInputs.upToDate(outputDir, inputs)) {
            System.out.println("[naturalness] " + outputDir + " is up to date (its data, settings and code are those "
                    + "it was trained on): not trained again");
            return;
        }
        TrainingInputs.invalidate(outputDir);
        List<LabeledIdentifiers.Row> trainRows =
                LabeledIdentifiers.read(dataDir.resolve("snails/naturalness/train.csv"));
        List<LabeledIdentifiers.Row> validationRows =
                LabeledIdentifiers.read(dataDir.resolve("snails/naturalness/validation.csv"));
        List<LabeledIdentifiers.Row> extraRows =
                extraRows(dataDir.resolve("snails/naturalness_classifications.csv"), trainRows, validationRows);
        FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());
        Examples train = Examples.of(trainRows, extractor);
        Examples extra = Examples.of(extraRows, extractor);
        Examples validation = Examples.of(validationRows, extractor);
        int[] fold = folds(trainRows);

        List<ModelMetadata.Candidate> candidates = new ArrayList<>();
        SoftmaxRegression.Settings bestSettings = null;
        Scores bestCv = null;
        // The winner's held-out log-probabilities, kept for the blend below (not trained a second time).
        double[][] softmaxOut = null;
        for (double learningRate : LEARNING_RATES) {
            // Every epoch count of this learning rate from one run per fold (SoftmaxRegression.train with epochs).
            double[][][] heldOutByEpochs =
                    outOfFold(train, null, fold, EPOCHS.length, softmaxTrainers(learningRate, EPOCHS));
            for (int m = 0; m < EPOCHS.length; m++) {
                SoftmaxRegression.Settings settings = new SoftmaxRegression.Settings(learningRate, EPOCHS[m], 0, SEED);
                double[][] heldOut = heldOutByEpochs[m];
                Scores cv = score(train, heldOut);
                candidates.add(candidate(describe(settings, false, 0), cv));
                if (bestCv == null || cv.accuracy() > bestCv.accuracy()) {
                    bestCv = cv;
                    bestSettings = settings;
                    softmaxOut = heldOut;
                }
            }
        }
        // Then whether the extra rows help the winner, on the same held-out folds.
        boolean bestWithExtra = false;
        if (!extraRows.isEmpty()) {
            double[][] heldOut = outOfFold(train, extra, fold, softmaxTrainer(bestSettings));
            Scores cv = score(train, heldOut);
            candidates.add(candidate(describe(bestSettings, true, extraRows.size()), cv));
            if (cv.accuracy() > bestCv.accuracy()) {
                bestCv = cv;
                bestWithExtra = true;
                softmaxOut = heldOut;
            }
        }
        // Then the ordinal model's weight in the blend, on the same held-out folds (0: the softmax model alone).
        Examples chosenExtra = bestWithExtra ? extra : null;
        double[][] ordinalOut = outOfFold(train, chosenExtra, fold, TrainNaturalnessModel::trainOrdinal);
        double bestWeight = 0;
        for (double weight : ORDINAL_WEIGHTS) {
            Scores cv = score(train, blend(softmaxOut, ordinalOut, weight));
            candidates.add(
                    candidate(describe(bestSettings, bestWithExtra, extraRows.size()) + describeBlend(weight), cv));
            if (cv.accuracy() > bestCv.accuracy()) {
                bestCv = cv;
                bestWeight = weight;
            }
        }
        printOtherFoldAssignments(train, chosenExtra, trainRows, bestSettings, bestWeight, bestCv);
        List<FeatureVector> finalFeatures = new ArrayList<>(train.features());
        int[] finalLabels = train.labels();
        if (bestWithExtra) {
            finalFeatures.addAll(extra.features());
            finalLabels = IntStream.concat(Arrays.stream(train.labels()), Arrays.stream(extra.labels()))
                    .toArray();
        }
        // The held-out model: the chosen configuration trained without the validation rows, which it is scored on.
        NaturalnessEnsemble heldOut = ensemble(finalFeatures, finalLabels, bestSettings, bestWeight);
        List<String> predicted = new ArrayList<>(validationRows.size());
        for (FeatureVector v : validation.features()) {
            predicted.add(LABELS.get(heldOut.predict(v)));
        }
        List<String> actual =
                validationRows.stream().map(LabeledIdentifiers.Row::label).toList();
        Scores scores = Scores.of(LABELS, actual, predicted);
        if (Boolean.getBoolean("naturalness.print-errors")) {
            for (int i = 0; i < predicted.size(); i++) {
                if (!predicted.get(i).equals(actual.get(i))) {
                    System.out.println(
                            "[naturalness] error: " + validationRows.get(i).identifier() + " actual " + actual.get(i)
                                    + ", predicted " + predicted.get(i));
                }
            }
        }
        // What the validation rows add, measured on them without scoring a row with a model trained on it: each
        // quarter of validation (by identifier) scored by the configuration trained on train + the other three.
        Examples trainingSide = new Examples(null, finalFeatures, finalLabels);
        int[] quarter = folds(validationRows);
        Scores crossFitted = score(
                validation,
                blend(
                        outOfFold(validation, trainingSide, quarter, softmaxTrainer(bestSettings)),
                        outOfFold(validation, trainingSide, quarter, TrainNaturalnessModel::trainOrdinal),
                        bestWeight));
        // The shipped model learns from the validation rows too (cross-fitting shows what they add); the test split
        // stays withheld.
        List<FeatureVector> shippedFeatures = new ArrayList<>(finalFeatures);
        shippedFeatures.addAll(validation.features());
        int[] shippedLabels = IntStream.concat(Arrays.stream(finalLabels), Arrays.stream(validation.labels()))
                .toArray();
        NaturalnessEnsemble shipped = ensemble(shippedFeatures, shippedLabels, bestSettings, bestWeight);

        String config = describe(bestSettings, bestWithExtra, extraRows.size()) + describeBlend(bestWeight)
                + "; chosen by " + FOLDS
                + "-fold cross-validation on train (accuracy " + String.format(Locale.ROOT, "%.4f", bestCv.accuracy())
                + ")";
        String heldOutRows = trainRows.size() + " train"
                + (bestWithExtra ? " + " + extraRows.size() + " naturalness_classifications" : "") + " rows";
        Figures figures = new Figures(scores, validationRows.size(), crossFitted);
        write(
                heldOut,
                config,
                heldOutRows + " (no validation row: the validation figures are this model's)",
                figures,
                candidates,
                finalFeatures.size(),
                outputDir.resolve(ModelMetadata.HELD_OUT_DIR));
        write(
                shipped,
                config,
                heldOutRows + " + " + validationRows.size() + " validation rows (the validation "
                        + "figures are those of " + ModelMetadata.HELD_OUT_DIR
                        + "/, the same configuration trained without "
                        + "them)",
                figures,
                candidates,
                shippedFeatures.size(),
                outputDir);
        TrainingInputs.write(outputDir, inputs);
        double cpuSeconds =
                ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
        System.out.printf(
                "[naturalness] chose %s%n[naturalness] validation (scored once, after the choice, by the "
                        + "model trained without it): accuracy %.4f, macro-F1 %.4f, F1 %s, confusion (actual -> predicted) %s%n"
                        + "[naturalness] cross-fitted validation (each quarter scored by the model trained on train + the "
                        + "other three quarters): accuracy %.4f, macro-F1 %.4f, F1 %s, confusion %s%n"
                        + "[naturalness] shipped model trained on %d rows (validation included); wrote %s in %.1f s "
                        + "(%.1f CPU-s)%n",
                config,
                scores.accuracy(),
                scores.macroF1(),
                scores.f1ByLabel(),
                scores.confusion(),
                crossFitted.accuracy(),
                crossFitted.macroF1(),
                crossFitted.f1ByLabel(),
                crossFitted.confusion(),
                shippedFeatures.size(),
                outputDir,
                (System.nanoTime() - started) / 1e9,
                cpuSeconds);
    }

    /**
     * With {@code -Dnaturalness.fold-salts=1,2,3}, the chosen configuration cross-validated again on other fold
     * assignments and the mean over all of them: the figure to compare a change by (README, Figures), printed
     * only, since it plays no part in the choice. Off by default: each salt costs another four trainings.
     */
    private static void printOtherFoldAssignments(
            Examples train,
            Examples extra,
            List<LabeledIdentifiers.Row> rows,
            SoftmaxRegression.Settings settings,
            double ordinalWeight,
            Scores saltZero) {
        String salts = System.getProperty("naturalness.fold-salts", "").trim();
        if (salts.isEmpty()) {
            return;
        }
        StringBuilder figures = new StringBuilder(String.format(Locale.ROOT, "salt 0 %.4f", saltZero.accuracy()));
        double sum = saltZero.accuracy();
        int assignments = 1;
        for (String salt : salts.split(",")) {
            int[] fold = folds(rows, Integer.parseInt(salt.trim()));
            double accuracy = score(
                            train,
                            blend(
                                    outOfFold(train, extra, fold, softmaxTrainer(settings)),
                                    outOfFold(train, extra, fold, TrainNaturalnessModel::trainOrdinal),
                                    ordinalWeight))
                    .accuracy();
            figures.append(String.format(Locale.ROOT, ", salt %s %.4f", salt.trim(), accuracy));
            sum += accuracy;
            assignments++;
        }
        System.out.printf(
                Locale.ROOT,
                "[naturalness] the chosen candidate on %d fold assignments: %s; mean %.4f%n",
                assignments,
                figures,
                sum / assignments);
    }

    private static String describeBlend(double ordinalWeight) {
        return ordinalWeight == 0
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; blended with an ordinal regression " + "(AdaGrad lr=%s, epochs=%d) at weight %s",
                        ORDINAL_LEARNING_RATE,
                        ORDINAL_EPOCHS,
                        ordinalWeight);
    }

    static Scorer trainOrdinal(List<FeatureVector> features, int[] labels) {
        return ordinal(features, labels)::logProbabilities;
    }

    private static OrdinalRegression ordinal(List<FeatureVector> features, int[] labels) {
        return OrdinalRegression.train(
                features, labels, FeatureExtractor.DIMENSION, ORDINAL_LEARNING_RATE, ORDINAL_EPOCHS, SEED);
    }

    private static NaturalnessEnsemble ensemble(
            List<FeatureVector> features, int[] labels, SoftmaxRegression.Settings settings, double ordinalWeight) {
        return NaturalnessEnsemble.of(
                SoftmaxRegression.train(features, labels, FeatureExtractor.DIMENSION, LABELS.size(), settings),
                ordinal(features, labels),
                ordinalWeight);
    }

    /** The validation figures of the held-out model and the cross-fitted ones, written beside both models. */
    record Figures(Scores validation, int validationRows, Scores crossFitted) {}

    static Trainer softmaxTrainer(SoftmaxRegression.Settings settings) {
        return (features, labels) -> SoftmaxRegression.train(
                features, labels, FeatureExtractor.DIMENSION, LABELS.size(), settings)::logProbabilities;
    }

    /** The softmax models of each epoch count at one learning rate, from one run of the largest count. */
    static Trainers softmaxTrainers(double learningRate, int[] epochs) {
        SoftmaxRegression.Settings settings = new SoftmaxRegression.Settings(
                learningRate, Arrays.stream(epochs).max().orElseThrow(), 0, SEED);
        return (features, labels) -> Arrays.stream(SoftmaxRegression.train(
                        features, labels, FeatureExtractor.DIMENSION, LABELS.size(), settings, epochs))
                .map(model -> (Scorer) model::logProbabilities)
                .toArray(Scorer[]::new);
    }

    /** Per row, the blend of two models' log-probabilities (see {@link NaturalnessEnsemble}). */
    static double[][] blend(double[][] softmax, double[][] ordinal, double ordinalWeight) {
        double[][] blended = new double[softmax.length][];
        for (int i = 0; i < softmax.length; i++) {
            blended[i] = Blend.scores(softmax[i], ordinal[i], ordinalWeight);
        }
        return blended;
    }

    private static ModelMetadata.Candidate candidate(String config, Scores cv) {
        System.out.printf(
                "[naturalness] %s: %d-fold cross-validation accuracy %.4f, macro-F1 %.4f%n",
                config, FOLDS, cv.accuracy(), cv.macroF1());
        return new ModelMetadata.Candidate(config, cv.accuracy(), cv.macroF1());
    }

    private static String describe(SoftmaxRegression.Settings settings, boolean withExtra, int extraRows) {
        return settings
                + (withExtra
                        ? ", train + " + extraRows + " naturalness_classifications rows in neither split"
                        : ", train only");
    }

    /**
     * Rows of the SNAILS classification file whose identifier is in neither split (case-insensitive): the file
     * mostly repeats the splits, and a validation identifier must never reach training. Missing file: none.
     */
    static List<LabeledIdentifiers.Row> extraRows(
            Path csv, List<LabeledIdentifiers.Row> train, List<LabeledIdentifiers.Row> validation) {
        if (!Files.isRegularFile(csv)) {
            return List.of();
        }
        Set<String> seen = new HashSet<>();
        train.forEach(r -> seen.add(r.identifier().toLowerCase(Locale.ROOT)));
        validation.forEach(r -> seen.add(r.identifier().toLowerCase(Locale.ROOT)));
        List<LabeledIdentifiers.Row> extra = new ArrayList<>();
        for (LabeledIdentifiers.Row row : LabeledIdentifiers.read(csv, true)) {
            if (seen.add(row.identifier().toLowerCase(Locale.ROOT))) {
                extra.add(row);
            }
        }
        return extra;
    }

    /** The fold of each row, from a hash of its lower-cased identifier, so duplicates share a fold. */
    static int[] folds(List<LabeledIdentifiers.Row> rows) {
        return folds(rows, 0);
    }

    /**
     * Another assignment of rows to folds for each salt (salt 0 is the build's), copies of an identifier still
     * together: one assignment's accuracy moves by about ±0.3 points with the luck of the split, more than most
     * changes worth judging.
     */
    static int[] folds(List<LabeledIdentifiers.Row> rows, int salt) {
        int[] fold = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            int h = (rows.get(i).identifier().toLowerCase(Locale.ROOT).hashCode() + salt * 0x5bd1e995) * 0x9E3779B1;
            fold[i] = Math.floorMod(h ^ (h >>> 16), FOLDS);
        }
        return fold;
    }

    /**
     * Trains on all folds but one (plus the extra rows, if any), scores that one, for each fold (folds in
     * parallel): every training row's held-out log-probabilities.
     */
    static double[][] outOfFold(Examples train, Examples extra, int[] fold, Trainer trainer) {
        return outOfFold(train, extra, fold, 1, (features, labels) -> new Scorer[] {trainer.train(features, labels)})[
                0];
    }

    /** As {@link #outOfFold(Examples, Examples, int[], Trainer)}, for {@code models} models trained together. */
    static double[][][] outOfFold(Examples train, Examples extra, int[] fold, int models, Trainers trainers) {
        double[][][] heldOut = new double[models][fold.length][];
        IntStream.range(0, FOLDS).parallel().forEach(f -> {
            List<FeatureVector> features = new ArrayList<>();
            List<Integer> labels = new ArrayList<>();
            for (int i = 0; i < fold.length; i++) {
                if (fold[i] != f) {
                    features.add(train.features().get(i));
                    labels.add(train.labels()[i]);
                }
            }
            if (extra != null) {
                features.addAll(extra.features());
                Arrays.stream(extra.labels()).forEach(labels::add);
            }
            Scorer[] trained = trainers.train(
                    features, labels.stream().mapToInt(Integer::intValue).toArray());
            for (int i = 0; i < fold.length; i++) {
                if (fold[i] == f) {
                    for (int m = 0; m < models; m++) {
                        heldOut[m][i] =
                                trained[m].logProbabilities(train.features().get(i));
                    }
                }
            }
        });
        return heldOut;
    }

    /** Accuracy and F1 of the highest-scoring class of each row against the rows' labels. */
    static Scores score(Examples rows, double[][] scores) {
        List<String> actual = Arrays.stream(rows.labels()).mapToObj(LABELS::get).toList();
        return Scores.of(
                LABELS,
                actual,
                Arrays.stream(scores).map(s -> LABELS.get(Blend.argmax(s))).toList());
    }

    private static void write(
            NaturalnessEnsemble model,
            String config,
            String trainedOn,
            Figures figures,
            List<ModelMetadata.Candidate> candidates,
            int trainRows,
            Path outputDir)
            throws IOException, NoSuchAlgorithmException {
        int classes = LABELS.size();
        int dimension = FeatureExtractor.DIMENSION;
        byte[] onnx = OnnxSparseLinearModel.build(
                model,
                dimension,
                classes,
                "SNAILS identifier naturalness (Regular, Low, Least); features " + FeatureExtractor.VERSION);
        String digest = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(onnx))
                .substring(0, 12);
        Files.createDirectories(outputDir);
        Files.write(outputDir.resolve(ModelMetadata.ONNX_FILE), onnx);
        Files.deleteIfExists(outputDir.resolve("naturalness.tribuo")); // left by builds before the Java trainer
        model.write(outputDir.resolve(ModelMetadata.JAVA_MODEL_FILE));
        Scores validation = figures.validation();
        Scores crossFitted = figures.crossFitted();
        ModelMetadata metadata = new ModelMetadata(
                "naturalness-" + FeatureExtractor.VERSION + "-" + digest,
                FeatureExtractor.VERSION,
                dimension,
                "feature = hashed bucket 0.." + (dimension - 1) + " (FeatureExtractor " + FeatureExtractor.VERSION
                        + "); bucket b is row b of the weight matrix",
                LABELS,
                OnnxSparseLinearModel.INPUT_INDICES + ": int64 [T] (buckets of all identifiers, concatenated); "
                        + OnnxSparseLinearModel.INPUT_ENDS + ": int64 [N] (position in indices of each identifier's "
                        + "last feature)",
                OnnxSparseLinearModel.INPUT_VALUES + ": float [T]",
                OnnxSparseLinearModel.OUTPUT_PROBABILITIES + ": float [N, " + classes + "] in label order",
                Instant.now().toString(),
                "multinomial logistic regression (SoftmaxRegression, AdaGrad SGD)"
                        + (model.ordinalWeight() == 0 ? "" : " blended with an ordinal regression (OrdinalRegression)"),
                config,
                EnglishWords.SOURCE + ", " + EnglishWords.get().size() + " words",
                trainRows,
                trainedOn,
                figures.validationRows(),
                validation.accuracy(),
                validation.macroF1(),
                validation.confusion(),
                validation.f1ByLabel(),
                crossFitted.accuracy(),
                crossFitted.macroF1(),
                crossFitted.confusion(),
                candidates);
        new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(outputDir.resolve(ModelMetadata.FILE).toFile(), metadata);
    }
}
