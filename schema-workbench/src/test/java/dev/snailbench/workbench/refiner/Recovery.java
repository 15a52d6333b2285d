package dev.snailbench.workbench.refiner;

import java.util.Locale;

/**
 * What the refined schema wins back of what injected ambiguity cost, for one metric (means over the same items):
 * recovery = (refined − injected) / (original − injected), undefined (null, printed "n/a") when the injection cost
 * nothing; attained = refined / original, undefined when the original scores 0.
 */
public record Recovery(String metric, double original, double injected, double refined) {

    public Double recovery() {
        double cost = original - injected;
        return Math.abs(cost) < 1e-12 ? null : (refined - injected) / cost;
    }

    public Double attained() {
        return Math.abs(original) < 1e-12 ? null : refined / original;
    }

    /** The header of {@link #row()}. */
    public static String header() {
        return String.format(
                Locale.ROOT,
                "%-20s %9s %9s %9s %9s %9s",
                "metric",
                "original",
                "injected",
                "refined",
                "recovery",
                "attained");
    }

    /** One line of the table: metric | original | injected | refined | recovery | attained. */
    public String row() {
        return String.format(
                Locale.ROOT,
                "%-20s %9.3f %9.3f %9.3f %9s %9s",
                metric,
                original,
                injected,
                refined,
                format(recovery()),
                format(attained()));
    }

    private static String format(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.3f", d);
    }
}
