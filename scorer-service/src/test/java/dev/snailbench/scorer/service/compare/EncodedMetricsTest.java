package dev.snailbench.scorer.service.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast path (cells encoded as ints once per pair, comparators sharing their row counts) gives exactly the
 * scores of the reference implementations on rows, on random pairs with duplicates, NULLs, shuffles, missing and
 * extra rows, other widths and permuted columns.
 */
class EncodedMetricsTest {

    private final ResultComparisons comparisons = new ResultComparisons();
    private final ResultComparator comparator = new ResultComparator();

    @Test
    void shouldScoreEveryRandomPairExactlyAsTheReferenceImplementations() {
        Random random = new Random(11);
        for (int i = 0; i < 2_000; i++) {
            List<Row> gold = randomRows(random, random.nextInt(12), 1 + random.nextInt(3));
            List<Row> pred = variant(random, gold);
            ComparableTable g = new ComparableTable(List.of(), gold, List.of(0.01));
            ComparableTable p = new ComparableTable(List.of(), pred, List.of(0.02));
            boolean orderBy = random.nextBoolean();
            CompareOptions options = new CompareOptions(orderBy, Tolerance.EXACT, random.nextInt(4) > 0);

            Comparison fast = comparisons.compare(g, p, options);

            String pair = gold + " vs " + pred + " " + options;
            assertThat(fast.strict()).as(pair).isEqualTo(comparator.strict(g, p, options));
            assertThat(fast.set()).as(pair).isEqualTo(comparator.set(g, p, options));
            assertThat(fast.relaxed()).as(pair).isEqualTo(comparator.relaxed(g, p, options));
            assertThat(fast.cellPrecision()).as(pair).isEqualTo(QatchMetrics.cellPrecision(gold, pred));
            assertThat(fast.cellRecall()).as(pair).isEqualTo(QatchMetrics.cellRecall(gold, pred));
            assertThat(fast.tupleConstraint()).as(pair).isEqualTo(QatchMetrics.tupleConstraint(gold, pred));
            assertThat(fast.qatchExecutionAccuracy()).as(pair).isEqualTo(QatchMetrics.executionAccuracy(gold, pred));
            assertThat(fast.softF1()).as(pair).isEqualTo(SoftF1.score(gold, pred));
        }
    }

    private static List<Row> randomRows(Random random, int n, int width) {
        List<Row> rows = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Object[] cells = new Object[width];
            for (int c = 0; c < width; c++) {
                int kind = random.nextInt(5);
                cells[c] = kind == 0 ? null : kind < 3 ? Cells.ofNumber(random.nextInt(4)) : "v" + random.nextInt(4);
            }
            rows.add(new Row(cells));
        }
        return rows;
    }

    /** The gold changed in one of the ways predictions differ. */
    private static List<Row> variant(Random random, List<Row> gold) {
        List<Row> pred = new ArrayList<>(gold);
        switch (random.nextInt(7)) {
            case 0 -> Collections.shuffle(pred, random);
            case 1 -> {
                if (!pred.isEmpty()) {
                    pred.remove(random.nextInt(pred.size()));
                }
            }
            case 2 -> {
                if (!pred.isEmpty()) {
                    pred.add(pred.get(random.nextInt(pred.size())));
                }
            }
            case 3 ->
                pred = randomRows(
                        random, gold.size(), gold.isEmpty() ? 1 : gold.get(0).size());
            case 4 -> {
                List<Row> permuted = new ArrayList<>();
                for (Row r : pred) {
                    Object[] cells = new Object[r.size()];
                    for (int c = 0; c < cells.length; c++) {
                        cells[c] = r.get(cells.length - 1 - c);
                    }
                    permuted.add(new Row(cells));
                }
                pred = permuted;
            }
            case 5 -> {
                List<Row> wider = new ArrayList<>();
                for (Row r : pred) {
                    Object[] cells = new Object[r.size() + 1];
                    for (int c = 0; c < r.size(); c++) {
                        cells[c] = r.get(c);
                    }
                    cells[r.size()] = "extra";
                    wider.add(new Row(cells));
                }
                pred = wider;
            }
            default -> {
                // unchanged
            }
        }
        return pred;
    }
}
