package dev.snailbench.executor.service.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.ResultSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The generation rules about how a seed reads its data, on a small league database made for them (not FootballDB):
 * each fixture is told in two rows of {@code side}, one per club (a fixture id in both), at the home club's arena,
 * with a report that names the winning club; clubs have three-letter country codes (one club's country written out in full), a nickname, a
 * founding year and a {@code rating} no seed asks about; 1,200 members (more than a sample of a column's cells
 * holds), each named by one of eight given names and a surname of their own, visit in three seasons each.
 * Beyond the in-memory tier: the seeds are screened and the generated queries run on a real PostgreSQL database.
 */
// A @QuarkusTest to share the module's PostgreSQL with the other Quarkus tests.
@QuarkusTest
@RealInfrastructure
class SyntheticReadingsPostgresTest {

    static final String DATABASE = "league";
    private static final List<String> CLUBS =
            List.of("Otters", "Bears", "Lynx", "Wolves", "Hawks", "Foxes", "Elks", "Owls");
    private static final List<String> COUNTRIES = List.of("NOR", "NOR", "SWE", "SWE", "DEN", "FIN", "FIN", "Iceland");
    private static final List<String> ARENAS =
            List.of("Riverside Park", "Harbour Field", "North Stadium", "Pine Arena", "Lake Ground", "Old Mill");

    /** Given names many members share; every member's surname is their own. */
    private static final List<String> GIVEN = List.of("Ola", "Kari", "Per", "Lise", "Jon", "Anne", "Nils", "Eva");

    private static final int MEMBERS = 1200;

    private static SyntheticSuite suite;
    /** The surname the member seed asks about: the one a sample of lowest MD5 reaches last. */
    private static String seedSurname;

    @BeforeAll
    static void createAndGenerate() throws Exception {
        PostgresSuites.create(DATABASE, s -> {
            s.execute("DROP TABLE IF EXISTS side");
            s.execute("DROP TABLE IF EXISTS club");
            s.execute("DROP TABLE IF EXISTS arena");
            s.execute("CREATE TABLE arena (arena_id int PRIMARY KEY, arena_name text NOT NULL, city text NOT NULL)");
            for (int a = 0; a < ARENAS.size(); a++) {
                s.execute("INSERT INTO arena VALUES (" + (a + 1) + ", '" + ARENAS.get(a) + "', 'Town "
                        + (char) ('A' + a) + "')");
            }
            s.execute(
                    "CREATE TABLE club (club_code text PRIMARY KEY, club_name text NOT NULL, country_code text NOT NULL,"
                            + " nickname text NOT NULL, founded int NOT NULL, rating real NOT NULL)");
            for (int k = 0; k < CLUBS.size(); k++) {
                s.execute("INSERT INTO club VALUES ('C" + k + "X', '" + CLUBS.get(k) + "', '" + COUNTRIES.get(k)
                        + "', 'The " + CLUBS.get(k) + " of " + (1900 + 7 * k) + "', " + (1900 + 7 * k) + ", "
                        + (0.1 + k / 10.0) + ")");
            }
            s.execute("CREATE TABLE side (side_id int PRIMARY KEY, fixture_id int NOT NULL, club_code text NOT NULL "
                    + "REFERENCES club, role text NOT NULL, goals int NOT NULL, arena_id int NOT NULL REFERENCES arena, "
                    + "season int NOT NULL, report text NOT NULL)");
            StringBuilder insert = new StringBuilder("INSERT INTO side VALUES ");
            int id = 0;
            for (int f = 1; f <= 40; f++) {
                String home = CLUBS.get(f % 8);
                String report = switch (f % 4) {
                    case 0 -> home + " won in regular time";
                    // A club's name in several reports: as common in them as a keyword, but no keyword.
                    case 1 -> home + " win on penalties (" + (3 + f % 3) + " - 2)";
                    case 2 -> "decided after extra time, " + home + " ahead";
                    default -> "a draw in heavy rain";
                };
                for (int side = 0; side < 2; side++) {
                    id++;
                    int club = side == 0 ? f % 8 : (f + 3) % 8;
                    insert.append(id == 1 ? "" : ", ")
                            .append("(")
                            .append(id)
                            .append(", ")
                            .append(f)
                            .append(", 'C")
                            .append(club)
                            .append("X', '")
                            .append(side == 0 ? "home" : "away")
                            .append("', ")
                            .append((f * 7 + side * 3) % 5)
                            .append(", ")
                            .append(1 + f % 8 % 6)
                            .append(", ")
                            .append(2018 + f % 4)
                            .append(", '")
                            .append(report)
                            .append("')");
                }
            }
            s.execute(insert.toString());
            s.execute("ANALYZE side");
            // More members than any sample of a column's cells holds, each visiting in three seasons.
            s.execute("DROP TABLE IF EXISTS visit");
            s.execute("DROP TABLE IF EXISTS member");
            s.execute("CREATE TABLE member (member_id int PRIMARY KEY, member_name text NOT NULL)");
            s.execute("CREATE TABLE visit (visit_id int PRIMARY KEY, member_id int NOT NULL REFERENCES member, "
                    + "season int NOT NULL)");
            StringBuilder members = new StringBuilder("INSERT INTO member VALUES ");
            StringBuilder visits = new StringBuilder("INSERT INTO visit VALUES ");
            for (int m = 0; m < MEMBERS; m++) {
                members.append(m == 0 ? "" : ", ")
                        .append("(")
                        .append(m + 1)
                        .append(", '")
                        .append(GIVEN.get(m % GIVEN.size()))
                        .append(" ")
                        .append(surname(m))
                        .append("')");
                for (int v = 0; v < 3; v++) {
                    visits.append(m == 0 && v == 0 ? "" : ", ")
                            .append("(")
                            .append(3 * m + v + 1)
                            .append(", ")
                            .append(m + 1)
                            .append(", ")
                            .append(2000 + (7 * m + 5 * v) % 23)
                            .append(")");
                }
            }
            s.execute(members.toString());
            s.execute(visits.toString());
            s.execute("ANALYZE member");
            s.execute("ANALYZE visit");
            try (ResultSet rs = s.executeQuery(
                    "SELECT member_name FROM member ORDER BY md5(member_name) COLLATE \"C\" DESC LIMIT 1")) {
                rs.next();
                seedSurname = rs.getString(1).split(" ")[1];
            }
        });
        String sides = "FROM side AS s JOIN club AS c ON s.club_code = c.club_code ";
        List<SyntheticSuite.Seed> seeds = List.of(
                new SyntheticSuite.Seed(
                        "How many fixtures were played at Riverside Park?",
                        "SELECT count(*) FROM side AS s JOIN arena AS a ON s.arena_id = a.arena_id "
                                + "WHERE a.arena_name = 'Riverside Park'"),
                new SyntheticSuite.Seed(
                        "How many fixtures did the Otters play?",
                        "SELECT count(*) " + sides + "WHERE c.club_name = 'Otters'"),
                new SyntheticSuite.Seed(
                        "Which clubs played at Riverside Park?",
                        "SELECT c.club_name " + sides + "JOIN arena AS a ON s.arena_id = a.arena_id "
                                + "WHERE a.arena_name = 'Riverside Park'"),
                new SyntheticSuite.Seed(
                        "How many fixtures were decided on penalties?",
                        "SELECT count(DISTINCT s.fixture_id) FROM side AS s WHERE s.report LIKE '%penalties%'"),
                new SyntheticSuite.Seed(
                        "List the clubs from the country with code NOR.",
                        "SELECT club_name FROM club WHERE country_code = 'NOR'"),
                new SyntheticSuite.Seed(
                        "Return the country code of club Otters.",
                        "SELECT country_code FROM club WHERE club_name = 'Otters'"),
                new SyntheticSuite.Seed(
                        "Return the nickname of club Bears.", "SELECT nickname FROM club WHERE club_name = 'Bears'"),
                new SyntheticSuite.Seed(
                        "Return the year club Lynx was founded.", "SELECT founded FROM club WHERE club_name = 'Lynx'"),
                new SyntheticSuite.Seed(
                        "In which seasons did " + seedSurname + " visit?",
                        "SELECT DISTINCT v.season FROM member AS m JOIN visit AS v ON m.member_id = v.member_id "
                                + "WHERE m.member_name LIKE '%" + seedSurname + "%'"),
                new SyntheticSuite.Seed(
                        "Give me all clubs that played at Pine Arena in 2021.",
                        "SELECT c.club_name " + sides + "JOIN arena AS a ON s.arena_id = a.arena_id "
                                + "WHERE a.arena_name = 'Pine Arena' AND s.season = 2021"),
                new SyntheticSuite.Seed(
                        "Show the clubs and goals of the fixtures at Harbour Field.",
                        "SELECT c.club_name, s.goals " + sides + "JOIN arena AS a ON s.arena_id = a.arena_id "
                                + "WHERE a.arena_name = 'Harbour Field'"));
        suite = PostgresSuites.generate(DATABASE, new SyntheticSuite.Options(seeds, 5, 300, 25, 100, 10, 120));
        System.out.println("SyntheticReadingsPostgresTest: " + suite.counts());
    }

    private static List<SyntheticSuite.Pair> pairsOf(int seedIndex) {
        return PostgresSuites.pairsOf(suite, seedIndex);
    }

    @Test
    void shouldCountTheFixturesWhereACountOfRowsCountsEachFixtureOncePerSide() {
        // Every fixture at an arena comes with both its rows: the seed counts the fixtures instead.
        assertThat(pairsOf(0)).isNotEmpty().allSatisfy(p -> {
            assertThat(p.sql()).startsWith("SELECT count(DISTINCT s.fixture_id) FROM side AS s JOIN arena AS a");
            assertThat(ARENAS).contains(p.spoken().get(0));
        });
        assertThat(suite.counts().refused().get(Tally.ROWS_PER_KEY)).isEqualTo(1);
    }

    @Test
    void shouldKeepACountOfOneClubsRowsWhichCountsEachFixtureOnce() {
        assertThat(pairsOf(1))
                .isNotEmpty()
                .allSatisfy(p -> assertThat(p.spoken().get(0)).isIn(CLUBS));
    }

    @Test
    void shouldListEachClubOnceWhereTheQuestionAsksWhich() {
        assertThat(pairsOf(2)).isNotEmpty().allSatisfy(p -> {
            assertThat(p.sql()).startsWith("SELECT DISTINCT c.club_name");
            assertThat(Set.copyOf(p.expected().rows()))
                    .as(p.sql())
                    .hasSameSizeAs(p.expected().rows());
        });
        // The "which" seed and the "give me all" listing through a join (below); "list the clubs" of a country
        // reads one table, a row per club, and stays as written.
        assertThat(suite.counts().refused().get(Tally.DISTINCT_ADDED)).isEqualTo(2);
    }

    @Test
    void shouldListEachClubOnceWhereAListingWithoutWhichRepeatsItThroughAJoin() {
        // The seed's own answer names two clubs five times each (once per fixture at the arena that season).
        assertThat(pairsOf(9)).isNotEmpty().allSatisfy(p -> {
            assertThat(p.sql()).startsWith("SELECT DISTINCT c.club_name");
            assertThat(Set.copyOf(p.expected().rows()))
                    .as(p.sql())
                    .hasSameSizeAs(p.expected().rows());
        });
        // A listing with the goals of each fixture keeps a row per fixture: equal goals of one club are two answers.
        assertThat(suite.templates())
                .filteredOn(t -> t.frames().stream().anyMatch(f -> f.seedIndex() == 10))
                .singleElement()
                .satisfies(t -> assertThat(t.text()).startsWith("SELECT c.club_name, s."));
    }

    @Test
    void shouldFillADescriptionsKeywordSlotWithALowerCaseWordNeverAClubsName() {
        assertThat(pairsOf(3)).isNotEmpty().allSatisfy(p -> {
            String word = p.spoken().get(0);
            assertThat(word).as(p.sql()).isEqualTo(word.toLowerCase(Locale.ROOT));
            assertThat(CLUBS).doesNotContain(word);
        });
        assertThat(suite.counts().refused().get(Tally.LIKE_FRAGMENT)).isPositive();
    }

    @Test
    void shouldDrawOnlyCodesForACodeColumnThatHoldsOneFullName() {
        assertThat(pairsOf(4))
                .isNotEmpty()
                .allSatisfy(p -> assertThat(p.spoken().get(0)).matches("[A-Z]{3}"));
        assertThat(suite.counts().refused().get(Tally.VALUE_KIND)).isPositive();
    }

    @Test
    void shouldSwapOnlyIntoColumnsSomeSeedAsksAbout() {
        // The club's rating is a number no seed names; its nickname and founding year are asked about.
        List<SyntheticSuite.Pair> swapped = suite.pairs().stream()
                .filter(p -> p.sql().startsWith("SELECT") && p.sql().contains("FROM club WHERE club_name"))
                .toList();
        assertThat(swapped).isNotEmpty().noneSatisfy(p -> assertThat(p.sql()).contains("rating"));
        assertThat(swapped).anySatisfy(p -> assertThat(p.sql()).startsWith("SELECT nickname"));
    }

    @Test
    void shouldFillANameSlotOnlyWithAWordThatNamesOneMemberAsTheSeedsSurnameDoes() {
        // The seed's surname names one member; a given name names 150. Counted over all 1,200 members, not a sample
        // of them (which holds neither the seed's member nor most of a given name's).
        List<SyntheticSuite.Pair> pairs = pairsOf(8);
        assertThat(pairs).isNotEmpty().allSatisfy(p -> {
            String word = p.spoken().get(0);
            assertThat(GIVEN).as(p.sql()).doesNotContain(word);
            long named = IntStream.range(0, MEMBERS)
                    .mapToObj(m -> GIVEN.get(m % GIVEN.size()) + " " + surname(m))
                    .filter(n -> n.contains(word))
                    .count();
            assertThat(named).as(word).isEqualTo(1);
        });
    }

    /** A surname of letters only, different for every member and none inside another: "Mo" and three letters. */
    private static String surname(int m) {
        return "Mo" + (char) ('a' + m / 676) + (char) ('a' + m / 26 % 26) + (char) ('a' + m % 26);
    }
}
