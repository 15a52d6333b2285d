package dev.snailbench.executor.service.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The generation rules on a small festival database made for them (not FootballDB): each year one Opening and one
 * Finale concert, three of each heat and two semis (so a stage other than the two kept once a year ties on the
 * year), reviews of several words, venues in eight cities, a flag of the word "award" on concerts and on venues.
 * Seeds that fail the gold screening, do not answer their question, do not mean what it asks, return what it does not
 * ask or read its verb as one of two flags are among the seeds.
 * Beyond the in-memory tier: the generated queries run and screened on a real PostgreSQL database.
 */
// A @QuarkusTest to share the module's PostgreSQL with the other Quarkus tests.
@QuarkusTest
@RealInfrastructure
class SyntheticRulesPostgresTest {

    static final String DATABASE = "festival";
    /** Eight reviews: "encore" in three, "show" in six (a word most rows have names no keyword). */
    private static final List<String> REVIEWS = List.of(
            "loud crowd and a long encore show",
            "quiet strings then encore",
            "rain delay before the encore show (2 - 1)",
            "brass section shone all show",
            "strings out of tune",
            "crowd sang along with brass show",
            "quiet opening then loud show finish",
            "long delay but brass shone show");

    private static SyntheticSuite suite;

    @BeforeAll
    static void createAndGenerate() throws Exception {
        PostgresSuites.create(DATABASE, s -> {
            s.execute("DROP TABLE IF EXISTS concert");
            s.execute("DROP TABLE IF EXISTS venue");
            s.execute("CREATE TABLE venue (venue_id int PRIMARY KEY, venue_name text NOT NULL, city text NOT NULL)");
            s.execute("INSERT INTO venue VALUES (1, 'Grieg Hall', 'Bergen'), (2, 'Opera House', 'Oslo'), "
                    + "(3, 'Olavshallen', 'Trondheim'), (4, 'Konserthus', 'Stavanger'), (5, 'Kulturhuset', 'Tromsø'), "
                    + "(6, 'Stormen', 'Bodø'), (7, 'Parken', 'Ålesund'), (8, 'Union Scene', 'Drammen'), "
                    + "(9, 'Import Hall', 'Hamar_import_2023_03_13')");
            s.execute("CREATE TABLE concert (concert_id int PRIMARY KEY, venue_id int NOT NULL REFERENCES venue, "
                    + "stage text NOT NULL, year int NOT NULL, tickets_sold int NOT NULL, review text NOT NULL)");
            StringBuilder insert = new StringBuilder("INSERT INTO concert VALUES ");
            List<String> stages = List.of(
                    "Opening", "Heat A", "Heat A", "Heat A", "Heat B", "Heat B", "Heat B", "Semi", "Semi", "Finale");
            int id = 0;
            for (int year = 2015; year <= 2022; year++) {
                for (String stage : stages) {
                    id++;
                    insert.append(id == 1 ? "" : ", ")
                            .append("(")
                            .append(id)
                            .append(", ")
                            .append(1 + id % 8)
                            .append(", '")
                            .append(stage)
                            .append("', ")
                            .append(year)
                            .append(", ")
                            .append(100 + id * 7 % 93)
                            .append(", '")
                            .append(REVIEWS.get(id % REVIEWS.size()))
                            .append("')");
                }
            }
            s.execute(insert.toString());
            // Two flags of one word: a concert that won an award, a venue that is an award winner.
            s.execute("ALTER TABLE concert ADD COLUMN won_award boolean NOT NULL DEFAULT false");
            s.execute("UPDATE concert SET won_award = (concert_id % 4 = 0)");
            s.execute("ALTER TABLE venue ADD COLUMN award_winner boolean NOT NULL DEFAULT false");
            s.execute("UPDATE venue SET award_winner = (venue_id IN (1, 2))");
            s.execute("ANALYZE concert");
        });
        List<SyntheticSuite.Seed> seeds = List.of(
                new SyntheticSuite.Seed(
                        "Which venue hosted the most recent Finale?",
                        "SELECT v.venue_name FROM concert AS c JOIN venue AS v ON c.venue_id = v.venue_id "
                                + "WHERE c.stage = 'Finale' ORDER BY c.year DESC LIMIT 1"),
                new SyntheticSuite.Seed(
                        "Which venue hosted the Finale of 2019?",
                        "SELECT v.venue_name FROM concert AS c JOIN venue AS v ON c.venue_id = v.venue_id "
                                + "WHERE c.stage = 'Finale' AND c.year = 2019"),
                new SyntheticSuite.Seed(
                        "Which stages in which years had a review that mentions an encore?",
                        "SELECT DISTINCT c.stage, c.year FROM concert AS c WHERE c.review ILIKE '%encore%'"),
                new SyntheticSuite.Seed(
                        "Which venues are not in Oslo or Bergen?",
                        "SELECT venue_name FROM venue WHERE city NOT IN ('Oslo', 'Bergen')"),
                new SyntheticSuite.Seed(
                        "How many concerts were held in 2018?", "SELECT c.stage FROM concert AS c WHERE c.year = 2018"),
                new SyntheticSuite.Seed(
                        "Which venue sold the most tickets in 2017?",
                        "SELECT count(*) FROM concert AS c WHERE c.year = 2017"),
                new SyntheticSuite.Seed(
                        "Name a concert stage of 2016.",
                        "SELECT c.stage FROM concert AS c WHERE c.year = 2016 LIMIT 1"),
                new SyntheticSuite.Seed(
                        "In which city was the Finale of 2018 played?",
                        "SELECT v.city FROM concert AS c JOIN venue AS v ON c.venue_id = v.venue_id "
                                + "JOIN concert AS o ON o.year = c.year AND o.stage IN ('Opening', 'Semi') "
                                + "WHERE c.stage = 'Finale' AND c.year = 2018"),
                new SyntheticSuite.Seed(
                        "Which venues are in Trondheim or Bergen?",
                        "SELECT venue_name FROM venue WHERE city IN ('Bergen', 'Stavanger')"),
                new SyntheticSuite.Seed(
                        "Which stages were played at Grieg Hall in 2016?",
                        "SELECT DISTINCT c.stage FROM concert AS c JOIN venue AS v ON c.venue_id = v.venue_id "
                                + "WHERE v.venue_name = 'Grieg Hall' AND c.year = 2019"),
                new SyntheticSuite.Seed(
                        "List the years after 2016 with a Finale.",
                        "SELECT c.year FROM concert AS c WHERE c.stage = 'Finale' AND c.year > 2016"),
                new SyntheticSuite.Seed(
                        "In which years were which stages played at the Opera?",
                        "SELECT DISTINCT c.year, c.stage FROM concert AS c JOIN venue AS v ON c.venue_id = v.venue_id "
                                + "WHERE v.venue_name LIKE '%Opera%'"),
                new SyntheticSuite.Seed(
                        "Which stages were played at Parken?",
                        "SELECT c.stage, c.tickets_sold FROM concert AS c JOIN venue AS v ON c.venue_id = v.venue_id "
                                + "WHERE v.venue_name = 'Parken'"),
                new SyntheticSuite.Seed(
                        "How many times did Grieg Hall win an award?",
                        "SELECT count(*) FROM concert AS c JOIN venue AS v ON c.venue_id = v.venue_id "
                                + "WHERE v.venue_name = 'Grieg Hall' AND c.won_award = true"));
        suite = PostgresSuites.generate(DATABASE, new SyntheticSuite.Options(seeds, 3, 200, 25, 100, 10, 120));
    }

    private static List<SyntheticSuite.Pair> pairsOf(int seedIndex) {
        return PostgresSuites.pairsOf(suite, seedIndex);
    }

    @Test
    void shouldKeepATopOneWhoseCutFallsBetweenRowsTheOrderTellsApart() {
        // Only the Opening is once a year like the Finale: a heat or a semi ties on the year at the cut.
        assertThat(pairsOf(0))
                .isNotEmpty()
                .allSatisfy(p -> assertThat(p.spoken()).containsExactly("Opening"));
        assertThat(suite.counts().refused().get(Tally.RESULT_SHAPE)).isPositive();
    }

    @Test
    void shouldKeepOneRowWhereTheSeedAnsweredWithOneEvenRepeated() {
        // The Finale's city, repeated by a join (once per Opening and Semi of the year): one distinct row stays one.
        assertThat(pairsOf(7))
                .isNotEmpty()
                .allSatisfy(p ->
                        assertThat(Set.copyOf(p.expected().rows())).as(p.sql()).hasSize(1));
    }

    @Test
    void shouldKeepOneRowWhereTheSeedAnsweredWithOne() {
        assertThat(pairsOf(1)).isNotEmpty().allSatisfy(p -> {
            assertThat(p.expected().rows()).as(p.sql()).hasSize(1);
            assertThat(p.spoken().get(0)).isIn("Opening", "Finale");
        });
    }

    @Test
    void shouldFillALikeKeywordSlotWithAWordThatMatchesSeveralReviewsButNotMostNeverAWholeReview() throws SQLException {
        List<String> reviews = new ArrayList<>(REVIEWS);
        assertThat(pairsOf(2)).isNotEmpty().allSatisfy(p -> {
            String word = p.spoken().get(0);
            assertThat(word).as(p.sql()).matches("\\p{L}{3,}").isNotIn(reviews).isNotEqualTo("show");
            assertThat(reviews.stream().filter(r -> r.contains(word)).count())
                    .as(word)
                    .isGreaterThanOrEqualTo(2);
        });
    }

    @Test
    void shouldDrawDistinctValuesForTheSlotsOfOneList() {
        assertThat(pairsOf(3)).hasSizeGreaterThan(3).allSatisfy(p -> {
            assertThat(p.spoken()).doesNotHaveDuplicates();
            assertThat(p.expected().rows()).hasSize(7);
        });
        assertThat(suite.counts().refused().get(Tally.DISTINCT_VALUES)).isPositive();
    }

    @Test
    void shouldNeverDrawAnIdentifierLikeValueForASeedThatNamedAPlace() {
        // One city is a load artefact with underscores; the seed named real cities.
        assertThat(pairsOf(3)).allSatisfy(p -> assertThat(p.spoken()).noneMatch(v -> v.contains("_")));
        assertThat(suite.counts().refused().get(Tally.VALUE_KIND)).isPositive();
    }

    @Test
    void shouldFlagSeedsThatDoNotAnswerTheirQuestionOrFailTheGoldScreeningAndNotMultiplyThem() {
        assertThat(pairsOf(4)).isEmpty();
        assertThat(pairsOf(5)).isEmpty();
        assertThat(pairsOf(6)).isEmpty();
        Map<String, Integer> refused = suite.counts().refused();
        assertThat(refused.get(Tally.ANSWER_SHAPE)).isEqualTo(2);
        assertThat(refused.get(Tally.GOLD_SCREENING)).isEqualTo(1);
        assertThat(suite.counts().seedRefusals())
                .anySatisfy(r -> assertThat(r)
                        .startsWith("seed 5: its SQL does not answer its question: asks how many but answers with"));
        assertThat(suite.counts().seedRefusals())
                .anySatisfy(r -> assertThat(r)
                        .startsWith(
                                "seed 6: its SQL does not answer its question: asks which or who but answers with a "
                                        + "lone count"));
        assertThat(suite.counts().seedRefusals())
                .anySatisfy(r -> assertThat(r).startsWith("seed 7: fails the gold screening: its LIMIT 1"));
    }

    @Test
    void shouldFlagSeedsWhoseSqlDoesNotMeanWhatTheQuestionAsksAndNotMultiplyThem() {
        assertThat(pairsOf(8)).isEmpty();
        assertThat(pairsOf(9)).isEmpty();
        assertThat(suite.counts().refused().get(Tally.SEED_MEANING)).isEqualTo(2);
        assertThat(suite.counts().seedRefusals())
                .contains(
                        "seed 9: its SQL does not mean what its question asks: filters on 'Stavanger', which the"
                                + " question does not say",
                        "seed 10: its SQL does not mean what its question asks: the question says 2016 but the SQL"
                                + " compares with 2019");
    }

    @Test
    void shouldFlagSeedsThatReturnWhatTheQuestionDoesNotAskOrReadItsVerbOneWayOfTwoAndNotMultiplyThem() {
        assertThat(pairsOf(12)).isEmpty();
        assertThat(pairsOf(13)).isEmpty();
        assertThat(suite.counts().refused().get(Tally.UNASKED_RETURN)).isEqualTo(1);
        assertThat(suite.counts().refused().get(Tally.FLAG_READING)).isEqualTo(1);
        assertThat(suite.counts().seedRefusals())
                .contains(
                        "seed 13: its SQL returns what its question does not ask: returns tickets_sold, which its "
                                + "question does not ask for",
                        "seed 14: its SQL reads its question's verb one way of two: keeps concert.won_award = true, "
                                + "but its question names nothing of concert and reads as venue.award_winner as well");
    }

    @Test
    void shouldNotRepeatRowsTheSeedsValueKeptApart() {
        // One Finale a year gives each year once; a heat or a semi would give each year two or three times (a list
        // of rows, not a "which" question that would be given DISTINCT).
        assertThat(pairsOf(10)).isNotEmpty().allSatisfy(p -> {
            assertThat(Set.copyOf(p.expected().rows()))
                    .as(p.sql())
                    .hasSameSizeAs(p.expected().rows());
            assertThat(p.spoken().get(0)).isIn("Opening", "Finale");
        });
    }

    @Test
    void shouldFillALikeSlotThatNamedOneVenueWithAWordThatNamesOneVenue() {
        // "Opera" names one venue; "Hall" would name two (Grieg Hall, Import Hall).
        List<String> venues = List.of(
                "Grieg Hall",
                "Opera House",
                "Olavshallen",
                "Konserthus",
                "Kulturhuset",
                "Stormen",
                "Parken",
                "Union Scene",
                "Import Hall");
        assertThat(pairsOf(11))
                .isNotEmpty()
                .allSatisfy(p -> assertThat(venues.stream()
                                .filter(v -> v.contains(p.spoken().get(0)))
                                .count())
                        .as(p.sql())
                        .isEqualTo(1));
    }

    @Test
    void shouldRunEveryKeptPairToTheResultItStores() throws SQLException {
        try (Connection c = LocalStack.targets().connect(DATABASE);
                Statement s = c.createStatement()) {
            for (SyntheticSuite.Pair p : suite.pairs()) {
                try (ResultSet rs = s.executeQuery(p.sql())) {
                    int rows = 0;
                    while (rs.next()) {
                        rows++;
                    }
                    assertThat(rows).as(p.sql()).isEqualTo(p.expected().rows().size());
                }
            }
        }
    }
}
