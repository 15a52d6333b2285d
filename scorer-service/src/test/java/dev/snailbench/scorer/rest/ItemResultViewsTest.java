package dev.snailbench.scorer.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.Review;
import dev.snailbench.scorer.rest.ItemResultView.VerdictView;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.mapstruct.factory.Mappers;

/** The generated mapper puts each part of a stored result in the view's component of the same meaning. */
class ItemResultViewsTest {

    private final ItemResultViews views = Mappers.getMapper(ItemResultViews.class);

    @Test
    void shouldShowEachPartOfAComparedItemInItsOwnComponent() {
        ItemResult r = stored();

        ItemResultView view = views.view(r);

        assertThat(view.database()).isEqualTo("footballdb_v1");
        assertThat(view.goldStatus()).isEqualTo("OK");
        assertThat(view.goldError()).isNull();
        assertThat(view.goldRows()).isEqualTo(3);
        assertThat(view.goldSeconds()).isEqualTo(0.25);
        assertThat(view.predictedStatus()).isEqualTo("ERROR");
        assertThat(view.predictedError()).isEqualTo("42703 column \"nme\" does not exist");
        assertThat(view.predictedRows()).isNull();
        assertThat(view.predictedSeconds()).isEqualTo(0.5);
        assertThat(view.strictMatch()).isFalse();
        assertThat(view.setMatch()).isTrue();
        assertThat(view.relaxedMatch()).isFalse();
        assertThat(view.strict()).isEqualTo(new VerdictView(false, "ROW_ORDER_DIFFERS", "strict detail"));
        assertThat(view.set()).isEqualTo(new VerdictView(true, "MATCH", "set detail"));
        assertThat(view.relaxed()).isEqualTo(new VerdictView(false, "VALUES_DIFFER", null));
        assertThat(view.goldOrderBy()).isTrue();
        assertThat(view.executionAccuracy()).isEqualTo(0.0);
        assertThat(view.qatchExecutionAccuracy()).isEqualTo(0.6);
        assertThat(view.cellPrecision()).isEqualTo(0.1);
        assertThat(view.cellRecall()).isEqualTo(0.2);
        assertThat(view.tupleCardinality()).isEqualTo(0.3);
        assertThat(view.tupleConstraint()).isEqualTo(0.4);
        assertThat(view.tupleOrder()).isEqualTo(0.5);
        assertThat(view.validEfficiencyScore()).isEqualTo(0.7);
        assertThat(view.rewardBasedEfficiencyScore()).isEqualTo(1.25);
        assertThat(view.softF1()).isEqualTo(0.8);
        assertThat(view.queryRecall()).isEqualTo(0.9);
        assertThat(view.queryPrecision()).isEqualTo(0.75);
        assertThat(view.queryF1()).isEqualTo(0.82);
        assertThat(view.linkingError()).isEqualTo("no gold tree");
        assertThat(view.linkingMethod()).isEqualTo("tokens");
        assertThat(view.manualVerdict()).isEqualTo("incorrect");
        assertThat(view.reviewNote()).isEqualTo("other rows");
        assertThat(view.reviewedBy()).isEqualTo("ana");
        assertThat(view.reviewedAt()).isEqualTo(Instant.parse("2026-12-07T11:00:00Z"));
        assertThat(view.linking()).isEqualTo("snails");
        assertThat(view.multipleStatements()).isFalse();
        assertThat(view.excludedFromAccuracy()).isTrue();
    }

    @Test
    void shouldLeaveTheVerdictsOfAnItemWhoseGoldFailedOutAndReadTheDefaultsOfAnOlderRow() {
        ItemResult r = stored();
        r.gold.status = "ERROR";
        r.linking = null;
        r.review = new Review();
        r.excludedFromAccuracy = null;

        ItemResultView view = views.view(r);

        assertThat(view.strictMatch()).isNull();
        assertThat(view.setMatch()).isNull();
        assertThat(view.relaxedMatch()).isNull();
        assertThat(view.strict()).isNull();
        assertThat(view.set()).isNull();
        assertThat(view.relaxed()).isNull();
        assertThat(view.executionAccuracy()).isNull();
        assertThat(view.manualVerdict()).isNull();
        assertThat(view.linking()).isEqualTo("platform");
        assertThat(view.excludedFromAccuracy()).isFalse();
    }

    private static ItemResult stored() {
        ItemResult r = new ItemResult();
        r.workItemId = UUID.randomUUID();
        r.jobId = UUID.randomUUID();
        r.tenantId = "t-views";
        r.questionId = "41";
        r.databaseKey = "footballdb_v1";
        r.gold.status = "OK";
        r.gold.rows = 3;
        r.gold.seconds = 0.25;
        r.predicted.status = "ERROR";
        r.predicted.error = "42703 column \"nme\" does not exist";
        r.predicted.seconds = 0.5;
        r.strict.match = false;
        r.strict.reason = "ROW_ORDER_DIFFERS";
        r.strict.detail = "strict detail";
        r.set.match = true;
        r.set.reason = "MATCH";
        r.set.detail = "set detail";
        r.relaxed.match = null;
        r.relaxed.reason = "VALUES_DIFFER";
        r.orderBy = true;
        r.qatch.cellPrecision = 0.1;
        r.qatch.cellRecall = 0.2;
        r.qatch.tupleCardinality = 0.3;
        r.qatch.tupleConstraint = 0.4;
        r.qatch.tupleOrder = 0.5;
        r.qatch.executionAccuracy = 0.6;
        r.qatch.validEfficiencyScore = 0.7;
        r.rewardBasedEfficiencyScore = 1.25;
        r.softF1 = 0.8;
        r.linkingScores.recall = 0.9;
        r.linkingScores.precision = 0.75;
        r.linkingScores.f1 = 0.82;
        r.linkingScores.error = "no gold tree";
        r.linkingScores.method = "tokens";
        r.review = new Review(false, "other rows", "ana", Instant.parse("2026-12-07T11:00:00Z"));
        r.linking = "snails";
        r.excludedFromAccuracy = true;
        r.scoredAt = Instant.parse("2026-12-07T10:00:00Z");
        return r;
    }
}
