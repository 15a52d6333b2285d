package dev.snailbench.workbench.views;

import static dev.snailbench.workbench.testing.SqlTools.REWRITER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.InvalidInput;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViewQueryRewriterTest {

    private static final List<CrosswalkEntry> CROSSWALK = List.of(
            new CrosswalkEntry("table", "match", "Regular", "Game", "Gm", "G"),
            new CrosswalkEntry("table", "national_team", "Regular", "NationalTeam", "NatlTm", "NT"),
            new CrosswalkEntry("column", "team_id", "Regular", "TeamId", "TmId", "TI"),
            new CrosswalkEntry("column", "teamname", "Regular", "TeamName", "TmNm", "TN"),
            new CrosswalkEntry("column", "home_team_id", "Regular", "HomeTeamId", "HmTmId", "HTI"),
            new CrosswalkEntry("column", "goals", "Regular", "Goals", "Gls", "GL"),
            new CrosswalkEntry("column", "year", "Regular", "Year", "Yr", "Y"));

    private final ViewQueryRewriter regular =
            new ViewQueryRewriter(REWRITER, CROSSWALK, NaturalnessLevel.REGULAR, "db_nl", SqlDialect.POSTGRESQL);

    @Test
    void shouldRenameTablesColumnsAndTableQualifiersEverywhere() {
        String sql =
                "SELECT T1.teamname, count(*) AS n FROM national_team AS T1 JOIN match ON match.home_team_id = T1.team_id "
                        + "WHERE T1.year > 2000 AND T1.team_id IN (SELECT home_team_id FROM match WHERE goals > 2) "
                        + "GROUP BY T1.teamname HAVING max(goals) > 1 ORDER BY n DESC, teamname";
        assertThat(regular.rewrite(sql))
                .isEqualTo(
                        "SELECT T1.\"TeamName\", count(*) AS n FROM \"db_nl\".\"NationalTeam\" AS T1 JOIN \"db_nl\".\"Game\" "
                                + "ON \"Game\".\"HomeTeamId\" = T1.\"TeamId\" WHERE T1.\"Year\" > 2000 AND T1.\"TeamId\" IN "
                                + "(SELECT \"HomeTeamId\" FROM \"db_nl\".\"Game\" WHERE \"Goals\" > 2) GROUP BY T1.\"TeamName\" "
                                + "HAVING max(\"Goals\") > 1 ORDER BY n DESC, \"TeamName\"");
    }

    @Test
    void shouldLeaveCteNamesOutputAliasesAndLiteralsAlone() {
        String sql = "WITH match AS (SELECT team_id FROM national_team) SELECT team_id AS goals FROM match "
                + "WHERE 'teamname' <> 'x' UNION SELECT year FROM national_team ORDER BY goals";
        assertThat(regular.rewrite(sql))
                .isEqualTo("WITH match AS (SELECT \"TeamId\" FROM \"db_nl\".\"NationalTeam\") "
                        + "SELECT \"TeamId\" AS goals FROM match WHERE 'teamname' <> 'x' UNION SELECT \"Year\" FROM "
                        + "\"db_nl\".\"NationalTeam\" ORDER BY goals");
    }

    @Test
    void shouldTreatABareYearAsTheColumnButNotAsADateUnit() {
        assertThat(regular.rewrite("SELECT year, extract(year FROM now()) FROM match WHERE year = 2014 GROUP BY year"))
                .isEqualTo("SELECT \"Year\", EXTRACT(year FROM now()) FROM \"db_nl\".\"Game\" WHERE \"Year\" = 2014 "
                        + "GROUP BY \"Year\"");
    }

    @Test
    void shouldWriteSqlServerBrackets() {
        ViewQueryRewriter least =
                new ViewQueryRewriter(REWRITER, CROSSWALK, NaturalnessLevel.LEAST, "db_nl", SqlDialect.SQLSERVER);
        assertThat(least.rewrite("SELECT TOP 3 [teamname] FROM [dbo].[national_team]"))
                .isEqualTo("SELECT TOP 3 [TN] FROM [db_nl].[NT]");
    }

    @Test
    void shouldRewriteQueriesUsingColumnsNamedLikeWordsJsqlparserReserves() {
        // "number" names a column in SNAILS' CratersWildlifeObservations; JSqlParser reads it as a keyword.
        ViewQueryRewriter least =
                new ViewQueryRewriter(REWRITER, CROSSWALK, NaturalnessLevel.LEAST, "db_nl", SqlDialect.SQLSERVER);
        assertThat(least.rewrite("SELECT teamname, number FROM national_team WHERE number > 3"))
                .isEqualTo("SELECT [TN], [number] FROM [db_nl].[NT] WHERE [number] > 3");
    }

    @Test
    void shouldRefuseSqlThatDoesNotParse() {
        assertThatThrownBy(() -> regular.rewrite("SELEC nothing FROM"))
                .isInstanceOf(InvalidInput.class)
                .hasMessageContaining("cannot parse");
    }
}
