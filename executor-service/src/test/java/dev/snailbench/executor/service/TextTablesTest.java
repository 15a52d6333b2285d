package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.QatchSuite.TextTable;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTablesTest {

    private static TextTable table(List<String> columns, String[]... rows) {
        return new TextTable(columns, Arrays.stream(rows).map(Arrays::asList).toList());
    }

    @Test
    void shouldStoreAGroupByResultInOneOrderWhetherThePlanHashedOrSorted() {
        // The same GROUP BY, as a hash aggregate and as a sorted one returned it in a loaded CI run.
        List<String> columns = List.of("half_time_team_goals", "count");
        TextTable hashed = table(
                columns, new String[] {"1", "576"}, new String[] {"5", "4"}, new String[] {"0", "1139"}, new String[] {
                    null, "2"
                });
        TextTable sorted = table(
                columns, new String[] {null, "2"}, new String[] {"0", "1139"}, new String[] {"1", "576"}, new String[] {
                    "5", "4"
                });

        assertThat(TextTables.inOneOrder(hashed, null))
                .isEqualTo(TextTables.inOneOrder(sorted, null))
                .isEqualTo(sorted);
    }

    @Test
    void shouldKeepTheOrderByOrderAndOrderOnlyTheTiesByTheirCells() {
        List<String> columns = List.of("year", "venue", "goals_scored");
        TextTable descending = table(
                columns, new String[] {"1998", "France", "171"}, new String[] {"1934", "Italy", "70"}, new String[] {
                    "1930", "Uruguay", "70"
                });

        assertThat(TextTables.inOneOrder(descending, "goals_scored").rows())
                .containsExactly(
                        List.of("1998", "France", "171"),
                        List.of("1930", "Uruguay", "70"),
                        List.of("1934", "Italy", "70"));
    }
}
