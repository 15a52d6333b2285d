package dev.snailbench.classifier.training;

/** Blending of the two models' log-probabilities, shared by cross-validation and the exported model. */
final class Blend {

    private Blend() {}

    /** {@code (1 − w)·softmaxLog + w·ordinalLog}, per class. */
    static double[] scores(double[] softmaxLog, double[] ordinalLog, double ordinalWeight) {
        double[] score = new double[softmaxLog.length];
        for (int c = 0; c < score.length; c++) {
            score[c] = (1 - ordinalWeight) * softmaxLog[c] + ordinalWeight * ordinalLog[c];
        }
        return score;
    }

    static double[] softmax(double[] scores) {
        double[] p = scores.clone();
        SoftmaxRegression.softmaxInPlace(p);
        return p;
    }

    /** Scores to log-probabilities: minus their log-sum-exp. */
    static void logSoftmaxInPlace(double[] z) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : z) {
            max = Math.max(max, v);
        }
        double sum = 0;
        for (double v : z) {
            sum += Math.exp(v - max);
        }
        double logSum = max + Math.log(sum);
        for (int c = 0; c < z.length; c++) {
            z[c] -= logSum;
        }
    }

    static int argmax(double[] values) {
        int best = 0;
        for (int c = 1; c < values.length; c++) {
            if (values[c] > values[best]) {
                best = c;
            }
        }
        return best;
    }
}
