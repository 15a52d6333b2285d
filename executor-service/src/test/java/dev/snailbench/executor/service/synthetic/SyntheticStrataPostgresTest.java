package dev.snailbench.executor.service.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The strata's shares when a stratum's templates differ in how many fillings the data allows, on a small library
 * database made for it (not FootballDB): 60 books by 24 authors (one to four each), of three genres, over 17 years.
 * Half the seeds count (books of an author: 23 other authors; books of a genre: 2 other genres), half list titles;
 * with a cap of 5 pairs per template the two counting templates give 7 at the cap, and the set keeps the seeds' half
 * only if the author count makes up what the genre count cannot.
 * Beyond the in-memory tier: the queries are filled and run on a real PostgreSQL database.
 */
// A @QuarkusTest to share the module's PostgreSQL with the other Quarkus tests.
@QuarkusTest
@RealInfrastructure
class SyntheticStrataPostgresTest {

    static final String DATABASE = "library";
    private static final List<String> GENRES = List.of("poetry", "drama", "novel", "novel", "drama", "novel");
    private static final int CAP = 5;

    private static SyntheticSuite suite;

    @BeforeAll
    static void createAndGenerate() throws Exception {
        PostgresSuites.create(DATABASE, s -> {
            s.execute("DROP TABLE IF EXISTS book");
            s.execute("CREATE TABLE book (book_id int PRIMARY KEY, title text NOT NULL, author text NOT NULL, "
                    + "genre text NOT NULL, published int NOT NULL)");
            StringBuilder insert = new StringBuilder("INSERT INTO book VALUES ");
            int id = 0;
            for (int a = 0; a < 24; a++) {
                String author = (char) ('A' + a) + "da " + (char) ('B' + (a * 7) % 24) + "erg";
                for (int b = 0; b <= a % 4; b++) {
                    id++;
                    insert.append(id == 1 ? "" : ", ")
                            .append("(")
                            .append(id)
                            .append(", 'Tale number ")
                            .append(id)
                            .append("', '")
                            .append(author)
                            .append("', '")
                            .append(GENRES.get(id % GENRES.size()))
                            .append("', ")
                            .append(1980 + id % 17)
                            .append(")");
                }
            }
            s.execute(insert.toString());
            s.execute("ANALYZE book");
        });
        List<SyntheticSuite.Seed> seeds = List.of(
                new SyntheticSuite.Seed(
                        "How many books did Cda Perg write?", "SELECT count(*) FROM book WHERE author = 'Cda Perg'"),
                new SyntheticSuite.Seed(
                        "How many poetry books are there?", "SELECT count(*) FROM book WHERE genre = 'poetry'"),
                new SyntheticSuite.Seed(
                        "List the titles by Cda Perg.", "SELECT title FROM book WHERE author = 'Cda Perg'"),
                new SyntheticSuite.Seed(
                        "List the titles published in 1990.", "SELECT title FROM book WHERE published = 1990"));
        suite = PostgresSuites.generate(DATABASE, new SyntheticSuite.Options(seeds, 3, 20, CAP, 100, 10, 60));
        System.out.println("SyntheticStrataPostgresTest: " + suite.counts());
    }

    @Test
    void shouldKeepTheSeedsShareOfCountsWhenOneCountingTemplateHasFewFillings() {
        Map<String, String> seedOf = suite.templates().stream()
                .collect(Collectors.toMap(
                        SyntheticSuite.Template::id, t -> t.frames().get(0).question()));
        Map<String, Long> perTemplate = suite.pairs().stream()
                .collect(Collectors.groupingBy(p -> seedOf.get(p.templateId()), Collectors.counting()));
        // The genre count has two fillings the data allows; the author count gives the rest of the counts' half.
        assertThat(perTemplate.get("How many poetry books are there?")).isEqualTo(2);
        assertThat(perTemplate.get("How many books did Cda Perg write?")).isGreaterThan(CAP);
        assertThat(perTemplate.values()).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(3 * CAP));
        assertThat(suite.pairs()).hasSize(20);
        assertThat(suite.pairs().stream().filter(p -> p.sql().startsWith("SELECT count(*)")))
                .hasSize(10);
        // Every prefix keeps the share: the first half of the set is half counts.
        assertThat(suite.pairs().stream().limit(10).filter(p -> p.sql().startsWith("SELECT count(*)")))
                .hasSize(5);
    }
}
