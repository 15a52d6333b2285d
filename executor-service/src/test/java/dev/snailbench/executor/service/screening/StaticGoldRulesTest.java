package dev.snailbench.executor.service.screening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.screening.StaticGoldRules.Kind;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class StaticGoldRulesTest {

    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(10));

    private static List<Kind> kinds(String sql, SqlDialect dialect) {
        return StaticGoldRules.check(PARSER.parseStatements(sql, dialect).get(0)).stream()
                .map(StaticGoldRules.Finding::kind)
                .toList();
    }

    private static List<Kind> kinds(String sql) {
        return kinds(sql, SqlDialect.POSTGRESQL);
    }

    @Test
    void shouldFlagALimitOrTopOrFetchWithoutOrderBy() {
        assertThat(kinds("SELECT name FROM player LIMIT 5")).containsExactly(Kind.LIMIT_WITHOUT_ORDER_BY);
        assertThat(kinds("SELECT TOP 5 name FROM player", SqlDialect.SQLSERVER))
                .containsExactly(Kind.LIMIT_WITHOUT_ORDER_BY);
        assertThat(kinds("SELECT name FROM player FETCH FIRST 3 ROWS ONLY"))
                .containsExactly(Kind.LIMIT_WITHOUT_ORDER_BY);
    }

    @Test
    void shouldNotFlagALimitOnASingleRowAggregateNorTopWithTies() {
        assertThat(kinds("SELECT count(*), max(goals) FROM player LIMIT 1")).isEmpty();
        assertThat(kinds("SELECT TOP 1 WITH TIES name FROM player ORDER BY goals DESC, name", SqlDialect.SQLSERVER))
                .isEmpty();
    }

    @Test
    void shouldFlagALimitAfterAnOrderByThatDoesNotCoverTheProjection() {
        assertThat(kinds("SELECT name FROM player ORDER BY goals DESC LIMIT 1"))
                .containsExactly(Kind.LIMIT_CUTS_PARTIAL_ORDER);
        assertThat(kinds("SELECT TOP 3 name, team FROM player ORDER BY team", SqlDialect.SQLSERVER))
                .containsExactly(Kind.LIMIT_CUTS_PARTIAL_ORDER);
        // Two columns named id: ordering by one of them leaves the other's order open.
        assertThat(kinds("SELECT a.id, b.id FROM a JOIN b ON a.x = b.x ORDER BY a.id LIMIT 3"))
                .containsExactly(Kind.LIMIT_CUTS_PARTIAL_ORDER);
    }

    @Test
    void shouldAcceptAnOrderByCoveringTheProjectionDirectlyByAliasOrByPosition() {
        assertThat(kinds("SELECT name, goals FROM player ORDER BY goals DESC, name LIMIT 3"))
                .isEmpty();
        assertThat(kinds("SELECT p.name AS who, count(*) AS n FROM player p GROUP BY p.name ORDER BY n, who "
                        + "LIMIT 3"))
                .isEmpty();
        assertThat(kinds("SELECT name, goals FROM player ORDER BY 2 DESC, 1 LIMIT 3"))
                .isEmpty();
    }

    @Test
    void shouldFlagAnOrderedResultWhoseTiesMayComeInAnyOrder() {
        assertThat(kinds("SELECT team, count(*) AS n FROM player GROUP BY team ORDER BY n"))
                .containsExactly(Kind.PARTIAL_ORDER);
        assertThat(kinds("SELECT * FROM player ORDER BY goals")).containsExactly(Kind.PARTIAL_ORDER);
    }

    @Test
    void shouldFlagFloatingAggregatesOnlyInTheResult() {
        assertThat(kinds("SELECT team, avg(rating) FROM player GROUP BY team"))
                .containsExactly(Kind.FLOATING_AGGREGATE);
        assertThat(kinds("SELECT team FROM player WHERE goals > (SELECT avg(goals) FROM player)"))
                .isEmpty();
    }

    @Test
    void shouldLeaveAnUnorderedGroupByAndADeterministicQueryAlone() {
        assertThat(kinds("SELECT team, count(*) FROM player GROUP BY team")).isEmpty();
        assertThat(kinds("SELECT DISTINCT team FROM player")).isEmpty();
    }
}
