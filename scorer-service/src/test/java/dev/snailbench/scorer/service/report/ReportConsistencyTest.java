package dev.snailbench.scorer.service.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.NaturalOrder;
import dev.snailbench.scorer.service.stats.JobProgress;
import dev.snailbench.scorer.service.stats.JobStatistics;
import dev.snailbench.scorer.service.stats.JobStatistics.Estimate;
import dev.snailbench.scorer.service.stats.NaturalnessLookup;
import dev.snailbench.scorer.service.stats.TestItems;
import dev.snailbench.scorer.service.stats.TestScorerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The report agrees with itself: one interval for one set of items, round ticks, readable order and verdicts. */
class ReportConsistencyTest {

    private final JobStatistics stats = new JobStatistics(
            TestScorerConfig.config(), new NaturalnessLookup(DataDir.resolve().toString()));

    @Test
    void shouldGiveTheSameIntervalToGroupsOfTheSameItems() {
        List<ItemResult> items = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            items.add(TestItems.scored(Integer.toString(i), "gpt-3.5-turbo", "Native", i % 5 < 2));
        }
        JobStatistics.Summary s = stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items);
        // One model, one database: the overall group, the model's and the database's are the same 100 items.
        Estimate overall = s.overall().metrics().get("executionAccuracy");
        assertThat(s.byModel())
                .singleElement()
                .satisfies(g -> assertThat(g.metrics().get("executionAccuracy")).isEqualTo(overall));
        assertThat(s.byDatabase())
                .singleElement()
                .satisfies(g -> assertThat(g.metrics().get("executionAccuracy")).isEqualTo(overall));
        assertThat(overall.ciLow()).isLessThan(0.4).isGreaterThan(0.25);
    }

    @Test
    void shouldDrawRoundAxisTicks() {
        assertThat(ticks(Svg.groupedBars(
                        "Items by reason", List.of("a", "b"), Map.of("items", Map.of("a", 27.0, "b", 3.0)), 27)))
                .containsExactly("0", "10", "20", "30");
        assertThat(ticks(Svg.groupedBars("Accuracy", List.of("a"), Map.of("m", Map.of("a", 0.4)), 1.0)))
                .containsExactly("0", "0.2", "0.4", "0.6", "0.8", "1");
        assertThat(ticks(Svg.groupedBars("Items", List.of("a"), Map.of("m", Map.of("a", 14.0)), 14)))
                .containsExactly("0", "5", "10", "15");
    }

    @Test
    void shouldSortQuestionIdsAsNumbersAndNamesAsPeopleReadThem() {
        List<String> ids = new ArrayList<>(List.of("1005", "1024", "104", "2", "q10", "q2", "dev-07", "dev-7b"));
        ids.sort(NaturalOrder.INSTANCE);
        assertThat(ids).containsExactly("2", "104", "1005", "1024", "dev-07", "dev-7b", "q2", "q10");
    }

    @Test
    void shouldSayNotComparedWhereTheGoldQueryFailed() {
        ItemResult goldFailed = TestItems.scored("377", "m", "Native", false);
        goldFailed.gold.status = "ERROR";
        goldFailed.failed = true;
        goldFailed.reason = "gold failed: ERROR 22P02 invalid input syntax for type integer";
        ItemResult wrong = TestItems.scored("2", "m", "Native", false);
        List<ItemResult> items = List.of(wrong, goldFailed);
        String html = new ReportRenderer()
                .html(stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items), items);
        String row = html.substring(html.indexOf("<td class=\"g\">377</td>"));
        row = row.substring(0, row.indexOf("</tr>"));
        assertThat(row).contains("not compared").doesNotContain("✗");
        String csv = new ReportRenderer().csv(UUID.randomUUID(), JobProgress.of(items, false, null), items);
        assertThat(csv.lines().filter(l -> l.startsWith("377,")).findFirst().orElseThrow())
                // failed, then an empty strictMatch (not "false"), its reason, empty setMatch and relaxedMatch.
                .contains(",ERROR,,OK,,,true,,VALUES_DIFFER,,,,,gold failed:");
    }

    /** The y-axis labels of an SVG plot, bottom to top. */
    private static List<String> ticks(String svg) {
        List<String> labels = new ArrayList<>();
        Matcher m = Pattern.compile("<text x=\"55\" y=\"\\d+\" font-size=\"10\" text-anchor=\"end\">([^<]*)</text>")
                .matcher(svg);
        while (m.find()) {
            labels.add(m.group(1));
        }
        return labels;
    }
}
