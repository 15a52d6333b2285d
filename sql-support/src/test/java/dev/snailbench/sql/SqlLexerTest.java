package dev.snailbench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import org.junit.jupiter.api.Test;

class SqlLexerTest {

    @Test
    void shouldEndALineCommentAtACarriageReturnAsPostgresqlDoes() {
        assertThat(SqlLexer.words("SELECT 1 --\r, pg_sleep(1)", SqlDialect.POSTGRESQL))
                .containsExactly("SELECT", "1", ",", "pg_sleep", "(", "1", ")");
    }

    @Test
    void shouldReadBackslashesInStringsBothWays() {
        // Standard strings: 'x\' then '...' to the end; backslash escapes: x' then a call and a comment.
        String sql = "SELECT 'x\\'', pg_sleep(1) --'";

        assertThat(SqlLexer.words(sql, SqlDialect.POSTGRESQL)).containsExactly("SELECT");
        assertThat(SqlLexer.tokens(sql, SqlDialect.POSTGRESQL, true))
                .extracting(SqlLexer.Token::text)
                .containsExactly("SELECT", ",", "pg_sleep", "(", "1", ")");
    }

    @Test
    void shouldReadEscapeStringsNestedCommentsAndDollarQuotesAsPostgresqlDoes() {
        assertThat(SqlLexer.words(
                        "SELECT E'a\\'b', 1 /* x /* y */ z */ , $t$ $$ ; $t$, U&'\\0041' AS u", SqlDialect.POSTGRESQL))
                .containsExactly("SELECT", ",", "1", ",", ",", "U", "&", "AS", "u");
    }
}
