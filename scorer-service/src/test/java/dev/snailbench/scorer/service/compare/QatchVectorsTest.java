package dev.snailbench.scorer.service.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 66 QATCH test vectors (../shared/data/qatch/metric_cases.json), each within 1e-9, VES included: QATCH's code
 * divides the predicted time by the gold time, so where a VES is not 0 the paper's formula
 * ({@code expected_bird_definition}) is its reciprocal.
 */
class QatchVectorsTest {

    static Stream<Named<JsonNode>> cases() throws IOException {
        JsonNode root = new ObjectMapper()
                .readTree(DataDir.resolve().resolve("qatch/metric_cases.json").toFile());
        List<Named<JsonNode>> out = new ArrayList<>();
        root.get("cases").forEach(c -> out.add(Named.of(c.get("id").asText(), c)));
        return out.stream();
    }

    @Test
    void shouldHaveAll66Vectors() throws IOException {
        assertThat(cases()).hasSize(66);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void shouldReproduceQatchVector(JsonNode c) {
        List<Row> gold = Tables.fromJson(c.get("target"));
        List<Row> pred = Tables.fromJson(c.get("prediction"));
        boolean orderBy = c.get("order_by").asBoolean();
        String metric = c.get("metric").asText();
        JsonNode expected = c.get("expected");
        Double actual = switch (metric) {
            case "cell_precision" -> QatchMetrics.cellPrecision(gold, pred);
            case "cell_recall" -> QatchMetrics.cellRecall(gold, pred);
            case "tuple_cardinality" -> QatchMetrics.tupleCardinality(gold, pred);
            case "tuple_constraint" -> QatchMetrics.tupleConstraint(gold, pred);
            case "tuple_order" -> QatchMetrics.tupleOrder(gold, pred, orderBy);
            case "execution_accuracy" -> QatchMetrics.executionAccuracy(gold, pred);
            case "valid_efficiency_score" -> {
                List<Double> gt = times(c.get("target_times_s"));
                List<Double> pt = times(c.get("prediction_times_s"));
                Double ves = QatchMetrics.validEfficiencyScore(gold, pred, gt, pt);
                double paper = c.get("expected_bird_definition").asDouble();
                assertThat(ves).isNotNull();
                assertThat(ves == 0.0 ? 0.0 : 1 / ves)
                        .as("the paper's direction")
                        .isCloseTo(paper, within(1e-9));
                yield ves;
            }
            default -> throw new AssertionError("unknown metric " + metric);
        };
        // The scorer computes some metrics in pairs: those must give the same values.
        double[] cells = QatchMetrics.cellPrecisionAndRecall(gold, pred);
        double[] tuples = QatchMetrics.tupleConstraintAndExecutionAccuracy(gold, pred);
        assertThat(cells[0]).isEqualTo(QatchMetrics.cellPrecision(gold, pred));
        assertThat(cells[1]).isEqualTo(QatchMetrics.cellRecall(gold, pred));
        assertThat(tuples[0]).isEqualTo(QatchMetrics.tupleConstraint(gold, pred));
        assertThat(tuples[1]).isEqualTo(QatchMetrics.executionAccuracy(gold, pred));
        if (expected.isNull()) {
            assertThat(actual).isNull();
        } else {
            assertThat(actual).isNotNull().isCloseTo(expected.asDouble(), within(1e-9));
        }
    }

    private static List<Double> times(JsonNode n) {
        List<Double> out = new ArrayList<>();
        n.forEach(t -> out.add(t.asDouble()));
        return out;
    }
}
