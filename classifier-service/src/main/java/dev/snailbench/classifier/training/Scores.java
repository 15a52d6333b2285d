package dev.snailbench.classifier.training;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Accuracy, macro-F1 and confusion matrix of predicted against actual labels. */
public record Scores(
        double accuracy, double macroF1, Map<String, Map<String, Integer>> confusion, Map<String, Double> f1ByLabel) {

    public static Scores of(List<String> labels, List<String> actual, List<String> predicted) {
        Map<String, Map<String, Integer>> confusion = new LinkedHashMap<>();
        for (String a : labels) {
            Map<String, Integer> row = new LinkedHashMap<>();
            labels.forEach(p -> row.put(p, 0));
            confusion.put(a, row);
        }
        int correct = 0;
        for (int i = 0; i < actual.size(); i++) {
            confusion.get(actual.get(i)).merge(predicted.get(i), 1, Integer::sum);
            if (actual.get(i).equals(predicted.get(i))) {
                correct++;
            }
        }
        Map<String, Double> f1 = new LinkedHashMap<>();
        double sum = 0;
        for (String label : labels) {
            int tp = confusion.get(label).get(label);
            int actualCount = confusion.get(label).values().stream()
                    .mapToInt(Integer::intValue)
                    .sum();
            int predictedCount =
                    labels.stream().mapToInt(a -> confusion.get(a).get(label)).sum();
            double precision = predictedCount == 0 ? 0 : (double) tp / predictedCount;
            double recall = actualCount == 0 ? 0 : (double) tp / actualCount;
            double f = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
            f1.put(label, f);
            sum += f;
        }
        return new Scores(actual.isEmpty() ? 0 : (double) correct / actual.size(), sum / labels.size(), confusion, f1);
    }
}
