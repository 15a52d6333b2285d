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
