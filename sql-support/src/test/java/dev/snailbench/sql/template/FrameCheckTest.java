package dev.snailbench.sql.template;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FrameCheckTest {

    @Test
    void shouldRefuseAQuantityWhereTheFrameAsksWhenOrWhere() {
        String question = "In which year was the world cup held in Brazil?";

        assertThat(FrameCheck.misfit(question, "year", "matches_played", true))
                .contains("in which matches played")
                .contains("when or where");
        // A time or a place still reads: "In which season …", "In which host country …".
        assertThat(FrameCheck.misfit(question, "year", "season", true)).isNull();
        assertThat(FrameCheck.misfit(question, "year", "host_country", false)).isNull();
    }

    @Test
    void shouldRefuseWhatCannotBeCountedAfterHowMany() {
        String question = "How many goals did Brazil score in 2014?";

        assertThat(FrameCheck.misfit(question, "goals", "matches_played", true)).isNull();
        // "How many attendance …": a measure, not things; "How many teamname …": not a number at all.
        assertThat(FrameCheck.misfit(question, "goals", "attendance", true)).contains("how many attendance");
        assertThat(FrameCheck.misfit(question, "goals", "teamname", false)).isNotNull();
    }

    @Test
    void shouldRefuseALabelOrATimeWhereTheFrameAsksForAnAmount() {
        String question = "What was the highest attendance ever at a match?";

        assertThat(FrameCheck.misfit(question, "attendance", "team_goals", true))
                .isNull();
        assertThat(FrameCheck.misfit(question, "attendance", "stage", false))
                .contains("highest stage")
                .contains("amount");
        assertThat(FrameCheck.misfit(question, "attendance", "year", true)).isNotNull();
    }

    @Test
    void shouldRefuseATimeOrAnAmountWhereTheFrameNamesTheOldColumnsThing() {
        String question = "Return the region name where the Eredivisie is played.";

        // "the opened year name", "the clubs count name", "the league name name" do not read.
        assertThat(FrameCheck.misfit(question, "region", "opened_year", true)).contains("opened year name");
        assertThat(FrameCheck.misfit(question, "region", "clubs_count", true)).isNotNull();
        assertThat(FrameCheck.misfit(question, "region", "league_name", false)).contains("league name name");
        // A place has a name, and so has a thing: "the capital city name where …", "the sponsor name …" (no relative).
        assertThat(FrameCheck.misfit(question, "region", "capital_city", false)).isNull();
        assertThat(FrameCheck.misfit("Return the region name of the Eredivisie", "region", "sponsor", false))
                .isNull();
    }

    @Test
    void shouldRefuseWhatIsNeitherATimeNorAPlaceBeforeWhereOrWhen() {
        String question = "Give me the points and the season where Ajax has scored the most points.";

        assertThat(FrameCheck.misfit(question, "season", "kit_colour", false))
                .contains("kit colour where")
                .contains("label");
        assertThat(FrameCheck.misfit(question, "season", "wins", true)).isNotNull();
        // A time or a place still reads: "the year where …", "the city where …".
        assertThat(FrameCheck.misfit(question, "season", "year", true)).isNull();
        assertThat(FrameCheck.misfit(question, "season", "home_city", false)).isNull();
        // "when" asks for a time only.
        assertThat(FrameCheck.misfit("Show the date when Ajax won the cup", "date", "home_city", false))
                .contains("when");
        assertThat(FrameCheck.misfit("Show the date when Ajax won the cup", "date", "kickoff_time", false))
                .isNull();
    }

    @Test
    void shouldTakeAnyColumnWhereTheFrameAsksForNothingInParticular() {
        String question = "Show me the country of the club FC Basel";

        assertThat(FrameCheck.misfit(question, "country", "city", false)).isNull();
        assertThat(FrameCheck.misfit(question, "country", "founded", true)).isNull();
        assertThat(FrameCheck.misfit(question, "country", "club_name", false)).isNull();
        // The old column's words are not in the question: nothing to judge.
        assertThat(FrameCheck.misfit(question, "stadium", "matches_played", true))
                .isNull();
    }

    @Test
    void shouldReadTheRoleOfAColumnFromItsWordsAndType() {
        assertThat(FrameCheck.role("year", true)).isEqualTo(FrameCheck.Role.TIME);
        assertThat(FrameCheck.role("stadium_name", false)).isEqualTo(FrameCheck.Role.PLACE);
        assertThat(FrameCheck.role("matches_played", true)).isEqualTo(FrameCheck.Role.QUANTITY);
        assertThat(FrameCheck.role("coach_name", false)).isEqualTo(FrameCheck.Role.LABEL);
    }

    @Test
    void shouldRefuseAMaximumOrMinimumWhereTheFrameSaysInAverageOrInTotal() {
        assertThat(FrameCheck.aggregateMisfit("How many points did the Lakers score on average?", "average", "max"))
                .contains("on average");
        assertThat(FrameCheck.aggregateMisfit("How much rain fell in total in May?", "total", "min"))
                .contains("in total");
        assertThat(FrameCheck.aggregateMisfit("How much rain fell in total in May?", "total", "avg"))
                .isNull();
        assertThat(FrameCheck.aggregateMisfit("What is the average rainfall in May?", "average", "max"))
                .isNull();
    }
}
