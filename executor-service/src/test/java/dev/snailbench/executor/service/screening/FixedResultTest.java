package dev.snailbench.executor.service.screening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FixedResultTest {

    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(10));

    private static boolean fixed(String sql, ExecutionOutcome gold) {
        return FixedResult.fixed(
                PARSER.parseStatements(sql, SqlDialect.POSTGRESQL).get(0), sql, gold);
    }

    private static ExecutionOutcome result(List<ValueType> types, String[]... rows) {
        List<ResultColumn> columns =
                types.stream().map(t -> new ResultColumn("c", t, null)).toList();
        return new ExecutionOutcome(
                ExecutionStatus.OK,
                columns,
                Arrays.stream(rows).map(Arrays::asList).toList(),
                false,
                null,
                null,
                0.1);
    }

    private static final ExecutionOutcome ANY = result(List.of(ValueType.TEXT), new String[] {"a"});

    @Test
    void shouldFindJoinsGroupingsAndSubqueriesFixedWhenNothingLetsThePlanChoose() {
        assertThat(
                        FixedResult.textLeavesNoChoice(
                                "SELECT t.name, count(*) FROM team t JOIN player p ON p.team = "
                                        + "t.id WHERE p.goals > (SELECT max(goals) / 2 FROM player) GROUP BY t.name HAVING count(*) > 1"))
                .isTrue();
        assertThat(FixedResult.textLeavesNoChoice("WITH s AS (SELECT DISTINCT lower(name) AS n FROM player) "
                        + "SELECT n FROM s WHERE n ILIKE '%limit%' AND n NOT IN (SELECT name FROM coach) "
                        + "UNION SELECT CAST(id AS varchar(10)) FROM team -- LIMIT 1 in a comment\n"))
                .isTrue();
        assertThat(FixedResult.textLeavesNoChoice("SELECT \"Name\" FROM \"Team\" WHERE founded::numeric(4, 0) "
                        + "BETWEEN 1900 AND 2000 /* ORDER BY random() */"))
                .isTrue();
    }

    @Test
    void shouldSeeACutAWindowOrAnOrderSensitiveAggregateAnywhereInTheQuery() {
        assertThat(FixedResult.textLeavesNoChoice("SELECT name FROM (SELECT name FROM player LIMIT 5) s"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT name FROM player OFFSET 3"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT name, row_number() OVER (ORDER BY goals) FROM player"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT team, string_agg(name, ',') FROM player GROUP BY team"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT team, avg(rating) FROM player GROUP BY team"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT DISTINCT ON (team) team, name FROM player"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT name FROM player TABLESAMPLE SYSTEM (10)"))
                .isFalse();
    }

    @Test
    void shouldSeeValuesThatDifferFromCallToCall() {
        assertThat(FixedResult.textLeavesNoChoice("SELECT name FROM player WHERE random() < 0.5"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT name FROM player WHERE born < CURRENT_DATE"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT extract(year FROM age(born)) FROM player"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT pg_catalog.now()")).isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT \"my_function\"(1)")).isFalse();
    }

    @Test
    void shouldReadLiteralsCommentsAndQuotedNamesAsTheDatabaseDoes() {
        assertThat(FixedResult.textLeavesNoChoice("SELECT $$ LIMIT 1 $$, $q$ random() $q$ FROM player"))
                .isTrue();
        assertThat(FixedResult.textLeavesNoChoice("SELECT name FROM player WHERE name <> E'it\\'s LIMIT 1'"))
                .isTrue();
        assertThat(FixedResult.textLeavesNoChoice("SELECT name /* a /* nested */ LIMIT 1 */ FROM player"))
                .isTrue();
        assertThat(FixedResult.textLeavesNoChoice("SELECT \"limit\" FROM player"))
                .isTrue();
        assertThat(FixedResult.textLeavesNoChoice("SELECT name FROM player WHERE name <> E'it\\'s' LIMIT 1"))
                .isFalse();
    }

    @Test
    void shouldCountAQualifiedFunctionAsOffTheList() {
        // A schema's own lower() may be anything; pg_catalog's is counted the same way, to be safe.
        assertThat(FixedResult.textLeavesNoChoice("SELECT lower(name) FROM player"))
                .isTrue();
        assertThat(FixedResult.textLeavesNoChoice("SELECT team.lower(name) FROM player"))
                .isFalse();
        assertThat(FixedResult.textLeavesNoChoice("SELECT pg_catalog.lower(name) FROM player"))
                .isFalse();
    }

    @Test
    void shouldFindAnUnorderedOrFullyOrderedResultFixed() {
        ExecutionOutcome ties =
                result(List.of(ValueType.TEXT, ValueType.NUMBER), new String[] {"a", "2"}, new String[] {"b", "2"});

        assertThat(fixed("SELECT team, count(*) FROM player GROUP BY team", ties))
                .isTrue();
        assertThat(fixed("SELECT team, count(*) AS n FROM player GROUP BY team ORDER BY n, team", ties))
                .isTrue();
    }

    @Test
    void shouldFindAPartialOrderFixedOnlyWhenTheGoldHasNoTieOnItsKeys() {
        String sql = "SELECT team, count(*) AS n FROM player GROUP BY team ORDER BY n DESC";
        List<ValueType> types = List.of(ValueType.TEXT, ValueType.NUMBER);

        assertThat(fixed(sql, result(types, new String[] {"a", "3"}, new String[] {"b", "2"})))
                .isTrue();
        assertThat(fixed(sql, result(types, new String[] {"a", "2"}, new String[] {"b", "2"})))
                .isFalse();
        assertThat(fixed(sql, result(types, new String[] {"a", "2.0"}, new String[] {"b", "2.00"})))
                .isFalse();
        assertThat(fixed(sql, result(types, new String[] {"a", null}, new String[] {"b", null})))
                .isFalse();
        assertThat(fixed(
                        "SELECT name, team FROM player ORDER BY team",
                        result(List.of(ValueType.TEXT, ValueType.TEXT), new String[] {"x", "Reds"}, new String[] {
                            "y", "reds"
                        })))
                .isFalse();
    }

    @Test
    void shouldNotFindAnOrderFixedWhenItsKeysAreNotSelectedColumns() {
        assertThat(fixed("SELECT name FROM player ORDER BY goals", ANY)).isFalse();
        assertThat(fixed("SELECT * FROM player ORDER BY goals", ANY)).isFalse();
        assertThat(fixed("SELECT a.id, b.id FROM a JOIN b ON a.x = b.x ORDER BY id", ANY))
                .isFalse();
    }

    @Test
    void shouldMapOrderKeysByPositionOutputNameOrQualifiedExpression() {
        List<ValueType> types = List.of(ValueType.TEXT, ValueType.NUMBER);
        ExecutionOutcome distinct = result(types, new String[] {"a", "3"}, new String[] {"b", "2"});

        assertThat(fixed("SELECT p.name, p.goals FROM player p ORDER BY 2", distinct))
                .isTrue();
        assertThat(fixed("SELECT p.name, p.goals FROM player p ORDER BY goals", distinct))
                .isTrue();
        assertThat(fixed("SELECT p.name, p.goals FROM player p ORDER BY p.goals DESC", distinct))
                .isTrue();
        assertThat(fixed("SELECT p.name, p.goals + 1 FROM player p ORDER BY p.goals + 1", distinct))
                .isTrue();
    }
}
