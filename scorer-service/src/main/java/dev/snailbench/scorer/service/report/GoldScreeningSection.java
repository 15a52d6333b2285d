package dev.snailbench.scorer.service.report;

import dev.snailbench.scorer.service.stats.GoldScreeningSummary;
import dev.snailbench.scorer.service.stats.GoldScreeningSummary.UnstableGold;

/**
 * The HTML report's gold-screening section: how many gold queries of the job have a plan-dependent result, how
 * their items were judged (tie-aware, or left out of the accuracy), and each such gold with the reason.
 */
final class GoldScreeningSection {

    private GoldScreeningSection() {}

    static void render(StringBuilder sb, GoldScreeningSummary s) {
        if (s == null || s.mode() == null) {
            return;
        }
        sb.append("<h2>Gold screening</h2><p>");
        if ("off".equals(s.mode())) {
            sb.append("Gold screening was off for this job: no gold query was checked for determinism.</p>");
            return;
        }
        sb.append(s.unstableGolds())
                .append(s.unstableGolds() == 1 ? " gold query" : " gold queries")
                .append(" with a result that depends on the plan (")
                .append(s.flaggedItems())
                .append(s.flaggedItems() == 1 ? " item" : " items")
                .append("), compared tie-aware (rows as a " + "multiset, floats within a relative 1e-9)");
        if (s.excludedItems() > 0) {
            sb.append("; ")
                    .append(s.excludedItems())
                    .append(" of these items are left out of the accuracy " + "(goldScreening: exclude)");
        }
        sb.append(".</p>");
        if (!s.golds().isEmpty()) {
            sb.append("<details><summary>Nondeterministic gold queries</summary><ul>");
            for (UnstableGold g : s.golds()) {
                sb.append("<li>")
                        .append(Html.escape(g.questionId()))
                        .append(" (")
                        .append(Html.escape(g.database()))
                        .append("): ")
                        .append(Html.escape(g.why()))
                        .append("</li>");
            }
            sb.append("</ul></details>");
        }
    }
}
