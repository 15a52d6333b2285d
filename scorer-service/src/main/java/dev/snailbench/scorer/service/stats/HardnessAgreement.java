package dev.snailbench.scorer.service.stats;

import dev.snailbench.scorer.repository.ItemResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How often the Spider hardness computed from the gold SQL agrees with the dataset's own label of the question.
 * A team comparing its results with a paper's by-hardness tables needs the label; a team checking the port needs
 * the computed value; this says where the two part. Each question counts once per database of the job: its
 * models and levels share the question's gold SQL and label, and counting them again would only repeat it.
 *
 * @param labelled      questions with both a label and a computed hardness
 * @param agree         those whose computed hardness equals the label
 * @param disagreements the others (at most {@link #MAX_LISTED}), in the order of the job's items
 */
public record HardnessAgreement(int labelled, int agree, List<Disagreement> disagreements) {

    /** Enough to see a pattern in; the counts above stay exact. */
    public static final int MAX_LISTED = 50;

    public record Disagreement(String questionId, String labelled, String computed) {}

    public static HardnessAgreement of(List<ItemResult> items) {
        Map<String, ItemResult> questions = new LinkedHashMap<>();
        for (ItemResult r : items) {
            if (r.labelledHardness != null && r.hardness != null) {
                questions.putIfAbsent(r.databaseKey + "\u0000" + r.questionId, r);
            }
        }
        int agree = 0;
        List<Disagreement> disagreements = new ArrayList<>();
        for (ItemResult r : questions.values()) {
            if (r.labelledHardness.equals(r.hardness)) {
                agree++;
            } else if (disagreements.size() < MAX_LISTED) {
                disagreements.add(new Disagreement(r.questionId, r.labelledHardness, r.hardness));
            }
        }
        return new HardnessAgreement(questions.size(), agree, List.copyOf(disagreements));
    }
}
