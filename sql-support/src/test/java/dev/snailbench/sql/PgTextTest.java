package dev.snailbench.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PgTextTest {

    @Test
    void shouldRefuseATextOneReadingOfBackslashesSplitsAndTheOtherDoesNot() throws SQLException {
        // One statement under standard_conforming_strings on; a\' then three statements with it off.
        String sql = "SELECT 'a\\'';COMMIT;DELETE FROM t;--'";

        assertThat(PgText.read(sql, true).statements()).hasSize(1);
        assertThat(PgText.read(sql, false).statements()).hasSizeGreaterThan(1);
        assertThat(PgText.refusal(sql)).contains("standard_conforming_strings off");
    }

    @Test
    void shouldRefuseTheOtherWayRoundToo() throws SQLException {
        // Three statements with backslashes literal, one with them escaping quotes.
        String sql = "SELECT 'x\\'' AS a, ';DELETE FROM t;--' AS b";

        assertThat(PgText.read(sql, true).statements()).hasSizeGreaterThan(1);
        assertThat(PgText.read(sql, false).statements()).hasSize(1);
        assertThat(PgText.refusal(sql)).contains("exactly one statement");
    }

    @Test
    void shouldAcceptOneStatementInEveryLiteralAndCommentForm() {
        for (String sql : List.of(
                "SELECT E'a\\'b;c'",
                "SELECT $$;$$, $t$;$$;$t$",
                "SELECT 1 /* ; /* ; */ ; */",
                "SELECT 1 -- ;",
                "SELECT \";\"",
                "SELECT 1;",
                "SELECT 1 ;  ",
                "SELECT '??'",
                "SELECT 1 ?? 2")) {
            assertThat(PgText.refusal(sql)).as(sql).isNull();
        }
    }

    @Test
    void shouldRefuseParameterMarkersAndEmptyTexts() {
        assertThat(PgText.refusal("SELECT 1 WHERE 2 = ?")).contains("parameter marker");
        assertThat(PgText.refusal(" ; ")).isEqualTo("empty SQL");
        assertThat(PgText.refusal("SELECT 'unterminated")).startsWith("the driver cannot read it");
    }

    @Test
    void shouldJoinThePlatformsStatementsAndTheTeamsExactlyAsTheDriverSendsThem() throws SQLException {
        String joined = PgText.joined(List.of("SELECT ?", "SELECT 2"), "SELECT 'a;b' AS x;", true);

        assertThat(PgText.read(joined, true).statements())
                .containsExactly("SELECT $1", "SELECT 2", "SELECT 'a;b' AS x");
        assertThatThrownBy(() -> PgText.joined(List.of("SELECT 1"), "SELECT 1; SELECT 2", true))
                .isInstanceOf(SQLException.class);
        // A platform text ending inside a comment would swallow the team's: refused.
        assertThatThrownBy(() -> PgText.joined(List.of("SELECT 1 --"), "SELECT 2", true))
                .isInstanceOf(SQLException.class);
    }
}
