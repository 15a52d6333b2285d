package dev.snailbench.sql.template;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** Seeds on an orchestra schema written for these cases: musicians belong to orchestras, orchestras give concerts. */
class SeedMeaningTest {

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(5));

    private static final Map<String, Set<String>> SCHEMA = Map.of(
            "orchestra", Set.of("orchestra_id", "orchestra_name", "city", "country", "founded", "is_youth"),
            "musician", Set.of("musician_id", "musician_name", "instrument", "salary", "bonus"),
            "orchestra_member", Set.of("orchestra_id", "musician_id", "since"),
            "concert", Set.of("concert_id", "orchestra_id", "season", "hall", "tickets_sold"),
            "award", Set.of("award_id", "orchestra_id", "year", "prize"));

    private static String mismatch(String question, String sql) {
        return SeedMeaning.mismatch(question, PARSER.parse(sql, SqlDialect.POSTGRESQL), SCHEMA);
    }

    @Test
    void shouldFlagAFilterValueTheQuestionNeverSays() {
        assertThat(mismatch(
                        "Which orchestras play in Vienna?",
                        "SELECT orchestra_name FROM orchestra WHERE city = 'Berlin'"))
                .contains("'Berlin'");
        assertThat(
                        mismatch(
                                "Who plays the oboe?",
                                "SELECT m.musician_name FROM musician AS m "
                                        + "JOIN orchestra_member AS om ON om.musician_id = m.musician_id JOIN orchestra AS o "
                                        + "ON o.orchestra_id = om.orchestra_id WHERE m.instrument = 'oboe' AND o.city = 'Graz'"))
                .contains("'Graz'");
        assertThat(mismatch(
                        "Which orchestras are not from Oslo or Bergen?",
                        "SELECT orchestra_name FROM orchestra WHERE city NOT IN ('Oslo', 'Tromsø')"))
                .contains("'Tromsø'");
    }

    @Test
    void shouldAcceptAValueTheQuestionSaysInAnotherForm() {
        // Case and accents, a LIKE pattern, a plural, an adjective, a slip of the keyboard, initials.
        assertThat(mismatch(
                        "which orchestras play in VIENNA?",
                        "SELECT orchestra_name FROM orchestra WHERE city = 'Vienna'"))
                .isNull();
        assertThat(mismatch(
                        "Which orchestras play in Malmo?",
                        "SELECT orchestra_name FROM orchestra WHERE city ILIKE '%Malmö%'"))
                .isNull();
        assertThat(mismatch("Who plays the violins?", "SELECT musician_name FROM musician WHERE instrument = 'violin'"))
                .isNull();
        assertThat(mismatch(
                        "Name the Norwegian orchestras.",
                        "SELECT orchestra_name FROM orchestra WHERE country = 'Norway'"))
                .isNull();
        assertThat(mismatch(
                        "Which orchestras are Spanish?",
                        "SELECT orchestra_name FROM orchestra WHERE country = 'Spain'"))
                .isNull();
        assertThat(mismatch(
                        "Which orchestras play in Veinna?",
                        "SELECT orchestra_name FROM orchestra WHERE city = 'Vienna'"))
                .isNull();
        assertThat(mismatch(
                        "Which orchestras are from the USA?",
                        "SELECT orchestra_name FROM orchestra WHERE country = 'United States'"))
                .isNull();
        assertThat(mismatch(
                        "In which halls did the orchestra play its season-opener?",
                        "SELECT hall FROM concert WHERE hall LIKE '%Season Opener%'"))
                .isNull();
    }

    @Test
    void shouldLeaveFlagsCodesAndUnsaidNumbersToTheQuestionsWords() {
        // A flag is said by the verb, a code by what it stands for, the latest season by "latest".
        assertThat(mismatch(
                        "Which orchestras are youth orchestras?",
                        "SELECT orchestra_name FROM orchestra WHERE is_youth = 'true'"))
                .isNull();
        assertThat(mismatch("Who plays the viola?", "SELECT musician_name FROM musician WHERE instrument = 'VA'"))
                .isNull();
        assertThat(mismatch(
                        "Which halls were played in the latest season?",
                        "SELECT hall FROM concert WHERE season = 2024"))
                .isNull();
    }

    @Test
    void shouldFlagAYearTheQuestionSaysAndTheSqlReplaces() {
        assertThat(mismatch("Which halls were played in 2012?", "SELECT hall FROM concert WHERE season = 2021"))
                .contains("2012")
                .contains("2021");
        assertThat(mismatch("Which halls were played in 2012?", "SELECT hall FROM concert WHERE season = 2012"))
                .isNull();
        assertThat(mismatch(
                        "Which halls were played between 2012 and 2014?",
                        "SELECT hall FROM concert WHERE season BETWEEN 2012 AND 2014"))
                .isNull();
    }

    @Test
    void shouldFlagAColumnTheQuestionsListOfWhatToReturnDoesNotName() {
        assertThat(mismatch(
                        "Show me the names, the instruments and the salary of every musician",
                        "SELECT musician_name, instrument, salary, bonus FROM musician"))
                .contains("bonus");
        assertThat(mismatch(
                        "Show me the names, the instruments and the salary of every musician",
                        "SELECT musician_name, instrument, salary FROM musician"))
                .isNull();
        // A question that lists nothing says nothing about the columns.
        assertThat(mismatch("Show me every musician", "SELECT musician_name, instrument, bonus FROM musician"))
                .isNull();
    }

    @Test
    void shouldFlagACountOfAThingWhoseTableTheSqlNeverTouches() {
        assertThat(mismatch(
                        "How many concerts did the Vienna orchestras give?",
                        "SELECT count(*) FROM award AS a JOIN orchestra AS o ON a.orchestra_id = o.orchestra_id "
                                + "WHERE o.city = 'Vienna'"))
                .contains("concerts");
        assertThat(mismatch(
                        "How many concerts did the Vienna orchestras give?",
                        "SELECT count(*) FROM concert AS c JOIN orchestra AS o ON c.orchestra_id = o.orchestra_id "
                                + "WHERE o.city = 'Vienna'"))
                .isNull();
        // "times" names no table: the rule says nothing.
        assertThat(mismatch(
                        "How many times did the Vienna orchestras win?",
                        "SELECT count(*) FROM award AS a JOIN orchestra AS o ON a.orchestra_id = o.orchestra_id "
                                + "WHERE o.city = 'Vienna'"))
                .isNull();
    }

    @Test
    void shouldFlagAMeasureOfATableTheQuestionNeverNamesPickedThroughAnother() {
        String byMusician = "SELECT sum(c.tickets_sold) FROM concert AS c JOIN orchestra_member AS om "
                + "ON om.orchestra_id = c.orchestra_id JOIN musician AS m ON m.musician_id = om.musician_id "
                + "WHERE m.musician_name = 'Anna Berg'";
        assertThat(mismatch("How many tickets did Anna Berg sell in total?", byMusician))
                .contains("concert.tickets_sold");
        assertThat(mismatch("How many tickets did the concerts of Anna Berg sell in total?", byMusician))
                .isNull();
        // The measure of the table the value picks: nothing to say.
        assertThat(mismatch(
                        "What is the total salary of Anna Berg?",
                        "SELECT sum(salary) FROM musician WHERE musician_name = 'Anna Berg'"))
                .isNull();
    }
}
