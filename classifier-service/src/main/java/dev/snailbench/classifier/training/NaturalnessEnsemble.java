package dev.snailbench.classifier.training;

import dev.snailbench.classifier.features.FeatureVector;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The exported model: the softmax model's log-probabilities blended with the ordinal model's,
 * {@code (1 − w)·log p_softmax + w·log p_ordinal}, renormalized by a softmax (a weighted geometric mean of the two
 * distributions; w = 0 is the softmax model alone). Both read the same features, so their weights are stored
 * side by side as one {@code [dimension][4]} matrix: the three softmax columns, then the ordinal score's
 * column, the layout the ONNX graph gathers rows from. The Java twin of the graph, for the ONNX-vs-Java test.
 */
public final class NaturalnessEnsemble {

    /** Columns per weight row: three class scores and the ordinal score. */
    public static final int COLUMNS = 4;

    private final int dimension;
    private final float[] weights;
    private final float[] bias;
    private final float[] thresholds;
    private final double ordinalWeight;

    private NaturalnessEnsemble(
            int dimension, float[] weights, float[] bias, float[] thresholds, double ordinalWeight) {
        this.dimension = dimension;
        this.weights = weights;
        this.bias = bias;
        this.thresholds = thresholds;
        this.ordinalWeight = ordinalWeight;
    }

    public static NaturalnessEnsemble of(SoftmaxRegression softmax, OrdinalRegression ordinal, double ordinalWeight) {
        int dimension = softmax.dimension();
        int classes = softmax.classes();
        float[] weights = new float[dimension * COLUMNS];
        for (int row = 0; row < dimension; row++) {
            System.arraycopy(softmax.weights(), row * classes, weights, row * COLUMNS, classes);
            weights[row * COLUMNS + classes] = ordinal.weights()[row];
        }
        return new NaturalnessEnsemble(
                dimension, weights, softmax.bias().clone(), ordinal.thresholds().clone(), ordinalWeight);
    }

    /** Probabilities of Regular, Low, Least. */
    public double[] probabilities(FeatureVector x) {
        double[] z = new double[3];
        double s = 0;
        for (int f = 0; f < x.size(); f++) {
            int row = x.index(f) * COLUMNS;
            float v = x.value(f);
            for (int c = 0; c < 3; c++) {
                z[c] += weights[row + c] * v;
            }
            s += weights[row + 3] * v;
        }
        for (int c = 0; c < 3; c++) {
            z[c] += bias[c];
        }
        Blend.logSoftmaxInPlace(z);
        double[] ordinal = OrdinalRegression.logProbabilities(s, thresholds);
        return Blend.softmax(Blend.scores(z, ordinal, ordinalWeight));
    }

    public int predict(FeatureVector x) {
        return Blend.argmax(probabilities(x));
    }

    public float[] weights() {
        return weights;
    }

    public float[] bias() {
        return bias;
    }

    public float[] thresholds() {
        return thresholds;
    }

    public double ordinalWeight() {
        return ordinalWeight;
    }

    public int dimension() {
        return dimension;
    }

    /** Writes the model (non-zero weight rows only) so a test can compare the exported ONNX graph with it. */
    public void write(Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(dimension);
            out.writeDouble(ordinalWeight);
            for (float v : bias) {
                out.writeFloat(v);
            }
            for (float v : thresholds) {
                out.writeFloat(v);
            }
            for (int row = 0; row < dimension; row++) {
                boolean zero = true;
                for (int c = 0; c < COLUMNS; c++) {
                    zero &= weights[row * COLUMNS + c] == 0;
                }
                if (!zero) {
                    out.writeInt(row);
                    for (int c = 0; c < COLUMNS; c++) {
                        out.writeFloat(weights[row * COLUMNS + c]);
                    }
                }
            }
            out.writeInt(-1);
        }
    }

    public static NaturalnessEnsemble read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            int dimension = in.readInt();
            double ordinalWeight = in.readDouble();
            float[] bias = {in.readFloat(), in.readFloat(), in.readFloat()};
            float[] thresholds = {in.readFloat(), in.readFloat()};
            float[] weights = new float[dimension * COLUMNS];
            for (int row = in.readInt(); row >= 0; row = in.readInt()) {
                for (int c = 0; c < COLUMNS; c++) {
                    weights[row * COLUMNS + c] = in.readFloat();
                }
            }
            return new NaturalnessEnsemble(dimension, weights, bias, thresholds, ordinalWeight);
        }
    }
}
