package dev.snailbench.sql.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import java.time.Duration;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** Query characteristics and Spider hardness. */
class CharacteristicsTest {

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(10));

    private static Characteristics of(String sql) {
        return Characteristics.of(PARSER.parse(sql, SqlDialect.POSTGRESQL));
    }

    @Test
    void shouldRateSpiderHardness() {
        assertThat(of("SELECT count(*) FROM singer").hardness()).isEqualTo(Hardness.EASY);
        assertThat(of("SELECT name, country, age FROM singer ORDER BY age DESC").hardness())
                .isEqualTo(Hardness.MEDIUM);
        assertThat(of("SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer)")
                        .hardness())
                .isEqualTo(Hardness.HARD);
        assertThat(of("SELECT T2.name, count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = "
                                + "T2.stadium_id WHERE T1.year >= 2014 GROUP BY T2.name ORDER BY count(*) DESC LIMIT 1")
                        .hardness())
                .isEqualTo(Hardness.EXTRA);
    }

    @Test
    void shouldRateHardnessAsSpidersScriptDoesWhereItsParserShapesTheQuery() {
        // A chain of set operations is one nested query to Spider (sql['union'] holds the rest of the chain).
        assertThat(of("SELECT a FROM t UNION SELECT a FROM u UNION SELECT a FROM v")
                        .hardness())
                .isEqualTo(Hardness.HARD);
        // ORDER BY and LIMIT after a set operation belong to its last SELECT, not the first.
        assertThat(of("SELECT a FROM t UNION SELECT a FROM u ORDER BY a LIMIT 1")
                        .hardness())
                .isEqualTo(Hardness.HARD);
        // A subquery in FROM is a table unit, not a nested query.
        assertThat(of("SELECT count(*) FROM (SELECT a FROM t) AS s").hardness()).isEqualTo(Hardness.EASY);
        // Only the subqueries that are operands of a condition are nested, not the ones inside them.
        assertThat(of("SELECT name FROM t WHERE a IN (SELECT a FROM u WHERE b IN (SELECT b FROM v))")
                        .hardness())
                .isEqualTo(Hardness.HARD);
        // An aggregate in HAVING is not an aggregation to count_others; a NOT in WHERE is (has_agg on cond units).
        assertThat(of("SELECT count(*) FROM t GROUP BY a HAVING count(*) > 1").hardness())
                .isEqualTo(Hardness.EASY);
        assertThat(of("SELECT name FROM t WHERE id NOT IN (SELECT id FROM u)").hardness())
                .isEqualTo(Hardness.HARD);
        assertThat(of("SELECT count(*) FROM t WHERE id NOT IN (SELECT id FROM u)")
                        .hardness())
                .isEqualTo(Hardness.EXTRA);
        // Each column unit of an ORDER BY value carries its own aggregate: sum(b) - sum(c) is two aggregations.
        assertThat(of("SELECT a FROM t ORDER BY sum(b) - sum(c)").hardness()).isEqualTo(Hardness.MEDIUM);
        assertThat(of("SELECT a FROM t ORDER BY sum(b)").hardness()).isEqualTo(Hardness.EASY);
        // Only a condition's values (val1, val2) are nested queries; a subquery on the left is its val_unit.
        assertThat(of("SELECT a FROM t WHERE (SELECT max(b) FROM u) > 3").hardness())
                .isEqualTo(Hardness.EASY);
        assertThat(of("SELECT a FROM t WHERE 3 < (SELECT max(b) FROM u)").hardness())
                .isEqualTo(Hardness.HARD);
        // A second JOIN ... ON is appended with 'and': two ON conditions add no OR.
        assertThat(of("SELECT a FROM t JOIN u ON t.x = u.x JOIN v ON v.id = u.id")
                        .hardness())
                .isEqualTo(Hardness.MEDIUM);
        // ILIKE is FootballDB's LIKE.
        assertThat(of("SELECT country FROM club WHERE club_name ILIKE '%Milan%'")
                        .hardness())
                .isEqualTo(Hardness.MEDIUM);
    }

    @Test
    void shouldDropTheConditionsSpidersParserSkipsAfterAColumnValueUpToTheNextAnd() {
        // Each expectation is what Spider's own evaluation.py/process_sql.py return for the statement.
        // After a column value, Spider skips to the next AND: the ORs and the conditions between are not counted.
        assertThat(of("SELECT a FROM t WHERE a = b OR c = 2 OR x = 3").hardness())
                .isEqualTo(Hardness.EASY);
        assertThat(of("SELECT t.a FROM t JOIN u ON t.x = u.x WHERE t.a = u.a OR t.b LIKE 'x%' OR t.c = 2 "
                                + "GROUP BY t.a")
                        .hardness())
                .isEqualTo(Hardness.HARD);
        assertThat(of("SELECT a FROM t WHERE a = 2 OR c = b OR x = 3 AND y = 1").hardness())
                .isEqualTo(Hardness.MEDIUM);
        assertThat(of("SELECT a FROM t WHERE a BETWEEN b AND c OR x = 1").hardness())
                .isEqualTo(Hardness.EASY);
        assertThat(of("SELECT a FROM t WHERE a = b + 1 OR c = 2").hardness()).isEqualTo(Hardness.EASY);
        assertThat(of("SELECT a FROM t JOIN u ON t.x = u.x OR t.y = u.y").hardness())
                .isEqualTo(Hardness.EASY);
        // A number or a string value ends where it is written: the OR after it counts.
        assertThat(of("SELECT a FROM t WHERE a = 'b' OR c = 2").hardness()).isEqualTo(Hardness.MEDIUM);
        assertThat(of("SELECT a FROM t WHERE a = 1 OR c = b").hardness()).isEqualTo(Hardness.MEDIUM);
    }

    @Test
    void shouldCountStructuralFeatures() {
        Characteristics c = of("SELECT t.name, count(*) FROM team t JOIN player p ON p.team_id = t.id "
                + "WHERE p.age > 20 AND NOT p.retired AND p.id NOT IN (SELECT player_id FROM injury) "
                + "GROUP BY t.name HAVING count(*) > 2 ORDER BY 2 DESC LIMIT 5");
        assertThat(c.joins()).isEqualTo(1);
        assertThat(c.projections()).isEqualTo(2);
        assertThat(c.filters()).isEqualTo(4);
        assertThat(c.aggregations()).isEqualTo(2);
        assertThat(c.subqueries()).isEqualTo(1);
        assertThat(c.negations()).isEqualTo(2);
        assertThat(c.groupBy()).isTrue();
        assertThat(c.having()).isTrue();
        assertThat(c.orderBy()).isTrue();
        assertThat(c.limit()).isTrue();
        assertThat(of("SELECT a FROM x UNION SELECT a FROM y EXCEPT SELECT a FROM z")
                        .setOperations())
                .isEqualTo(2);
        assertThat(Characteristics.of(PARSER.parse("SELECT TOP 3 a FROM x", SqlDialect.SQLSERVER))
                        .limit())
                .isTrue();
        assertThat(of("SELECT a FROM x").limit()).isFalse();
    }

    @Test
    void shouldDetectOnlyTopLevelOrderBy() {
        assertThat(OrderBy.topLevel(
                        PARSER.parse("SELECT a FROM (SELECT a FROM t ORDER BY a) s", SqlDialect.POSTGRESQL)))
                .isFalse();
        assertThat(OrderBy.topLevel(PARSER.parse("SELECT a FROM t ORDER BY a", SqlDialect.POSTGRESQL)))
                .isTrue();
        assertThat(OrderBy.topLevel(
                        PARSER.parse("SELECT a FROM t UNION SELECT b FROM u ORDER BY 1", SqlDialect.POSTGRESQL)))
                .isTrue();
    }
}
