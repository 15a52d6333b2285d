package dev.snailbench.workbench.refiner;

import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Fits the three thresholds on a validation split, for one backend (its similarity scores have their own
 * scale): a grid of 0.05 steps, synonym and homonym thresholds first (each maximises its own F1), then the
 * irregular threshold with those fixed, since synonymy and homonymy take precedence over irregular names.
 * Ties keep the threshold closest to the paper's.
 */
public final class ThresholdSearch {

    /** One validation schema: its graph, scored candidates, ground truth (in the names {@code toTruthNames} maps
     * findings to) and the findings to ignore. */
    public record Case(
            SchemaGraph graph,
            List<AmbiguityDetector.Candidate> candidates,
            List<Ambiguity> truth,
            Set<String> ignore,
            Function<Ambiguity, Ambiguity> toTruthNames) {}

    private ThresholdSearch() {}

    public static Thresholds fit(List<Case> cases) {
        Thresholds best = Thresholds.PAPER;
        best = new Thresholds(best.irregular(), pick(cases, best, Ambiguity.Type.SYNONYM), best.homonym());
        best = new Thresholds(best.irregular(), best.synonym(), pick(cases, best, Ambiguity.Type.HOMONYM));
        return new Thresholds(pick(cases, best, Ambiguity.Type.IRREGULAR), best.synonym(), best.homonym());
    }

    private static double pick(List<Case> cases, Thresholds base, Ambiguity.Type type) {
        double paper = switch (type) {
            case IRREGULAR -> Thresholds.PAPER.irregular();
            case SYNONYM -> Thresholds.PAPER.synonym();
            case HOMONYM -> Thresholds.PAPER.homonym();
        };
        double bestValue = paper;
        double bestF1 = -1;
        for (int step = 1; step <= 20; step++) {
            double v = Math.round(step * 5) / 100.0;
            Thresholds t = switch (type) {
                case IRREGULAR -> new Thresholds(v, base.synonym(), base.homonym());
                case SYNONYM -> new Thresholds(base.irregular(), v, base.homonym());
                case HOMONYM -> new Thresholds(base.irregular(), base.synonym(), v);
            };
            double f1 = score(cases, t).of(type).f1();
            if (f1 > bestF1 + 1e-9
                    || Math.abs(f1 - bestF1) <= 1e-9 && Math.abs(v - paper) < Math.abs(bestValue - paper)) {
                bestF1 = f1;
                bestValue = v;
            }
        }
        return bestValue;
    }

    public static DetectionScore score(List<Case> cases, Thresholds thresholds) {
        DetectionScore score = new DetectionScore();
        for (Case c : cases) {
            List<Ambiguity> found = AmbiguityDetector.decide(c.graph(), c.candidates(), thresholds).stream()
                    .map(c.toTruthNames())
                    .toList();
            score.add(c.truth(), found, c.ignore());
        }
        return score;
    }
}
