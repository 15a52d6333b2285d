package dev.snailbench.classifier.training;

import dev.snailbench.classifier.features.FeatureVector;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Cumulative-logit (ordinal) regression over the same hashed sparse features: one score {@code s = w·x} per
 * identifier and two thresholds, {@code P(label ≤ Regular) = σ(θ₀ − s)}, {@code P(label ≤ Low) = σ(θ₁ − s)}.
 * The labels are ordered (Regular, Low, Least: ever harder to decode), which the softmax model does not know;
 * alone this model is weaker (cross-validation 0.884 against 0.901), but blended into the softmax model's
 * log-probabilities it gains 0.2–0.5 points on each of four fold assignments (README, Figures).
 * Trained like {@link SoftmaxRegression}: AdaGrad SGD, one example per step, fixed-seed shuffles, the average of
 * the parameters after each epoch of the second half.
 */
public final class OrdinalRegression {

    /** Smallest probability a class gets, so its logarithm stays finite (the ONNX graph uses the same floor). */
    static final double FLOOR = 1e-9;

    private final float[] weights;
    private final float[] thresholds;

    OrdinalRegression(float[] weights, float[] thresholds) {
        this.weights = weights;
        this.thresholds = thresholds;
    }

    /** @param labels 0 = Regular, 1 = Low, 2 = Least */
    public static OrdinalRegression train(
            List<FeatureVector> examples, int[] labels, int dimension, double learningRate, int epochs, long seed) {
        float[] w = new float[dimension];
        float[] gw = new float[dimension];
        float[] theta = {-1f, 1f};
        float[] gTheta = new float[2];
        float[] averageW = new float[dimension];
        float[] averageTheta = new float[2];
        int snapshots = 0;
        float lr = (float) learningRate;
        int n = examples.size();
        int[] order = IntStream.range(0, n).toArray();
        Random random = new Random(seed);
        for (int epoch = 0; epoch < epochs; epoch++) {
            SoftmaxRegression.shuffle(order, random);
            for (int k = 0; k < n; k++) {
                FeatureVector x = examples.get(order[k]);
                double s = score(w, x);
                double a = sigmoid(theta[0] - s);
                double b = sigmoid(theta[1] - s);
                // Gradients of -log P(label) with respect to s, θ₀ and θ₁.
                double ds, d0 = 0, d1 = 0;
                switch (labels[order[k]]) {
                    case 0 -> {
                        ds = 1 - a;
                        d0 = -(1 - a);
                    }
                    case 2 -> {
                        ds = -b;
                        d1 = b;
                    }
                    default -> {
                        double p = Math.max(b - a, FLOOR);
                        ds = (b * (1 - b) - a * (1 - a)) / p;
                        d0 = a * (1 - a) / p;
                        d1 = -b * (1 - b) / p;
                    }
                }
                for (int f = 0; f < x.size(); f++) {
                    int at = x.index(f);
                    float g = (float) (ds * x.value(f));
                    gw[at] += g * g;
                    w[at] -= lr * g / (float) Math.sqrt(gw[at] + 1e-6);
                }
                gTheta[0] += (float) (d0 * d0);
                theta[0] -= lr * (float) d0 / (float) Math.sqrt(gTheta[0] + 1e-6);
                gTheta[1] += (float) (d1 * d1);
                theta[1] -= lr * (float) d1 / (float) Math.sqrt(gTheta[1] + 1e-6);
                theta[1] = Math.max(theta[1], theta[0] + 0.01f); // keep the thresholds ordered
            }
            if (epoch >= epochs / 2) {
                for (int i = 0; i < dimension; i++) {
                    averageW[i] += w[i];
                }
                averageTheta[0] += theta[0];
                averageTheta[1] += theta[1];
                snapshots++;
            }
        }
        for (int i = 0; i < dimension; i++) {
            averageW[i] /= snapshots;
        }
        averageTheta[0] /= snapshots;
        averageTheta[1] /= snapshots;
        return new OrdinalRegression(averageW, averageTheta);
    }

    /** Log-probabilities of Regular, Low, Least. */
    public double[] logProbabilities(FeatureVector x) {
        return logProbabilities(score(weights, x), thresholds);
    }

    static double[] logProbabilities(double score, float[] thresholds) {
        double a = sigmoid(thresholds[0] - score);
        double b = sigmoid(thresholds[1] - score);
        return new double[] {
            Math.log(Math.max(a, FLOOR)), Math.log(Math.max(b - a, FLOOR)), Math.log(Math.max(1 - b, FLOOR))
        };
    }

    public float[] weights() {
        return weights;
    }

    public float[] thresholds() {
        return thresholds;
    }

    static double score(float[] w, FeatureVector x) {
        double s = 0;
        for (int f = 0; f < x.size(); f++) {
            s += w[x.index(f)] * x.value(f);
        }
        return s;
    }

    private static double sigmoid(double z) {
        return 1 / (1 + Math.exp(-z));
    }
}
