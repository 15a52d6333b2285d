package dev.snailbench.scorer.service.compare;

import static dev.snailbench.scorer.service.compare.Tables.row;
import static dev.snailbench.scorer.service.compare.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each comparator's verdict and reason code on the cases existing harnesses get wrong. */
class ResultComparatorTest {

    private final ResultComparator cmp = new ResultComparator();
    private final CompareOptions unordered = CompareOptions.defaults(false);
    private final CompareOptions ordered = CompareOptions.defaults(true);

    @Test
    void shouldMatchIdenticalResults() {
        ComparableTable g = table(row("a", 1), row("b", 2));
        assertThat(cmp.strict(g, table(row("a", 1), row("b", 2)), unordered).reason())
                .isEqualTo(Reason.MATCH);
        assertThat(cmp.set(g, table(row("a", 1), row("b", 2)), unordered).reason())
                .isEqualTo(Reason.MATCH);
        assertThat(cmp.relaxed(g, table(row("a", 1), row("b", 2)), unordered).reason())
                .isEqualTo(Reason.MATCH);
    }

    @Test
    void shouldFlagColumnOrderInStrictAndSetButAcceptItRelaxed() {
        ComparableTable g = table(row("a", 1), row("b", 2));
        ComparableTable p = table(row(1, "a"), row(2, "b"));
        Verdict strict = cmp.strict(g, p, unordered);
        assertThat(strict.match()).isFalse();
        assertThat(strict.reason()).isEqualTo(Reason.COLUMN_ORDER_DIFFERS);
        assertThat(strict.detail()).contains("[2, 1]");
        assertThat(cmp.set(g, p, unordered).reason()).isEqualTo(Reason.COLUMN_ORDER_DIFFERS);
        Verdict relaxed = cmp.relaxed(g, p, unordered);
        assertThat(relaxed.match()).isTrue();
        assertThat(relaxed.reason()).isEqualTo(Reason.MATCH_WITH_COLUMN_ORDER_DIFFERENCE);
    }

    @Test
    void shouldAcceptExtraPredictedColumnsOnlyInRelaxed() {
        ComparableTable g = table(row("a"), row("b"));
        ComparableTable p = table(row(10, "a", "x"), row(20, "b", "y"));
        assertThat(cmp.strict(g, p, unordered).reason()).isEqualTo(Reason.EXTRA_COLUMNS);
        assertThat(cmp.strict(g, p, unordered).detail()).contains("relaxed match");
        assertThat(cmp.set(g, p, unordered).match()).isFalse();
        Verdict relaxed = cmp.relaxed(g, p, unordered);
        assertThat(relaxed.reason()).isEqualTo(Reason.MATCH_WITH_EXTRA_COLUMNS);
        assertThat(relaxed.detail()).contains("[2]");
    }

    @Test
    void shouldReportMissingColumns() {
        ComparableTable g = table(row("a", 1), row("b", 2));
        ComparableTable p = table(row("a"), row("b"));
        assertThat(cmp.strict(g, p, unordered).reason()).isEqualTo(Reason.MISSING_COLUMNS);
        assertThat(cmp.relaxed(g, p, unordered).reason()).isEqualTo(Reason.MISSING_COLUMNS);
        ComparableTable wrongValues = table(row("a", 7), row("b", 8));
        Verdict relaxed = cmp.relaxed(g, wrongValues, unordered);
        assertThat(relaxed.reason()).isEqualTo(Reason.MISSING_COLUMNS);
        assertThat(relaxed.detail()).contains("gold column 2");
    }

    @Test
    void shouldCountDuplicatesInStrictButNotInSet() {
        ComparableTable g = table(row("a"), row("a"), row("b"));
        ComparableTable p = table(row("a"), row("b"));
        Verdict strict = cmp.strict(g, p, unordered);
        assertThat(strict.match()).isFalse();
        assertThat(strict.reason()).isEqualTo(Reason.DUPLICATE_ROWS_DIFFER);
        Verdict set = cmp.set(g, p, unordered);
        assertThat(set.match()).isTrue();
        assertThat(set.reason()).isEqualTo(Reason.MATCH_IGNORING_DUPLICATES);
    }

    @Test
    void shouldCatchDuplicateMultiplicityBugWithEqualRowCounts() {
        // QATCH's execution accuracy says 1 here; the strict comparator does not.
        ComparableTable g = table(row("a"), row("a"), row("b"));
        ComparableTable p = table(row("a"), row("b"), row("b"));
        assertThat(cmp.strict(g, p, unordered).reason()).isEqualTo(Reason.DUPLICATE_ROWS_DIFFER);
        assertThat(QatchMetrics.executionAccuracy(g.rows(), p.rows())).isEqualTo(1.0);
    }

    @Test
    void shouldIgnoreRowOrderWithoutGoldOrderBy() {
        ComparableTable g = table(row("a"), row("b"));
        ComparableTable p = table(row("b"), row("a"));
        Verdict v = cmp.strict(g, p, unordered);
        assertThat(v.reason()).isEqualTo(Reason.MATCH);
        assertThat(v.detail()).contains("no ORDER BY");
    }

    @Test
    void shouldRequireRowOrderWhenGoldHasOrderBy() {
        ComparableTable g = table(row("a"), row("b"));
        ComparableTable p = table(row("b"), row("a"));
        Verdict v = cmp.strict(g, p, ordered);
        assertThat(v.match()).isFalse();
        assertThat(v.reason()).isEqualTo(Reason.ROW_ORDER_DIFFERS);
        assertThat(cmp.relaxed(g, p, ordered).reason()).isEqualTo(Reason.ROW_ORDER_DIFFERS);
        assertThat(cmp.set(g, p, ordered).match()).isTrue();
    }

    @Test
    void shouldTreatNullAsEqualToNullByDefaultAndNeverWhenAskedTo() {
        ComparableTable g = table(row("a", null));
        ComparableTable p = table(row("a", null));
        assertThat(cmp.strict(g, p, unordered).match()).isTrue();
        CompareOptions sqlNulls = new CompareOptions(false, Tolerance.EXACT, false);
        Verdict v = cmp.strict(g, p, sqlNulls);
        assertThat(v.match()).isFalse();
    }

    @Test
    void shouldReportNullsThatDiffer() {
        ComparableTable g = table(row("a", null), row("b", 2));
        ComparableTable p = table(row("a", 0), row("b", 2));
        Verdict v = cmp.strict(g, p, unordered);
        assertThat(v.reason()).isEqualTo(Reason.NULLS_DIFFER);
        assertThat(v.detail()).isEqualTo("gold has 1 NULL cells, predicted 0");
    }

    @Test
    void shouldCompareNumbersNumericallyNotAsText() {
        ExecutionOutcome gold = outcome(ValueType.NUMBER, "1.50", "2");
        ExecutionOutcome pred = outcome(ValueType.NUMBER, "1.5", "2.000");
        assertThat(cmp.strict(ComparableTable.of(gold), ComparableTable.of(pred), unordered)
                        .reason())
                .isEqualTo(Reason.MATCH);
        ExecutionOutcome asText = outcome(ValueType.TEXT, "1.5", "2.000");
        assertThat(cmp.strict(ComparableTable.of(gold), ComparableTable.of(asText), unordered)
                        .match())
                .isFalse();
    }

    @Test
    void shouldExplainFloatNoiseAndAcceptItWithTolerance() {
        ExecutionOutcome gold = outcome(ValueType.NUMBER, "0.3333333333", "2");
        ExecutionOutcome pred = outcome(ValueType.NUMBER, "0.33333333333333", "2");
        Verdict exact = cmp.strict(ComparableTable.of(gold), ComparableTable.of(pred), unordered);
        assertThat(exact.match()).isFalse();
        assertThat(exact.reason()).isEqualTo(Reason.NUMERIC_PRECISION_DIFFERS);
        CompareOptions tolerant = new CompareOptions(false, new Tolerance(0, 1e-6), true);
        Verdict v = cmp.strict(ComparableTable.of(gold), ComparableTable.of(pred), tolerant);
        assertThat(v.match()).isTrue();
        assertThat(v.reason()).isEqualTo(Reason.MATCH_WITHIN_TOLERANCE);
        assertThat(cmp.set(ComparableTable.of(gold), ComparableTable.of(pred), tolerant)
                        .match())
                .isTrue();
        assertThat(cmp.relaxed(ComparableTable.of(gold), ComparableTable.of(pred), tolerant)
                        .reason())
                .isEqualTo(Reason.MATCH_WITHIN_TOLERANCE);
        CompareOptions absolute = new CompareOptions(false, new Tolerance(0.01, 0), true);
        assertThat(cmp.strict(table(row(1.0)), table(row(1.02)), absolute).match())
                .isFalse();
        assertThat(cmp.strict(table(row(1.0)), table(row(1.005)), absolute).match())
                .isTrue();
    }

    @Test
    void shouldHandleEmptyResults() {
        assertThat(cmp.strict(table(), table(), unordered).reason()).isEqualTo(Reason.BOTH_EMPTY);
        assertThat(cmp.strict(table(), table(), unordered).match()).isTrue();
        assertThat(cmp.strict(table(row("a")), table(), unordered).reason()).isEqualTo(Reason.PREDICTED_EMPTY);
        assertThat(cmp.set(table(), table(row("a")), unordered).reason()).isEqualTo(Reason.GOLD_EMPTY);
        assertThat(cmp.relaxed(table(), table(row("a")), unordered).match()).isFalse();
    }

    @Test
    void shouldReportDifferentRowCountsAndValues() {
        assertThat(cmp.strict(table(row("a"), row("b")), table(row("a")), unordered)
                        .reason())
                .isEqualTo(Reason.ROW_COUNT_DIFFERS);
        Verdict v = cmp.strict(table(row("a"), row("b")), table(row("a"), row("c")), unordered);
        assertThat(v.reason()).isEqualTo(Reason.VALUES_DIFFER);
        assertThat(v.detail()).contains("('b')");
    }

    @Test
    void shouldMatchManyColumnsByValuesWithoutPermutationSearch() {
        // 26 columns reversed, 8 with identical values: Spider's permutation search never finishes this.
        int width = 26;
        List<Row> gold = new ArrayList<>();
        List<Row> pred = new ArrayList<>();
        for (int r = 0; r < 200; r++) {
            Object[] g = new Object[width];
            Object[] p = new Object[width + 3];
            for (int c = 0; c < width; c++) {
                g[c] = Cells.ofNumber(c < 8 ? r % 3 : r * 31 + c);
            }
            for (int c = 0; c < width; c++) {
                p[width - 1 - c] = g[c];
            }
            p[width] = "extra";
            p[width + 1] = Cells.ofNumber(r);
            p[width + 2] = null;
            gold.add(new Row(g));
            pred.add(new Row(p));
        }
        long start = System.nanoTime();
        Verdict v = cmp.relaxed(
                new ComparableTable(List.of(), gold, List.of()),
                new ComparableTable(List.of(), pred, List.of()),
                unordered);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(v.reason()).isEqualTo(Reason.MATCH_WITH_EXTRA_COLUMNS);
        assertThat(millis).isLessThan(2_000);
    }

    @Test
    void shouldPairColumnsWithIdenticalValueSetsByRows() {
        // Both gold columns hold {1, 2}; only one assignment keeps the rows together.
        ComparableTable g = table(row(1, 2, "x"), row(2, 1, "y"));
        ComparableTable p = table(row("x", 2, 1), row("y", 1, 2));
        Verdict v = cmp.relaxed(g, p, unordered);
        assertThat(v.match()).isTrue();
        assertThat(v.detail()).contains("[3, 2, 1]");
        ComparableTable scrambled = table(row("x", 1, 1), row("y", 2, 2));
        assertThat(cmp.relaxed(g, scrambled, unordered).match()).isFalse();
    }

    @Test
    void shouldNotConfuseTheNumberOneWithTheStringOne() {
        assertThat(cmp.strict(table(row(1)), table(row("1")), unordered).match())
                .isFalse();
    }

    private static ExecutionOutcome outcome(ValueType type, String... cells) {
        List<List<String>> rows = new ArrayList<>();
        for (String c : cells) {
            rows.add(Collections.singletonList(c));
        }
        return new ExecutionOutcome(
                ExecutionStatus.OK, List.of(new ResultColumn("v", type, "numeric")), rows, false, null, null, 0.01);
    }
}
