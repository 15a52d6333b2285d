package dev.snailbench.sql.template;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Seeds on a chess schema written for these cases: players play games, and a tournament's result marks its winner;
 * a game and a tournament result each have a flag of the word "win".
 */
class SeedReadingsTest {

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(5));

    private static final Map<String, Map<String, String>> SCHEMA = Map.of(
            "player",
            Map.of(
                    "player_id",
                    "int4",
                    "player_name",
                    "varchar",
                    "federation",
                    "varchar",
                    "dob",
                    "date",
                    "active",
                    "bool"),
            "game",
            Map.of(
                    "game_id",
                    "int4",
                    "white_id",
                    "int4",
                    "black_id",
                    "int4",
                    "event_year",
                    "int4",
                    "round",
                    "int4",
                    "moves",
                    "int4",
                    "opening",
                    "varchar",
                    "did_win",
                    "bool",
                    "venue_city",
                    "varchar"),
            "tournament_result",
            Map.of("event_year", "int4", "player_id", "int4", "winner", "bool", "points", "numeric"));

    private static String unasked(String question, String sql) {
        return SeedReadings.unaskedReturn(question, PARSER.parse(sql, SqlDialect.POSTGRESQL), SCHEMA);
    }

    private static String flag(String question, String sql) {
        return SeedReadings.flagReading(question, PARSER.parse(sql, SqlDialect.POSTGRESQL), SCHEMA);
    }

    @Test
    void shouldFlagAReturnedColumnTheQuestionNeverAsksFor() {
        assertThat(unasked(
                        "Which players did Anand meet in 1995?",
                        "SELECT p.player_name, g.opening FROM game AS g JOIN player AS p ON p.player_id = g.black_id "
                                + "JOIN player AS a ON a.player_id = g.white_id "
                                + "WHERE a.player_name = 'Anand' AND g.event_year = 1995"))
                .contains("opening");
        assertThat(unasked(
                        "Who won the tournament of 2001?",
                        "SELECT p.player_name, r.points FROM tournament_result AS r JOIN player AS p "
                                + "ON p.player_id = r.player_id WHERE r.winner = 'true' AND r.event_year = 2001"))
                .contains("points");
        assertThat(unasked("Which games ended after 100 moves?", "SELECT * FROM game WHERE moves > 100"))
                .contains("every column");
    }

    @Test
    void shouldAcceptAColumnTheQuestionAsksForInAnyOfItsWays() {
        // By its words, its head word, its thing's word for a generic name, or the value it is compared with.
        assertThat(unasked(
                        "Which openings did Anand play with the federation of India?",
                        "SELECT g.opening, p.federation FROM game AS g JOIN player AS p ON p.player_id = g.white_id "
                                + "WHERE p.player_name = 'Anand' AND p.federation = 'India'"))
                .isNull();
        // By the question's word: "when" a time or a date, "where" a place, "who" a name.
        assertThat(unasked(
                        "Where and when did Anand play the Sicilian?",
                        "SELECT g.venue_city, g.event_year FROM game AS g JOIN player AS p ON p.player_id = g.white_id"
                                + " WHERE p.player_name = 'Anand' AND g.opening = 'Sicilian'"))
                .isNull();
        assertThat(unasked("What is the date of birth of Anand?", "SELECT dob FROM player WHERE player_name = 'Anand'"))
                .isNull();
        // A result asks for the numbers of a game.
        assertThat(unasked(
                        "What was the result of the 1995 games in round 3?",
                        "SELECT moves, did_win FROM game WHERE event_year = 1995 AND round = 3"))
                .contains("did_win");
        // A request to show or list rows asks for them, not for one kind of answer.
        assertThat(unasked(
                        "Show all games of 1995 in round 3",
                        "SELECT opening, moves, venue_city FROM game WHERE event_year = 1995 AND round = 3"))
                .isNull();
    }

    @Test
    void shouldFlagAFlagTheQuestionsVerbReadsTwoWays() {
        // "win" is a tournament won or a game won; the question names neither.
        assertThat(flag(
                        "How often did Anand win?",
                        "SELECT count(*) FROM tournament_result AS r JOIN player AS p ON p.player_id = r.player_id "
                                + "WHERE p.player_name = 'Anand' AND r.winner = 'true'"))
                .contains("tournament_result.winner")
                .contains("game.did_win");
        assertThat(flag(
                        "How many times did Anand win against Kasparov?",
                        "SELECT count(*) FROM game AS g JOIN player AS p ON p.player_id = g.white_id "
                                + "WHERE p.player_name = 'Anand' AND g.did_win = TRUE"))
                .contains("game.did_win");
    }

    @Test
    void shouldAcceptAFlagWhoseTableTheQuestionNames() {
        // By a word of the flag's table, or by a value the query compares on it.
        assertThat(flag(
                        "How many tournaments did Anand win?",
                        "SELECT count(*) FROM tournament_result AS r JOIN player AS p ON p.player_id = r.player_id "
                                + "WHERE p.player_name = 'Anand' AND r.winner = 'true'"))
                .isNull();
        assertThat(flag(
                        "How often did white win in round 3?",
                        "SELECT count(*) FROM game WHERE round = 3 AND did_win = 'true'"))
                .isNull();
        assertThat(flag(
                        "Who won in 2001?",
                        "SELECT p.player_name FROM tournament_result AS r JOIN player AS p "
                                + "ON p.player_id = r.player_id WHERE r.event_year = 2001 AND r.winner = 'true'"))
                .isNull();
        // A flag with no namesake elsewhere reads one way.
        assertThat(flag("Which players are active?", "SELECT player_name FROM player WHERE active = 'true'"))
                .isNull();
    }

    @Test
    void shouldFlagAColumnTheQuestionSaysOnlyAsWhatTheAnswerIsRankedBy() {
        // "the most moves" ranks the games; the question asks for the year alone.
        assertThat(unasked(
                        "In which year did Anand play the game with the most moves?",
                        "SELECT g.event_year, g.moves FROM game AS g JOIN player AS p ON p.player_id = g.white_id "
                                + "WHERE p.player_name = 'Anand' ORDER BY g.moves DESC LIMIT 1"))
                .contains("moves");
        assertThat(
                        unasked(
                                "Which player has the highest number of points in 2001?",
                                "SELECT p.player_name, r.points FROM tournament_result AS r JOIN player AS p "
                                        + "ON p.player_id = r.player_id WHERE r.event_year = 2001 ORDER BY r.points DESC LIMIT 1"))
                .contains("points");
    }

    @Test
    void shouldNotReadTheRankingsVerbAsAskingForItsAmount() {
        // "scored" says how the points came about; the question asks for the year they were most.
        assertThat(unasked(
                        "In which year has Anand scored the most points?",
                        "SELECT r.event_year, r.points FROM tournament_result AS r JOIN player AS p "
                                + "ON p.player_id = r.player_id WHERE p.player_name = 'Anand' "
                                + "ORDER BY r.points DESC LIMIT 1"))
                .contains("points");
        assertThat(unasked(
                        "Which year has Anand scored the highest points total in?",
                        "SELECT r.event_year, r.points FROM tournament_result AS r JOIN player AS p "
                                + "ON p.player_id = r.player_id WHERE p.player_name = 'Anand' "
                                + "ORDER BY r.points DESC LIMIT 1"))
                .contains("points");
        // The noun asks for the numbers, ranked or not.
        assertThat(unasked(
                        "What was the score of Anand in 2001?",
                        "SELECT r.points FROM tournament_result AS r JOIN player AS p ON p.player_id = r.player_id "
                                + "WHERE p.player_name = 'Anand' AND r.event_year = 2001"))
                .isNull();
        assertThat(unasked(
                        "In which year did Anand score the most points, and what was his score?",
                        "SELECT r.event_year, r.points FROM tournament_result AS r JOIN player AS p "
                                + "ON p.player_id = r.player_id WHERE p.player_name = 'Anand' "
                                + "ORDER BY r.points DESC LIMIT 1"))
                .isNull();
    }

    @Test
    void shouldAcceptARankingColumnTheQuestionAlsoAsksFor() {
        assertThat(unasked(
                        "In which year did Anand play the game with the most moves? Return the year and the moves.",
                        "SELECT g.event_year, g.moves FROM game AS g JOIN player AS p ON p.player_id = g.white_id "
                                + "WHERE p.player_name = 'Anand' ORDER BY g.moves DESC LIMIT 1"))
                .isNull();
        // Without a LIMIT nothing is ranked: every row is returned with its moves, as the question says.
        assertThat(unasked(
                        "Which games had the most moves, and how many moves?",
                        "SELECT g.game_id, g.moves FROM game AS g ORDER BY g.moves DESC"))
                .isNull();
    }

    private static boolean setOfNames(String question, String sql) {
        return SeedReadings.setOfNames(question, PARSER.parse(sql, SqlDialect.POSTGRESQL), SCHEMA);
    }

    @Test
    void shouldAskForDistinctRowsWhereAWhoOrWhichListCanRepeatANameThroughAJoin() {
        String sql = "SELECT p.player_name FROM game AS g JOIN player AS p ON p.player_id = g.white_id "
                + "WHERE g.opening = 'Sicilian' ORDER BY p.player_name";
        assertThat(setOfNames("Who played the Sicilian with white?", sql)).isTrue();
        assertThat(setOfNames("Which players opened with the Sicilian?", sql)).isTrue();
        var parsed = PARSER.parse(sql, SqlDialect.POSTGRESQL);
        SeedReadings.distinct(parsed);
        assertThat(parsed.toString()).startsWith("SELECT DISTINCT p.player_name FROM game");
    }

    @Test
    void shouldAskForDistinctRowsWhereAListingNamesThingsWithoutWhoOrWhich() {
        String join = " FROM game AS g JOIN player AS p ON p.player_id = g.white_id WHERE g.opening = 'Sicilian'";
        assertThat(setOfNames("Give me all players of the Sicilian", "SELECT p.player_name" + join))
                .isTrue();
        assertThat(setOfNames(
                        "Show the names and federations of the Sicilian's white players",
                        "SELECT p.player_name, p.federation" + join + " ORDER BY p.player_name"))
                .isTrue();
        // Years and places are names of a kind too: the same year twice answers nothing more.
        assertThat(setOfNames("List the years and cities of the Sicilian", "SELECT g.event_year, g.venue_city" + join))
                .isTrue();
    }

    @Test
    void shouldLeaveAListingOfAmountsOrOfOneRowPerEventAsItIs() {
        String join = " FROM game AS g JOIN player AS p ON p.player_id = g.white_id WHERE g.opening = 'Sicilian'";
        // The same number of moves in two games is two answers.
        assertThat(setOfNames(
                        "Show the players and moves of the Sicilian games", "SELECT p.player_name, g.moves" + join))
                .isFalse();
        assertThat(setOfNames("List the points of Anand", "SELECT r.points FROM tournament_result AS r"))
                .isFalse();
        // One table: a row per player, two players of one name are two answers.
        assertThat(setOfNames("List the players of India", "SELECT player_name FROM player WHERE federation = 'India'"))
                .isFalse();
        // One row per game, or a how-question.
        assertThat(setOfNames("Show the white player per Sicilian game", "SELECT p.player_name" + join))
                .isFalse();
        assertThat(setOfNames(
                        "Give me the white player every time the Sicilian was played", "SELECT p.player_name" + join))
                .isFalse();
        assertThat(setOfNames("How were the Sicilian games opened?", "SELECT g.opening" + join))
                .isFalse();
        assertThat(setOfNames("Show everything about the Sicilian games", "SELECT *" + join))
                .isFalse();
    }

    @Test
    void shouldLeaveCountsRankingsAndOtherQuestionsAsTheyAre() {
        String join = " FROM game AS g JOIN player AS p ON p.player_id = g.white_id WHERE g.opening = 'Sicilian'";
        // Not a who/which question (a list of games keeps a player once per game), or DISTINCT already there.
        assertThat(setOfNames("List the white player of each Sicilian game", "SELECT p.player_name" + join))
                .isFalse();
        assertThat(setOfNames("Who played the Sicilian?", "SELECT DISTINCT p.player_name" + join))
                .isFalse();
        assertThat(setOfNames("Who played the Sicilian most?", "SELECT count(*), p.player_name" + join))
                .isFalse();
        // A LIMIT picks rows, and an ORDER BY key not returned cannot go with DISTINCT.
        assertThat(setOfNames("Who played the first Sicilian?", "SELECT p.player_name" + join + " LIMIT 1"))
                .isFalse();
        assertThat(setOfNames(
                        "Which players played the Sicilian?", "SELECT p.player_name" + join + " ORDER BY g.moves"))
                .isFalse();
    }

    @Test
    void shouldNameTheTablesACountOfRowsCountsAndProbeTheirKeys() {
        var parsed = PARSER.parse(
                "SELECT count(*) FROM game AS g JOIN player AS p ON p.player_id = g.white_id "
                        + "WHERE p.federation = 'India' ORDER BY 1 LIMIT 5",
                SqlDialect.POSTGRESQL);
        assertThat(SeedReadings.rowCount(parsed)).containsExactly(Map.entry("game", "g"), Map.entry("player", "p"));
        assertThat(SeedReadings.keyProbe(parsed, "g", "event_year", List.of("game_id")))
                .isEqualTo("SELECT g.event_year, g.game_id FROM game AS g JOIN player AS p ON p.player_id = g.white_id "
                        + "WHERE p.federation = 'India'");
        // A count of distinct things, a grouped count or another aggregate counts no rows twice.
        for (String sql : List.of(
                "SELECT count(DISTINCT g.game_id) FROM game AS g",
                "SELECT g.event_year, count(*) FROM game AS g GROUP BY g.event_year",
                "SELECT max(g.moves) FROM game AS g")) {
            assertThat(SeedReadings.rowCount(PARSER.parse(sql, SqlDialect.POSTGRESQL)))
                    .as(sql)
                    .isEmpty();
        }
    }
}
