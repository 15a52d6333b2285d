package dev.snailbench.classifier.training;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.snailbench.classifier.features.EnglishWords;
import dev.snailbench.classifier.features.FeatureExtractor;
import dev.snailbench.classifier.features.FeatureVector;
import dev.snailbench.classifier.model.ModelMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.tribuo.Example;
import org.tribuo.MutableDataset;
import org.tribuo.Prediction;
import org.tribuo.VariableInfo;
import org.tribuo.classification.Label;
import org.tribuo.classification.LabelFactory;
import org.tribuo.classification.sgd.linear.LinearSGDModel;
import org.tribuo.classification.sgd.linear.LinearSGDTrainer;
import org.tribuo.classification.sgd.objectives.LogMulticlass;
import org.tribuo.impl.ArrayExample;
import org.tribuo.math.la.DenseMatrix;
import org.tribuo.math.optimisers.AdaGrad;
import org.tribuo.provenance.SimpleDataSourceProvenance;

/**
 * Trains the naturalness classifier during the build: a multinomial logistic regression (Tribuo linear SGD,
 * AdaGrad, fixed seed) on hashed identifier features from {@code snails/naturalness/train.csv}, chosen among a
 * small grid by accuracy on {@code validation.csv}; writes the ONNX graph, the Tribuo model (for the
 * ONNX-vs-Java check) and {@code model.json} into the output folder.
 *
 * <p>Only the naturalness splits are read: the crosswalks and schema levels overlap the withheld test split.
 *
 * <p>Usage: {@code TrainNaturalnessModel <data-dir> <output-dir>}
 */
public final class TrainNaturalnessModel {

    /** The canonical label order of the ONNX output columns. */
    public static final List<String> LABELS = List.of("Regular", "Low", "Least");
    public static final long SEED = 20250622L;

    /** The selection grid; override with -Dnaturalness.learning-rates=0.05,0.1 -Dnaturalness.epochs=8,16 to explore. */
    private static final double[] LEARNING_RATES = java.util.Arrays.stream(
            System.getProperty("naturalness.learning-rates", "0.03,0.05").split(",")).mapToDouble(Double::parseDouble)
            .toArray();
    private static final int[] EPOCHS = java.util.Arrays.stream(System.getProperty("naturalness.epochs", "12,24")
            .split(",")).mapToInt(Integer::parseInt).toArray();

    private TrainNaturalnessModel() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: TrainNaturalnessModel <data-dir> <output-dir>");
        }
        Logger.getLogger("org.tribuo").setLevel(Level.WARNING);
        long started = System.nanoTime();
        Path dataDir = Path.of(args[0]);
        Path outputDir = Path.of(args[1]);
        List<LabeledIdentifiers.Row> train = LabeledIdentifiers.read(dataDir.resolve("snails/naturalness/train.csv"));
        List<LabeledIdentifiers.Row> validation = LabeledIdentifiers.read(
                dataDir.resolve("snails/naturalness/validation.csv"));
        FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());

        LabelFactory labels = new LabelFactory();
        MutableDataset<Label> trainSet = new MutableDataset<>(new SimpleDataSourceProvenance("snails-naturalness-train",
                OffsetDateTime.of(2025, 6, 23, 0, 0, 0, 0, ZoneOffset.UTC), labels), labels);
        for (LabeledIdentifiers.Row row : train) {
            trainSet.add(example(extractor, row.identifier(), new Label(row.label())));
        }
        List<Example<Label>> validationSet = new ArrayList<>(validation.size());
        for (LabeledIdentifiers.Row row : validation) {
            validationSet.add(example(extractor, row.identifier(), new Label(row.label())));
        }
        List<String> actual = validation.stream().map(LabeledIdentifiers.Row::label).toList();

        List<ModelMetadata.Candidate> candidates = new ArrayList<>();
        LinearSGDModel best = null;
        Scores bestScores = null;
        String bestConfig = null;
        for (double learningRate : LEARNING_RATES) {
            for (int epochs : EPOCHS) {
                String config = "LogMulticlass, AdaGrad(lr=" + learningRate + ", eps=1e-6), epochs=" + epochs
                        + ", minibatch=1, seed=" + SEED;
                LinearSGDTrainer trainer = new LinearSGDTrainer(new LogMulticlass(), new AdaGrad(learningRate, 1e-6),
                        epochs, Integer.MAX_VALUE, 1, SEED);
                LinearSGDModel model = (LinearSGDModel) trainer.train(trainSet);
                Scores scores = Scores.of(LABELS, actual, predict(model, validationSet));
                candidates.add(new ModelMetadata.Candidate(config, scores.accuracy(), scores.macroF1()));
                System.out.printf("[naturalness] %s: validation accuracy %.4f, macro-F1 %.4f%n", config,
                        scores.accuracy(), scores.macroF1());
                if (bestScores == null || scores.accuracy() > bestScores.accuracy()) {
                    best = model;
                    bestScores = scores;
                    bestConfig = config;
                }
            }
        }
        if (Boolean.getBoolean("naturalness.print-errors")) {
            List<String> predicted = predict(best, validationSet);
            for (int i = 0; i < predicted.size(); i++) {
                if (!predicted.get(i).equals(actual.get(i))) {
                    System.out.println("[naturalness] error: " + validation.get(i).identifier() + " actual "
                            + actual.get(i) + ", predicted " + predicted.get(i));
                }
            }
        }
        write(best, bestConfig, bestScores, candidates, train.size(), validation.size(), outputDir);
        System.out.printf("[naturalness] chose %s: validation accuracy %.4f, macro-F1 %.4f; wrote %s in %.1f s%n",
                bestConfig, bestScores.accuracy(), bestScores.macroF1(), outputDir,
                (System.nanoTime() - started) / 1e9);
    }

    /** A Tribuo example whose feature names are the zero-padded hash buckets ({@code f000123}). */
    public static ArrayExample<Label> example(FeatureExtractor extractor, String identifier, Label label) {
        FeatureVector features = new FeatureVector();
        extractor.extract(identifier, features);
        String[] names = new String[features.size()];
        double[] values = new double[features.size()];
        for (int i = 0; i < features.size(); i++) {
            names[i] = featureName(features.index(i));
            values[i] = features.value(i);
        }
        return new ArrayExample<>(label, names, values);
    }

    public static String featureName(int bucket) {
        return String.format("f%06d", bucket);
    }

    private static List<String> predict(LinearSGDModel model, List<Example<Label>> examples) {
        List<String> predicted = new ArrayList<>(examples.size());
        for (Prediction<Label> p : model.predict(examples)) {
            predicted.add(p.getOutput().getLabel());
        }
        return predicted;
    }

    private static void write(LinearSGDModel model, String config, Scores scores,
            List<ModelMetadata.Candidate> candidates, int trainRows, int validationRows, Path outputDir)
            throws IOException, NoSuchAlgorithmException {
        int classes = LABELS.size();
        int dimension = FeatureExtractor.DIMENSION;
        DenseMatrix w = model.getWeightsCopy();
        int numFeatures = model.getFeatureIDMap().size();
        if (w.getDimension1Size() != classes || w.getDimension2Size() != numFeatures + 1) {
            throw new IllegalStateException("unexpected Tribuo weight shape " + w.getDimension1Size() + "x"
                    + w.getDimension2Size() + " for " + classes + " labels and " + numFeatures + " features + bias");
        }
        int[] column = new int[classes]; // ONNX column c (canonical label order) ← Tribuo output id
        for (int c = 0; c < classes; c++) {
            column[c] = model.getOutputIDInfo().getID(new Label(LABELS.get(c)));
        }
        float[] weights = new float[dimension * classes];
        for (VariableInfo info : model.getFeatureIDMap()) {
            int bucket = Integer.parseInt(info.getName().substring(1));
            int id = model.getFeatureIDMap().getID(info.getName());
            for (int c = 0; c < classes; c++) {
                weights[bucket * classes + c] = (float) w.get(column[c], id);
            }
        }
        float[] bias = new float[classes];
        for (int c = 0; c < classes; c++) {
            bias[c] = (float) w.get(column[c], numFeatures);
        }
        byte[] onnx = OnnxSparseLinearModel.build(weights, bias, dimension, classes,
                "SNAILS identifier naturalness (Regular, Low, Least); features " + FeatureExtractor.VERSION);
        String digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(onnx)).substring(0, 12);
        Files.createDirectories(outputDir);
        Files.write(outputDir.resolve(ModelMetadata.ONNX_FILE), onnx);
        model.serializeToFile(outputDir.resolve(ModelMetadata.TRIBUO_FILE));
        ModelMetadata metadata = new ModelMetadata(
                "naturalness-" + FeatureExtractor.VERSION + "-" + digest,
                FeatureExtractor.VERSION, dimension,
                "feature = hashed bucket 0.." + (dimension - 1) + " (FeatureExtractor " + FeatureExtractor.VERSION
                        + "); bucket b is row b of the weight matrix",
                LABELS, OnnxSparseLinearModel.INPUT_INDICES + ": int64 [T] (buckets of all identifiers, concatenated); "
                        + OnnxSparseLinearModel.INPUT_ROWS + ": int64 [T, 1] (identifier of each feature); "
                        + OnnxSparseLinearModel.INPUT_SHAPE + ": int64 [2] = [N, " + classes + "]",
                OnnxSparseLinearModel.INPUT_VALUES + ": float [T]",
                OnnxSparseLinearModel.OUTPUT_PROBABILITIES + ": float [N, " + classes + "] in label order",
                Instant.now().toString(), "Tribuo 4.3.2 LinearSGDTrainer (multinomial logistic regression)", config,
                EnglishWords.SOURCE + ", " + EnglishWords.get().size() + " words", trainRows, validationRows,
                scores.accuracy(), scores.macroF1(), scores.confusion(), scores.f1ByLabel(), candidates);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(outputDir.resolve(ModelMetadata.FILE).toFile(), metadata);
    }

}
