package dev.snailbench.classifier.training;

import dev.snailbench.classifier.features.FeatureVector;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Multinomial logistic regression over hashed sparse features, trained by AdaGrad stochastic gradient descent
 * (one example per step, fixed-seed shuffles) with an optional L2 penalty; the result is the average of the
 * weights after each epoch of the second half of training. Written here rather than taken from a
 * library because model selection cross-validates many candidates during the build: on plain arrays one
 * training pass over the SNAILS split takes tens of milliseconds.
 *
 * <p>The weights are laid out as the ONNX graph wants them: row-major {@code [dimension][classes]}.
 */
public final class SoftmaxRegression {

    /** Hyper-parameters of one training run. */
    public record Settings(double learningRate, int epochs, double l2, long seed) {
        @Override
        public String toString() {
            return "softmax regression, AdaGrad(lr=" + learningRate + "), epochs=" + epochs + ", l2=" + l2 + ", seed="
                    + seed;
        }
    }

    private final int dimension;
    private final int classes;
    private final float[] weights;
    private final float[] bias;

    private SoftmaxRegression(int dimension, int classes, float[] weights, float[] bias) {
        this.dimension = dimension;
        this.classes = classes;
        this.weights = weights;
        this.bias = bias;
    }

    /** A model from existing weights ({@code [dimension][classes]}) and bias, e.g. an average of several. */
    public static SoftmaxRegression of(int dimension, int classes, float[] weights, float[] bias) {
        return new SoftmaxRegression(dimension, classes, weights, bias);
    }

    /**
     * @param examples the features of each example
     * @param labels   the class (0..classes-1) of each example
     */
    public static SoftmaxRegression train(
            List<FeatureVector> examples, int[] labels, int dimension, int classes, Settings settings) {
        return train(examples, labels, dimension, classes, settings, new int[] {settings.epochs()})[0];
    }

    /**
     * The models of several epoch counts from one run: a run of {@code e} epochs is the first {@code e} epochs of a
     * longer one with the same seed (the same shuffles, the same steps), so one run of the largest count gives each
     * count's model, the average of its own second half, exactly as a run of that count alone would.
     *
     * @param epochs the epoch counts wanted ({@code settings.epochs()} is not used)
     * @return one model per entry of {@code epochs}, in their order
     */
    public static SoftmaxRegression[] train(
            List<FeatureVector> examples, int[] labels, int dimension, int classes, Settings settings, int[] epochs) {
        float[] w = new float[dimension * classes];
        float[] b = new float[classes];
        float[] gw = new float[dimension * classes]; // AdaGrad: sum of squared gradients
        float[] gb = new float[classes];
        double eps = 1e-6;
        int n = examples.size();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Random random = new Random(settings.seed());
        double[] p = new double[classes];
        // Tail averaging: the model is the mean of the weights after each epoch of the second half, which
        // smooths the last steps' noise (in cross-validation on train: +0.2 points over the last iterate).
        float[][] averageW = new float[epochs.length][w.length];
        float[][] averageB = new float[epochs.length][classes];
        int[] snapshots = new int[epochs.length];
        int last = Arrays.stream(epochs).max().orElseThrow();
        float lr = (float) settings.learningRate();
        float l2 = (float) settings.l2();
        for (int epoch = 0; epoch < last; epoch++) {
            shuffle(order, random);
            for (int k = 0; k < n; k++) {
                int e = order[k];
                FeatureVector x = examples.get(e);
                scores(w, b, x, classes, p);
                softmaxInPlace(p);
                for (int c = 0; c < classes; c++) {
                    float g = (float) (p[c] - (labels[e] == c ? 1 : 0));
                    gb[c] += g * g;
                    b[c] -= lr * g / (float) Math.sqrt(gb[c] + eps);
                    for (int f = 0; f < x.size(); f++) {
                        int at = x.index(f) * classes + c;
                        float gf = g * x.value(f) + l2 * w[at];
                        gw[at] += gf * gf;
                        w[at] -= lr * gf / (float) Math.sqrt(gw[at] + eps);
                    }
                }
            }
            for (int m = 0; m < epochs.length; m++) {
                if (epoch >= epochs[m] / 2 && epoch < epochs[m]) {
                    add(averageW[m], w);
                    add(averageB[m], b);
                    snapshots[m]++;
                }
            }
        }
        SoftmaxRegression[] models = new SoftmaxRegression[epochs.length];
        for (int m = 0; m < epochs.length; m++) {
            scale(averageW[m], 1f / snapshots[m]);
            scale(averageB[m], 1f / snapshots[m]);
            models[m] = new SoftmaxRegression(dimension, classes, averageW[m], averageB[m]);
        }
        return models;
    }

    private static void add(float[] sum, float[] values) {
        for (int i = 0; i < sum.length; i++) {
            sum[i] += values[i];
        }
    }

    private static void scale(float[] values, float factor) {
        for (int i = 0; i < values.length; i++) {
            values[i] *= factor;
        }
    }

    /** Class probabilities of one example. */
    public double[] probabilities(FeatureVector x) {
        double[] p = new double[classes];
        scores(weights, bias, x, classes, p);
        softmaxInPlace(p);
        return p;
    }

    /** Log-probabilities of each class (for the blend with the ordinal model). */
    public double[] logProbabilities(FeatureVector x) {
        double[] z = new double[classes];
        scores(weights, bias, x, classes, z);
        Blend.logSoftmaxInPlace(z);
        return z;
    }

    public float[] weights() {
        return weights;
    }

    public float[] bias() {
        return bias;
    }

    public int dimension() {
        return dimension;
    }

    public int classes() {
        return classes;
    }

    private static void scores(float[] w, float[] b, FeatureVector x, int classes, double[] out) {
        for (int c = 0; c < classes; c++) {
            out[c] = b[c];
        }
        for (int f = 0; f < x.size(); f++) {
            int row = x.index(f) * classes;
            float v = x.value(f);
            for (int c = 0; c < classes; c++) {
                out[c] += w[row + c] * v;
            }
        }
    }

    /** One epoch's order of the examples (Fisher-Yates), shared with {@link OrdinalRegression}. */
    static void shuffle(int[] order, Random random) {
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }

    static void softmaxInPlace(double[] p) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : p) {
            max = Math.max(max, v);
        }
        double sum = 0;
        for (int c = 0; c < p.length; c++) {
            p[c] = Math.exp(p[c] - max);
            sum += p[c];
        }
        for (int c = 0; c < p.length; c++) {
            p[c] /= sum;
        }
    }
}
