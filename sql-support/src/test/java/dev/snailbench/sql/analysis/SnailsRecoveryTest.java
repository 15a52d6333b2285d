package dev.snailbench.sql.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * {@code linking: "snails"} on predictions that do not parse whole: what the SNAILS authors' parser reads of them
 * ({@link SnailsRecovery}), one family of malformed answer per test, on statements written here.
 */
class SnailsRecoveryTest {

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(2, Duration.ofSeconds(20));

    private static Set<String> snails(String sql) {
        return SnailsLinking.identifiers(PARSER, sql, SqlDialect.SQLSERVER).keys();
    }

    @Test
    void shouldReadACutOffQueryWithItsOpenParenthesesClosed() {
        assertThat(snails("SELECT A, B FROM T WHERE C IN (SELECT C FROM U WHERE D IN (SELECT D FROM V"))
                .containsExactly("c:a", "c:b", "c:c", "c:d", "t:t", "t:u", "t:v");
        assertThat(snails("SELECT A, B FROM T WHERE C IN (SELECT C FROM U WHERE D = 1 AND E = 2"))
                .containsExactly("c:a", "c:b", "c:c", "c:d", "c:e", "t:t", "t:u");
        // Cut after a list comma or an operator: what was read before it.
        assertThat(snails("SELECT A, B,")).containsExactly("c:a", "c:b");
        assertThat(snails("SELECT A FROM T WHERE B =")).containsExactly("c:a", "c:b", "t:t");
    }

    @Test
    void shouldReadNothingOfAQueryCutOffInAnEmptyConditionOrJoin() {
        assertThat(snails("SELECT A FROM T JOIN U ON T.K = U.K WHERE")).isEmpty();
        assertThat(snails("SELECT A FROM T WHERE B = 1 AND")).isEmpty();
        assertThat(snails("SELECT A FROM T GROUP BY A HAVING ")).isEmpty();
        assertThat(snails("SELECT A FROM T JOIN U ON")).isEmpty();
        assertThat(snails("SELECT A FROM T LEFT OUTER JOIN")).isEmpty();
        assertThat(snails("SELECT A FROM T WHERE ORDER BY A")).isEmpty();
        // A join its grammar requires a condition for, written without one.
        assertThat(snails("SELECT A FROM T JOIN U WHERE B = 1")).isEmpty();
        assertThat(snails("SELECT A FROM T INNER JOIN, COUNT(*) AS N")).isEmpty();
        // A cross join or a comma join needs none.
        assertThat(snails("SELECT A FROM T CROSS JOIN U")).containsExactly("c:a", "t:t", "t:u");
    }

    @Test
    void shouldReadMarkupLeftInTheSqlAsTheirParserDropsOneUnexpectedToken() {
        // "<" is dropped, TABLE_NAME is read as the table, and the query ends where ">" cannot continue it.
        assertThat(snails("SELECT A FROM <TABLE_NAME> T </TABLE_NAME> WHERE B = 1"))
                .containsExactly("c:a", "t:table_name");
        assertThat(snails("SELECT A FROM T WHERE <COLUMN_NAME> B </COLUMN_NAME> = 1"))
                .contains("c:a", "c:column_name", "t:t");
    }

    @Test
    void shouldSupplyAMissingClosingParenthesisWhereTheQueryGoesOn() {
        assertThat(snails("SELECT TOP 5 A FROM T WHERE C IN (SELECT C FROM U AND D = 'x' GROUP BY A ORDER BY E"))
                .containsExactly("c:a", "c:c", "c:d", "c:e", "t:t", "t:u");
        assertThat(snails("SELECT A FROM T WHERE (B = 1 OR C = 2 AND D = 3"))
                .containsExactly("c:a", "c:b", "c:c", "c:d", "t:t");
    }

    @Test
    void shouldDropOneUnexpectedTokenWhenTheQueryReadsOnAfterIt() {
        // A stray FROM after a list comma: dropped, the name after it is read as one more select item.
        assertThat(snails("SELECT A, FROM T WHERE B = 2")).containsExactly("c:a", "c:b", "c:t");
    }

    @Test
    void shouldReadOnlyWhatComesBeforeASyntaxErrorInsideAnExpression() {
        // "100 . 0" is not a number: the select item up to it is read, nothing after it.
        assertThat(snails("SELECT (COUNT(DISTINCT S) * 100 . 0) / (SELECT COUNT(*) FROM U) AS P FROM T WHERE K = 1"))
                .containsExactly("c:s");
        // A schema dump pasted where a column belongs: the names before it.
        assertThat(snails("SELECT A, B FROM T WHERE C = (T: A INT, B INT, C VARCHAR(10))"))
                .containsExactly("c:a", "c:b", "c:c", "c:t", "t:t");
    }

    @Test
    void shouldStopWhereTSqlRefusesWhatJSqlParserReads() {
        // A second argument of an aggregate with DISTINCT: a ")" supplied at its comma, the query ends at the next ")".
        assertThat(snails("SELECT COUNT(DISTINCT A, B) FROM T")).containsExactly("c:a", "c:b");
        assertThat(snails("SELECT A, COUNT(DISTINCT A, B) AS N, C FROM T")).containsExactly("c:a", "c:b");
        // A reserved word as a name: ORDER without BY, TABLE after a qualifier.
        assertThat(snails("SELECT [COMMON_NAME], [CLASS], ORDER")).containsExactly("c:class", "c:common_name");
        assertThat(snails("SELECT T.TABLE, T.B FROM T")).containsExactly("c:t");
        // Bracketed, the same names are names.
        assertThat(snails("SELECT T.[TABLE], [ORDER], COUNT(DISTINCT B) FROM T"))
                .containsExactly("c:b", "c:order", "c:table", "t:t");
    }

    @Test
    void shouldReadTheWholeQueryBeforeProseOrASecondStatement() {
        assertThat(snails("SELECT A, B FROM T Here is the query that answers the question."))
                .containsExactly("c:a", "c:b", "t:t");
        assertThat(snails("SELECT A FROM T WHERE B = 1\nThis query returns the rows of T."))
                .containsExactly("c:a", "c:b", "t:t");
        assertThat(snails("SELECT A FROM T; SELECT B FROM U")).containsExactly("c:a", "t:t");
        // Prose first: their parser reads a query from the start of the text and finds none.
        assertThat(snails("Here is the query: SELECT A FROM T")).isEmpty();
    }

    @Test
    void shouldReadUpToAStringLiteralOrQuotedNameThatIsNeverClosed() {
        assertThat(snails("SELECT A FROM T WHERE B = 'x")).containsExactly("c:a", "c:b", "t:t");
        assertThat(snails("SELECT A FROM T WHERE B = 'it''s' AND C = [D")).containsExactly("c:a", "c:b", "c:c", "t:t");
        // A quote in a comment opens nothing.
        assertThat(snails("SELECT A -- the table's key\nFROM T WHERE B = 1")).containsExactly("c:a", "c:b", "t:t");
    }
}
