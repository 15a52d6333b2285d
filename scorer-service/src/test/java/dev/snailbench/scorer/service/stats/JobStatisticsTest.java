package dev.snailbench.scorer.service.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.service.stats.JobStatistics.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Job aggregates: gold failures excluded, failures counted as 0, IdentifierRecall, SNAILS correlations. */
class JobStatisticsTest {

    private final JobStatistics stats = new JobStatistics(
            TestScorerConfig.config(), new NaturalnessLookup(DataDir.resolve().toString()));

    @Test
    void shouldExcludeGoldFailuresAndCountFailedPredictionsAsWrong() {
        List<ItemResult> items = List.of(
                item("q1", "m", "Native", true, "c:a\nt:t", "c:a\nt:t"),
                item("q2", "m", "Native", false, "c:a\nc:b\nt:t", "c:a\nt:t"),
                failedPrediction("q3"),
                goldFailed("q4"));
        Summary s = stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items);
        assertThat(s.overall().items()).isEqualTo(4);
        assertThat(s.overall().goldFailed()).isEqualTo(1);
        assertThat(s.overall().predictionFailed()).isEqualTo(1);
        assertThat(s.overall().metrics().get("executionAccuracy").mean()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(s.overall().metrics().get("executionAccuracy").n()).isEqualTo(3);
        assertThat(s.overall().reasons())
                .containsEntry("gold failed", 1L)
                .containsEntry("predicted failed", 1L)
                .containsEntry("MATCH", 1L)
                .containsEntry("VALUES_DIFFER", 1L);
        assertThat(s.identifierRecall()).anySatisfy(r -> {
            assertThat(r.identifier()).isEqualTo("c:b");
            assertThat(r.goldOccurrences()).isEqualTo(1);
            assertThat(r.recall()).isEqualTo(0.0);
        });
        assertThat(s.identifierRecall()).anySatisfy(r -> {
            // q1 and q2 name it, the failed prediction q3 does not; the gold-failed q4 is not counted.
            assertThat(r.identifier()).isEqualTo("c:a");
            assertThat(r.goldOccurrences()).isEqualTo(3);
            assertThat(r.recall()).isCloseTo(2.0 / 3, within(1e-12));
        });
    }

    @Test
    void shouldCorrelateNaturalnessWithCorrectnessPerModel() {
        List<ItemResult> items = new ArrayList<>();
        // Renamed levels: Regular queries right, Least queries wrong -> tau-b strongly positive.
        for (int i = 0; i < 10; i++) {
            items.add(item("r" + i, "m", "Regular", i < 9, "c:x", "c:x"));
            items.add(item("l" + i, "m", "Least", i < 2, "c:x", "c:x"));
        }
        Summary s = stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items);
        var c = s.naturalnessCorrelations().stream()
                .filter(x ->
                        x.measure().equals("combinedNaturalness") && x.outcome().equals("executionAccuracy"))
                .findFirst()
                .orElseThrow();
        assertThat(c.n()).isEqualTo(20);
        assertThat(c.tauB()).isGreaterThan(0.5);
        assertThat(c.pValue()).isLessThan(0.01);
        assertThat(s.byLevel()).extracting(g -> g.key().get("level")).containsExactly("Regular", "Least");
    }

    @Test
    void shouldListLevelsFromMostToLeastNaturalAndHardnessFromEasyToExtra() {
        List<ItemResult> items = new ArrayList<>();
        for (String level : List.of("Least", "Low", "Native", "Regular")) {
            for (String hardness : List.of("extra", "hard", "medium", "easy")) {
                ItemResult r = item(level + hardness, "m", level, true, "c:x", "c:x");
                r.hardness = hardness;
                items.add(r);
            }
        }
        Summary s = stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items);
        assertThat(s.byLevel())
                .extracting(g -> g.key().get("level"))
                .containsExactly("Native", "Regular", "Low", "Least");
        assertThat(s.byHardness())
                .extracting(g -> g.key().get("hardness"))
                .containsExactly("easy", "medium", "hard", "extra");
        assertThat(s.byModelDatabaseLevelHardness())
                .extracting(g -> g.key().get("level") + "/" + g.key().get("hardness"))
                .startsWith("Native/easy", "Native/medium", "Native/hard", "Native/extra", "Regular/easy")
                .endsWith("Least/extra");
    }

    @Test
    void shouldGroupByTheDatasetsLabelAndCountEachQuestionOncePerDatabaseInTheAgreement() {
        List<ItemResult> items = new ArrayList<>();
        // q1 asked of two models at two levels: one question, labelled as computed.
        for (String model : List.of("m1", "m2")) {
            for (String level : List.of("Native", "Least")) {
                items.add(labelled("q1", model, level, "medium", "medium"));
            }
        }
        items.add(labelled("q2", "m1", "Native", "extra", "hard"));
        items.add(labelled("q2", "m2", "Native", "extra", "hard"));
        // The same question id on another database of the job is another question.
        ItemResult elsewhere = labelled("q2", "m1", "Native", "extra", "extra");
        elsewhere.databaseKey = "db#injected seed=1 rate=0.1";
        items.add(elsewhere);
        // No label, or no computed hardness (the gold did not parse): not compared.
        items.add(labelled("q3", "m1", "Native", null, "easy"));
        items.add(labelled("q4", "m1", "Native", "easy", null));

        Summary s = stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items);

        assertThat(s.hardnessAgreement().labelled()).isEqualTo(3);
        assertThat(s.hardnessAgreement().agree()).isEqualTo(2);
        assertThat(s.hardnessAgreement().disagreements())
                .containsExactly(new HardnessAgreement.Disagreement("q2", "hard", "extra"));
        assertThat(s.byLabelledHardness())
                .extracting(g -> g.key().get("labelledHardness") + ":" + g.items())
                .containsExactly("easy:1", "medium:4", "hard:2", "extra:1", "null:1");
        assertThat(s.byHardness())
                .extracting(g -> g.key().get("hardness"))
                .containsExactly("easy", "medium", "extra", "null");
    }

    @Test
    void shouldLeaveTheLabelGroupsEmptyAndListAtMostFiftyDisagreements() {
        List<ItemResult> unlabelled = List.of(labelled("q1", "m", "Native", "easy", null));
        Summary none = stats.summarize(UUID.randomUUID(), JobProgress.of(unlabelled, false, null), unlabelled);
        assertThat(none.byLabelledHardness()).isEmpty();
        assertThat(none.hardnessAgreement().labelled()).isZero();

        List<ItemResult> items = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            items.add(labelled("q" + i, "m", "Native", "hard", "easy"));
        }
        Summary s = stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items);
        assertThat(s.hardnessAgreement().labelled()).isEqualTo(60);
        assertThat(s.hardnessAgreement().agree()).isZero();
        assertThat(s.hardnessAgreement().disagreements()).hasSize(50);
    }

    @Test
    void shouldBreakTheJobDownByModelAndLevelAndCountReviewedItems() {
        List<ItemResult> items = new ArrayList<>();
        // Model a: right at Regular, wrong at Least; model b: right at both. Levels from most to least natural.
        for (String model : List.of("b", "a")) {
            for (String level : List.of("Least", "Regular")) {
                items.add(
                        item(model + level, model, level, model.equals("b") || level.equals("Regular"), "c:x", "c:x"));
            }
        }
        items.get(0).review.verdict = false;
        Summary s = stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items);
        assertThat(s.byModelAndLevel())
                .extracting(g -> g.key().get("model") + "/" + g.key().get("level") + ":"
                        + g.metrics().get("executionAccuracy").mean())
                .containsExactly("a/Regular:1.0", "a/Least:0.0", "b/Regular:1.0", "b/Least:1.0");
        assertThat(s.overall().reviewed()).isEqualTo(1);
        assertThat(s.byModel())
                .extracting(g -> g.key().get("model") + ":" + g.reviewed())
                .containsExactly("a:0", "b:1");
        assertThat(s.overall().metrics().get("manualAccuracy").mean()).isEqualTo(0.5);
    }

    @Test
    void shouldCountFailureReasonsByTheirFirstSideOnOneLineCommonestFirst() {
        ItemResult both = goldFailed("q1");
        both.reason = "gold failed: ERROR 42P01 relation \"match_fact\" does not exist; predicted failed: ERROR "
                + "42703 column \"x\" does not exist";
        ItemResult positioned = goldFailed("q2");
        positioned.reason = "gold failed: ERROR 42P01 relation \"match_fact\" does not exist\n  Position: 15";
        List<ItemResult> items = List.of(
                both,
                positioned,
                goldFailed("q3"),
                failedPrediction("q4"),
                item("q5", "m", "Native", true, "c:a", "c:a"));
        Summary s = stats.summarize(UUID.randomUUID(), JobProgress.of(items, false, null), items);
        assertThat(s.failureReasons())
                .containsExactly(
                        new JobStatistics.ReasonCount(
                                "gold failed: ERROR 42P01 relation \"match_fact\" does not exist", 3),
                        new JobStatistics.ReasonCount("predicted failed: ERROR 42703 column \"x\" does not exist", 1));
    }

    @Test
    void shouldSayWhetherAJobRunsCompletedOrWasCancelledFromItsItemsAndItsSize() {
        List<ItemResult> items = List.of(item("q1", "m", "Native", true, "c:a", "c:a"), failedPrediction("q2"));
        items.forEach(r -> r.jobItems = 3);
        assertThat(JobProgress.of(items, false, null)).isEqualTo(new JobProgress("running", 2, 3, 1, null));
        assertThat(JobProgress.of(items, true, "stop")).isEqualTo(new JobProgress("cancelled", 2, 3, 1, "stop"));
        items.forEach(r -> r.jobItems = 2);
        assertThat(JobProgress.of(items, false, null).line()).isEqualTo("completed: 2/2 items done, 1 failed");
        items.forEach(r -> r.jobItems = null);
        assertThat(JobProgress.of(items, false, null).status()).isEqualTo("unknown");
    }

    private static ItemResult labelled(String q, String model, String level, String computed, String label) {
        ItemResult r = item(q, model, level, true, "c:x", "c:x");
        r.hardness = computed;
        r.labelledHardness = label;
        return r;
    }

    @Test
    void shouldReadNativeIdentifierLevelsFromSnailsCrosswalks() {
        // ATBI crosswalk: Author_email is Regular (see data README example rows).
        ItemResult r = item("a1", "m", "Native", true, "c:author_email", "c:author_email");
        r.databaseKey = "ATBI";
        assertThat(stats.naturalness(r))
                .hasValueSatisfying(v -> assertThat(v[1]).isEqualTo(1.0));
        r.databaseKey = "footballdb_v1";
        assertThat(stats.naturalness(r)).isEmpty();
    }

    private static ItemResult item(String q, String model, String level, boolean correct, String gold, String pred) {
        ItemResult r = TestItems.scored(q, model, level, correct);
        r.qatch.cellPrecision = correct ? 1.0 : 0.5;
        r.goldIdentifiers = gold;
        r.predictedIdentifiers = pred;
        return r;
    }

    private static ItemResult failedPrediction(String q) {
        ItemResult r = item(q, "m", "Native", false, "c:a", null);
        r.failed = true;
        r.predicted.status = "ERROR";
        r.reason = "predicted failed: ERROR 42703 column \"x\" does not exist";
        r.qatch.cellPrecision = null;
        r.qatch.executionAccuracy = null;
        return r;
    }

    private static ItemResult goldFailed(String q) {
        ItemResult r = item(q, "m", "Native", false, null, null);
        r.failed = true;
        r.gold.status = "ERROR";
        r.reason = "gold failed: ERROR 42P01 relation \"match_fact\" does not exist";
        return r;
    }
}
