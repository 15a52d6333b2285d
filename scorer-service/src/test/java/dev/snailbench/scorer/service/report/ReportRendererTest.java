package dev.snailbench.scorer.service.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.service.stats.JobProgress;
import dev.snailbench.scorer.service.stats.JobStatistics;
import dev.snailbench.scorer.service.stats.NaturalnessLookup;
import dev.snailbench.scorer.service.stats.TestItems;
import dev.snailbench.scorer.service.stats.TestScorerConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The HTML report as a reader meets it on a laptop: compact rows, tables that scroll, reviews counted. */
class ReportRendererTest {

    private final JobStatistics stats = new JobStatistics(
            TestScorerConfig.config(), new NaturalnessLookup(DataDir.resolve().toString()));
    private final ReportRenderer renderer = new ReportRenderer();

    @Test
    void shouldShowAGroupsTwoCommonestReasonsOnOneLineAndFoldTheRest() {
        Map<String, Long> reasons = new LinkedHashMap<>();
        reasons.put("BOTH_EMPTY", 3L);
        reasons.put("MATCH", 27L);
        reasons.put("MISSING_COLUMNS", 12L);
        reasons.put("gold failed", 23L);

        String cell = ReportRenderer.reasons(reasons);

        assertThat(cell)
                .doesNotContain("<br>MATCH")
                .startsWith("<details><summary>MATCH&nbsp;27 · gold failed&nbsp;23 · 2 more</summary>")
                .endsWith("MISSING_COLUMNS&nbsp;12<br>BOTH_EMPTY&nbsp;3</details>");
        assertThat(ReportRenderer.reasons(Map.of("MATCH", 5L))).isEqualTo("MATCH&nbsp;5");
    }

    @Test
    void shouldPutEveryTableInABoxThatScrollsSidewaysWithTheGroupColumnInView() {
        String html = renderer.html(
                stats.summarize(UUID.randomUUID(), JobProgress.of(items(false), false, null), items(false)),
                items(false));

        int tables = count(html, "<table>");
        assertThat(tables).isGreaterThanOrEqualTo(7);
        assertThat(count(html, "<div class=\"scroll\"><table>")).isEqualTo(tables);
        assertThat(html).contains(".scroll{overflow-x:auto", "position:sticky;left:0");
        assertThat(html).contains("<td class=\"g\">hardness: easy</td>");
    }

    @Test
    void shouldShowManualAccuracyOnlyOnceSomeItemsWereReviewedByHand() {
        String unreviewed = renderer.html(
                stats.summarize(UUID.randomUUID(), JobProgress.of(items(false), false, null), items(false)),
                items(false));
        assertThat(unreviewed).doesNotContain("manualAccuracy");

        List<ItemResult> reviewed = items(true);
        String html = renderer.html(
                stats.summarize(UUID.randomUUID(), JobProgress.of(reviewed, false, null), reviewed), reviewed);

        assertThat(html).contains("1 item reviewed by hand", "<th>manualAccuracy (95% CI)</th>");
        // The reviewer overturned the comparator on one of the two items: execution 0.5, manual 1.0.
        Matcher overall = Pattern.compile("<td class=\"g\">all</td>(.*?)</tr>").matcher(html);
        assertThat(overall.find()).isTrue();
        assertThat(overall.group(1)).contains("<td class=\"n\">0.500 [", "<td class=\"n\">1.000 [1.000, 1.000]</td>");
    }

    @Test
    void shouldShowTheTableByTheDatasetsHardnessLabelAndHowOftenItAgreesOnlyWhenItemsCarryALabel() {
        String unlabelled = renderer.html(
                stats.summarize(UUID.randomUUID(), JobProgress.of(items(false), false, null), items(false)),
                items(false));
        assertThat(unlabelled).doesNotContain("hardness label", "agrees with the dataset's label");

        List<ItemResult> items = items(false);
        items.get(0).labelledHardness = "easy";
        items.get(1).labelledHardness = "extra";
        String html =
                renderer.html(stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items), items);

        assertThat(html)
                .contains(
                        "<h2>By the dataset&#39;s hardness label</h2>",
                        "<td class=\"g\">labelledHardness: extra</td>",
                        "Spider hardness of the gold SQL agrees with the dataset's label on 1 of 2 questions.",
                        "q2: extra → easy");
        assertThat(html.indexOf("By the dataset&#39;s hardness label")).isGreaterThan(html.indexOf("By hardness"));
    }

    @Test
    void shouldWriteEveryCsvCellThatASpreadsheetWouldReadAsAFormulaAsText() {
        ItemResult r = item("q1", false);
        r.question = "-1+cmd|' /C calc'!A0";
        r.predictedSql = "\t=HYPERLINK(\"http://x\")";
        r.goldSql = " @SUM(1)";
        r.review.note = "\r+1";
        r.review.reviewer = "\uFF1D1+1";
        r.predicted.error = "-2-3";

        String csv = renderer.csv(UUID.randomUUID(), JobProgress.of(List.of(r), false, null), List.of(r));

        assertThat(csv)
                .contains(",'-1+cmd|' /C calc'!A0,", ",' @SUM(1),", ",'\uFF1D1+1\r\n", ",'-2-3,")
                .contains(",\"'\t=HYPERLINK(\"\"http://x\"\")\",", ",\"'\r+1\",");
        // Numbers stay numbers.
        ItemResult numbers = item("q2", true);
        numbers.gold.seconds = -0.5;
        assertThat(renderer.csv(UUID.randomUUID(), JobProgress.of(List.of(numbers), false, null), List.of(numbers)))
                .contains(",-0.5,");
    }

    @Test
    void shouldCarryItsContentSecurityPolicyInTheDocumentFirstInItsHead() {
        List<ItemResult> items = items(false);
        items.get(0).jobName = "</title><script>alert(1)</script>";
        String html =
                renderer.html(stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items), items);

        assertThat(html)
                .startsWith("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                        + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                        + "style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\"><title>");
        assertThat(html).doesNotContain("<script");
        assertThat(RecoverySection.html(new RecoverySection.Section(
                        UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), List.of())))
                .contains("<head><meta charset=\"utf-8\">" + ReportRenderer.CONTENT_SECURITY_POLICY_META + "<title>");
    }

    private static List<ItemResult> items(boolean reviewed) {
        List<ItemResult> items = new ArrayList<>();
        items.add(item("q1", true));
        ItemResult wrong = item("q2", false);
        if (reviewed) {
            wrong.review.verdict = true;
            wrong.review.note = "same rows, other column order";
        }
        items.add(wrong);
        return items;
    }

    private static ItemResult item(String question, boolean correct) {
        ItemResult r = TestItems.scored(question, "m", "Native", correct);
        r.jobName = "FootballDB v1 nightly";
        r.databaseKey = "footballdb_v1";
        r.strict.reason = correct ? "MATCH" : "COLUMN_ORDER_DIFFERS";
        return r;
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
