package dev.snailbench.sql.template;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.template.SeedTemplate.Kind;
import dev.snailbench.sql.template.SeedTemplate.Slot;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

class SeedTemplatesTest {

    private static final Map<String, Set<String>> SCHEMA = Map.of(
            "club", Set.of("club_id", "club_name", "country", "city"),
            "national_team", Set.of("team_id", "teamname", "year", "goals"),
            "coach", Set.of("coach_id", "coach_name"),
            "player_fact", Set.of("coach_id", "team_id", "player_id"));

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(5));

    private static SeedTemplate template(String question, String sql) {
        return SeedTemplates.of(PARSER.parse(sql, SqlDialect.POSTGRESQL), question, SCHEMA);
    }

    @Test
    void shouldMakeSlotsOfTheValuesTheQuestionQuotesAndKeepTheOthers() {
        SeedTemplate t = template(
                "Who was the coach of England in 2018?",
                "SELECT distinct T1.coach_name FROM coach AS T1 "
                        + "JOIN player_fact AS T3 ON T1.coach_id = T3.coach_id JOIN national_team AS T2 ON T3.team_id = T2.team_id "
                        + "WHERE T2.teamname = 'England' and T2.year = 2018 and T2.goals > 0");

        assertThat(t.slots())
                .extracting(Slot::kind, Slot::table, Slot::column, Slot::original, Slot::numeric)
                .containsExactly(
                        Tuple.tuple(Kind.VALUE, "national_team", "teamname", "England", false),
                        Tuple.tuple(Kind.VALUE, "national_team", "year", "2018", true));
        // "goals > 0": the question does not say it, so it stays as it is.
        assertThat(t.text()).contains("T2.goals > 0").doesNotContain("England").doesNotContain("2018");
        assertThat(t.fill(Map.of(
                        t.slots().get(0).marker(), "'Brazil'", t.slots().get(1).marker(), "2014")))
                .contains("T2.teamname = 'Brazil'")
                .contains("T2.year = 2014");
    }

    @Test
    void shouldKeepTheWildcardsOfALikePatternOutsideTheValue() {
        SeedTemplate t = template(
                "Return the country of the club FC Sion.",
                "select c.country from club as c where c.club_name ilike '%FC Sion%'");

        assertThat(t.slots()).extracting(Slot::kind).containsExactly(Kind.PROJECTION, Kind.VALUE);
        Slot value = t.slots().get(1);
        assertThat(value.original()).isEqualTo("FC Sion");
        assertThat(value.prefix()).isEqualTo("%");
        assertThat(value.suffix()).isEqualTo("%");
        assertThat(value.operator()).isEqualToIgnoringCase("ILIKE");
        Slot projected = t.slots().get(0);
        assertThat(projected.column()).isEqualTo("country");
        assertThat(projected.spoken()).isEqualTo("country");
        assertThat(t.fill(Map.of(projected.marker(), "city", value.marker(), "'%Basel%'")))
                .isEqualToIgnoringCase("SELECT c.city FROM club AS c WHERE c.club_name ILIKE '%Basel%'");
    }

    @Test
    void shouldMakeSlotsOfAnAggregatedColumnAndItsFunctionTheQuestionNames() {
        SeedTemplate t = template(
                "What is the highest count of goals of a national team?", "SELECT max(goals) FROM national_team");

        assertThat(t.slots())
                .extracting(Slot::kind, Slot::table, Slot::column, Slot::spoken)
                .containsExactly(
                        Tuple.tuple(Kind.AGGREGATE, "national_team", "goals", "highest"),
                        Tuple.tuple(Kind.MEASURE, "national_team", "goals", "goals"));
        assertThat(t.fill(Map.of(
                        t.slots().get(0).marker(), "avg", t.slots().get(1).marker(), "goals")))
                .isEqualToIgnoringCase("SELECT avg(goals) FROM national_team");
        // The question says the new function in the seed's phrasing: "highest" → "lowest", "average", "total".
        assertThat(SeedTemplates.AGGREGATES.stream().map(f -> SeedTemplates.aggregateWord("max", "highest", f)))
                .containsExactly("total", "average", "highest", "lowest");
    }

    @Test
    void shouldSwapTheAggregatedColumnOnlyWhereTheQuestionSaysTheAggregateOfIt() {
        // "earliest", "oldest": an extreme said by a word of the column's own meaning (the least year, the least
        // founding date); another column in its place is not what the word asks for.
        assertThat(template(
                                "When did the earliest national team play? Give the year",
                                "SELECT min(year) FROM national_team")
                        .slots())
                .extracting(Slot::kind)
                .doesNotContain(Kind.MEASURE, Kind.AGGREGATE);
        assertThat(template(
                                "Which club has the oldest team? Return the club name and its year",
                                "SELECT c.club_name, min(t.year) FROM club AS c JOIN national_team AS t "
                                        + "ON t.team_id = c.club_id GROUP BY c.club_name")
                        .slots())
                .extracting(Slot::kind)
                .doesNotContain(Kind.MEASURE);
        // Said by a word of the aggregate itself, before the column ("the largest number of goals") or after it
        // ("goals … in total"): a swapped column reads as well.
        assertThat(template(
                                "What is the largest number of goals of a national team?",
                                "SELECT max(goals) FROM national_team")
                        .slots())
                .extracting(Slot::kind, Slot::spoken)
                .containsExactly(Tuple.tuple(Kind.AGGREGATE, "largest"), Tuple.tuple(Kind.MEASURE, "goals"));
        assertThat(template(
                                "How many goals did Chile score in total?",
                                "SELECT sum(goals) FROM national_team WHERE teamname = 'Chile'")
                        .slots())
                .extracting(Slot::kind)
                .containsExactly(Kind.AGGREGATE, Kind.MEASURE, Kind.VALUE);
    }

    @Test
    void shouldLeaveTheFunctionFixedWhenTheQuestionDoesNotSayItOrTheQueryCallsItTwice() {
        assertThat(template(
                                "When was the first world cup played? Return the year",
                                "SELECT min(w.year) FROM world_cup AS w")
                        .slots())
                .extracting(Slot::kind)
                .doesNotContain(Kind.AGGREGATE);
        assertThat(template(
                                "Show me the total goals per team, highest first",
                                "SELECT teamname, sum(goals) FROM "
                                        + "national_team GROUP BY teamname ORDER BY sum(goals) DESC")
                        .slots())
                .extracting(Slot::kind)
                .doesNotContain(Kind.AGGREGATE);
    }

    @Test
    void shouldMakeOneSlotOfTheGroupedColumnItReturnsWhenTheQuestionSaysIt() {
        SeedTemplate t = template(
                "Show the total goals for each year",
                "SELECT nt.year, sum(nt.goals) FROM " + "national_team AS nt GROUP BY nt.year");

        Slot group = t.slots().stream()
                .filter(s -> s.kind() == Kind.GROUP)
                .findFirst()
                .orElseThrow();
        assertThat(group.column()).isEqualTo("year");
        assertThat(group.spoken()).isEqualTo("year");
        // Both places, the returned column and the grouping, take the new column together.
        Map<String, String> fills = new HashMap<>();
        t.slots()
                .forEach(s -> fills.put(
                        s.marker(),
                        s.kind() == Kind.GROUP ? "teamname" : s.kind() == Kind.AGGREGATE ? "sum" : s.original()));
        assertThat(t.fill(fills))
                .isEqualToIgnoringCase(
                        "SELECT nt.teamname, sum(nt.goals) FROM national_team AS nt GROUP BY nt.teamname");
    }

    @Test
    void shouldLeaveAQueryWhoseQuestionSaysNoneOfItsPartsWithoutSlots() {
        SeedTemplate t = template(
                "Which national team won most worldcups",
                "SELECT T1.teamname, count(*) FROM "
                        + "national_team AS T1 WHERE T1.year > 1990 GROUP BY T1.teamname ORDER BY count(*) DESC LIMIT 1");

        assertThat(t.slots()).isEmpty();
        assertThat(t.text()).contains("T1.year > 1990");
    }

    @Test
    void shouldMakeOneSlotOfAValueTheQuestionSaysOnceForTwoComparisons() {
        SeedTemplate t = template(
                "Which coaches were with teams of 2014?",
                "SELECT coach_name FROM coach AS c JOIN "
                        + "player_fact AS pf ON c.coach_id = pf.coach_id JOIN national_team AS nt ON pf.team_id = nt.team_id "
                        + "WHERE nt.year = 2014 AND nt.goals > 2014");

        assertThat(t.slots())
                .singleElement()
                .satisfies(s -> assertThat(s.column()).isEqualTo("year"));
        // every occurrence of the value is the one slot: a filled query never mixes the new value with the old
        assertThat(t.text()).contains("nt.goals > __slot0__").doesNotContain("2014");
    }

    @Test
    void shouldFillAValueRepeatedInTheSeedAtEveryOccurrenceTogether() {
        SeedTemplate t = template(
                "How many goals did the teams score in matches of 1998?",
                "SELECT sum(goals) FROM " + "national_team WHERE (year = 1998 OR teamname <> 'x') AND 1998 >= year");

        assertThat(t.slots())
                .filteredOn(s -> s.kind() == SeedTemplate.Kind.VALUE)
                .singleElement();
        assertThat(t.text()).doesNotContain("1998");
        Map<String, String> fills = new HashMap<>();
        t.slots().forEach(s -> fills.put(s.marker(), s.kind() == Kind.VALUE ? "2002" : s.column()));
        assertThat(t.fill(fills))
                .doesNotContain("1998")
                .containsIgnoringCase("year = 2002")
                .containsIgnoringCase("2002 >= year");
    }

    @Test
    void shouldRefuseASeedWhoseValueStaysWrittenWhereNoSlotCanReachIt() {
        // 'Brazil' is also in a sub-query, which is not templated: a slot would mix two teams.
        SeedTemplate t = template(
                "Which coaches trained Brazil?",
                "SELECT coach_name FROM coach AS c JOIN player_fact "
                        + "AS pf ON c.coach_id = pf.coach_id JOIN national_team AS nt ON pf.team_id = nt.team_id WHERE "
                        + "nt.teamname = 'Brazil' AND nt.year IN (SELECT year FROM national_team WHERE teamname = 'Brazil')");

        assertThat(t.slots()).isEmpty();
        assertThat(t.text()).contains("'Brazil'");
    }

    @Test
    void shouldPlaceAnUnqualifiedColumnByTheSchemaWhenSeveralTablesAreJoined() {
        SeedTemplate t = template(
                "Which coach coached the team of 2014?",
                "SELECT coach_name FROM coach JOIN "
                        + "player_fact ON coach.coach_id = player_fact.coach_id JOIN national_team ON player_fact.team_id = "
                        + "national_team.team_id WHERE year = 2014");

        assertThat(t.slots())
                .filteredOn(s -> s.kind() == Kind.VALUE)
                .singleElement()
                .satisfies(s -> assertThat(s.table()).isEqualTo("national_team"));
    }

    @Test
    void shouldMakeASlotOfEachListedValueTheQuestionQuotes() {
        SeedTemplate t = template(
                "Which clubs are not in Norway or Sweden?",
                "SELECT club_name FROM club WHERE country NOT IN ('Norway', 'Sweden', 'Iceland')");

        assertThat(t.slots())
                .filteredOn(s -> s.kind() == Kind.VALUE)
                .extracting(Slot::column, Slot::operator, Slot::original)
                .containsExactly(
                        Tuple.tuple("country", "NOT IN", "Norway"), Tuple.tuple("country", "NOT IN", "Sweden"));
        // 'Iceland' is not said: it stays.
        assertThat(t.text()).contains("'Iceland'").doesNotContain("Norway").doesNotContain("Sweden");
        Slot first = t.slots().stream()
                .filter(s -> s.original().equals("Norway"))
                .findFirst()
                .orElseThrow();
        Slot second = t.slots().stream()
                .filter(s -> s.original().equals("Sweden"))
                .findFirst()
                .orElseThrow();
        Map<String, String> fills = new HashMap<>();
        t.slots().forEach(s -> fills.put(s.marker(), s.kind() == Kind.VALUE ? "'x'" : s.column()));
        fills.put(first.marker(), "'Denmark'");
        fills.put(second.marker(), "'Finland'");
        assertThat(t.fill(fills)).contains("NOT IN ('Denmark', 'Finland', 'Iceland')");
    }
}
