package dev.snailbench.classifier.training;

/** Blending of the two models' log-probabilities, shared by cross-validation and the exported model. */
final class Blend {

    private Blend() {
    }

    /** {@code (1 − w)·softmaxLog + w·ordinalLog}, per class. */
    static double[] scores(double[] softmaxLog, double[] ordinalLog, double ordinalWeight) {
        double[] score = new double[softmaxLog.length];
        for (int c = 0; c < score.length; c++) {
            score[c] = (1 - ordinalWeight) * softmaxLog[c] + ordinalWeight * ordinalLog[c];
        }
        return score;
    }

    static double[] softmax(double[] scores) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : scores) {
            max = Math.max(max, v);
        }
        double[] p = new double[scores.length];
        double sum = 0;
        for (int c = 0; c < p.length; c++) {
            p[c] = Math.exp(scores[c] - max);
            sum += p[c];
        }
        for (int c = 0; c < p.length; c++) {
            p[c] /= sum;
        }
        return p;
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
