package dev.snailbench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import org.junit.jupiter.api.Test;

/** The retry quoting of names JSqlParser refuses: only names, never literals, comments, calls or types. */
class KeywordQuotingTest {

    @Test
    void shouldQuoteNamesForTheDialectAndLeaveLiteralsCommentsCallsAndTypes() {
        assertThat(KeywordQuoting.quote("SELECT Returns, t.number FROM t -- number\nWHERE note = 'number' "
                + "AND CAST(x AS int) = int", SqlDialect.SQLSERVER))
                .isEqualTo("SELECT [Returns], t.[number] FROM t -- number\nWHERE note = 'number' "
                        + "AND CAST(x AS int) = [int]");
        // PostgreSQL folds unquoted names to lower case: the quoted name must be the lower-cased one.
        assertThat(KeywordQuoting.quote("SELECT Returns, x::int, CAST(y AS double precision) FROM t WHERE "
                + "double > 1 AND use = 2", SqlDialect.POSTGRESQL))
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
        assertThat(KeywordQuoting.quote("SELECT a FROM t", SqlDialect.POSTGRESQL)).isEqualTo("SELECT a FROM t");
    }
}
