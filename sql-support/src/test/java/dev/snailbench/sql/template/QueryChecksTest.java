package dev.snailbench.sql.template;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

class QueryChecksTest {

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(5));

    private static List<String> tautologies(String sql) {
        return QueryChecks.tautologies(PARSER.parse(sql, SqlDialect.POSTGRESQL));
    }

    @Test
    void shouldFindAPredicateThatHoldsOrFailsByConstruction() {
        assertThat(tautologies("SELECT teamname FROM national_team WHERE teamname = teamname"))
                .containsExactly("teamname = teamname");
        assertThat(tautologies("SELECT teamname FROM national_team WHERE goals < goals AND year = 2014"))
                .containsExactly("goals < goals");
        assertThat(tautologies(
                        "SELECT teamname FROM national_team WHERE year >= (SELECT min(year) FROM " + "national_team)"))
                .hasSize(1);
        assertThat(tautologies(
                        "SELECT teamname FROM national_team WHERE goals > (SELECT max(goals) FROM " + "national_team)"))
                .hasSize(1);
        assertThat(tautologies("SELECT teamname FROM national_team WHERE teamname LIKE '%%'"))
                .hasSize(1);
        assertThat(tautologies("SELECT teamname FROM national_team GROUP BY teamname HAVING count(*) = count(*)"))
                .hasSize(1);
    }

    @Test
    void shouldLeaveOrdinaryPredicatesAlone() {
        assertThat(tautologies("SELECT teamname FROM national_team AS a JOIN plays_match AS m ON a.team_id = "
                        + "m.team_id WHERE a.year = 2014 AND m.team_goals > m.opponent_team_goals"))
                .isEmpty();
        // The maximum of the rows a sub-query filters, or the year after the first: not a tautology.
        assertThat(tautologies(
                        "SELECT teamname FROM national_team WHERE year = (SELECT max(year) FROM " + "national_team)"))
                .isEmpty();
        assertThat(tautologies("SELECT teamname FROM national_team WHERE goals >= (SELECT max(goals) FROM "
                        + "national_team WHERE year = 2014)"))
                .isEmpty();
        assertThat(tautologies("SELECT teamname FROM national_team WHERE teamname LIKE '%Germany%'"))
                .isEmpty();
    }

    @Test
    void shouldFindAColumnReturnedTwice() {
        assertThat(QueryChecks.duplicateColumns(
                        PARSER.parse("SELECT attendance, stage, attendance FROM plays_match", SqlDialect.POSTGRESQL)))
                .containsExactly("attendance");
        // Two tables' columns of one name are two columns.
        assertThat(QueryChecks.duplicateColumns(PARSER.parse(
                        "SELECT a.teamname, b.teamname FROM national_team AS a "
                                + "JOIN national_opponent_team AS b ON a.team_id = b.team_id",
                        SqlDialect.POSTGRESQL)))
                .isEmpty();
    }
}
