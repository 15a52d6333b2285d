package dev.snailbench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import org.junit.jupiter.api.Test;

/** The retry quoting of names JSqlParser refuses: only names, never literals, comments, calls or types. */
class KeywordQuotingTest {

    @Test
    void shouldQuoteNamesForTheDialectAndLeaveLiteralsCommentsCallsAndTypes() {
        assertThat(KeywordQuoting.quote(
                        "SELECT Returns, t.number FROM t -- number\nWHERE note = 'number' "
                                + "AND CAST(x AS int) = int",
                        SqlDialect.SQLSERVER))
                .isEqualTo("SELECT [Returns], t.[number] FROM t -- number\nWHERE note = 'number' "
                        + "AND CAST(x AS int) = [int]");
        // PostgreSQL folds unquoted names to lower case: the quoted name must be the lower-cased one.
        assertThat(KeywordQuoting.quote(
                        "SELECT Returns, x::int, CAST(y AS double precision) FROM t WHERE " + "double > 1 AND use = 2",
                        SqlDialect.POSTGRESQL))
                .isEqualTo("SELECT \"returns\", x::int, CAST(y AS double precision) FROM t WHERE \"double\" > 1 "
                        + "AND \"use\" = 2");
    }

    @Test
    void shouldQuoteOnlyWhatTheDialectAcceptsUnquoted() {
        // WINDOW is reserved in PostgreSQL, so an unquoted "window" there is not a name to rescue; USE is reserved
        // in SQL Server.
        assertThat(KeywordQuoting.quote("SELECT window, use FROM t", SqlDialect.SQLSERVER))
                .isEqualTo("SELECT [window], use FROM t");
        assertThat(KeywordQuoting.quote("SELECT window, use FROM t", SqlDialect.POSTGRESQL))
                .isEqualTo("SELECT window, \"use\" FROM t");
        assertThat(KeywordQuoting.quote("SELECT a FROM t", SqlDialect.POSTGRESQL))
                .isEqualTo("SELECT a FROM t");
    }

    @Test
    void shouldQuoteANameJsqlparserWouldMisreadBeforeAscOrDescAndNothingElse() {
        // Unquoted, "interval DESC" parses as INTERVAL of a column "desc", "key DESC" as a KEY expression.
        assertThat(KeywordQuoting.quoteSortKeys(
                        "SELECT Interval, [key] FROM OCYC ORDER BY Interval DESC, t.key asc, " + "prior",
                        SqlDialect.SQLSERVER))
                .isEqualTo("SELECT Interval, [key] FROM OCYC ORDER BY [Interval] DESC, t.[key] asc, prior");
        assertThat(KeywordQuoting.quoteSortKeys("SELECT a FROM t ORDER BY Prior DESC", SqlDialect.POSTGRESQL))
                .isEqualTo("SELECT a FROM t ORDER BY \"prior\" DESC");
        String untouched = "SELECT a FROM t WHERE d > now() - INTERVAL '1 day' AND note = 'key desc' "
                + "-- interval desc\nORDER BY a DESC";
        assertThat(KeywordQuoting.quoteSortKeys(untouched, SqlDialect.POSTGRESQL))
                .isSameAs(untouched);
    }
}
