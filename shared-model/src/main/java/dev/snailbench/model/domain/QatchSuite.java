package dev.snailbench.model.domain;

import java.util.List;
import java.util.Map;

/**
 * A QATCH test suite generated on a team's database by the executor (QATCH-Generate): the tests with their
 * expected results, how many per category (keys are category ids), and the candidates dropped because their result
 * was too large or failed (a bug if any).
 */
public record QatchSuite(
        List<Test> tests,
        Map<String, Integer> counts,
        int tablesProfiled,
        int droppedTooLarge,
        List<String> failedSql) {

    /** What to generate: per-category counts (keys are category ids), limits, and the tables to use (all if empty). */
    public record Options(
            long seed,
            Map<String, Integer> counts,
            int maxResultRows,
            int categoricalMaxDistinct,
            List<String> tables,
            int queryTimeoutSeconds) {

        public int wanted(QatchCategory category) {
            return counts == null ? 0 : counts.getOrDefault(category.id(), 0);
        }
    }

    /** A result as text cells, in the order the database returned it. */
    public record TextTable(List<String> columns, List<List<String>> rows) {}

    /** One test: a question, its SQL on the native schema and the expected result. */
    public record Test(String id, QatchCategory category, String question, String sql, TextTable expected) {}
}
