package dev.snailbench.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.snailbench.model.domain.SqlDialect;
import java.time.Duration;
import java.util.Collections;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** The one parsing entry point: dialect quoting, one exception type with a position, and a timeout. */
class SqlParserTest {

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(10));

    @Test
    void shouldReadBlankLinesInsideAStatementAsTheDatabaseDoes() {
        // JSqlParser alone ends a statement at two empty lines; the databases read whitespace.
        String union = "SELECT a FROM t -- don't\n\n\nUNION ALL\n\n\n\nSELECT b FROM u";
        for (SqlDialect dialect : SqlDialect.values()) {
            assertThat(PARSER.parseStatements(union, dialect)).as(dialect.id()).hasSize(1);
            assertThat(PARSER.parse(union + ";", dialect).toString()).contains("UNION ALL");
        }
        assertThat(PARSER.parse("SELECT 'a\n\n\nb', $$c\n\n\nd$$", SqlDialect.POSTGRESQL)
                        .toString())
                .contains("'a\n\n\nb'", "$$c\n\n\nd$$");
        assertThat(PARSER.parseStatements("SELECT 1;\n\n\nSELECT 2", SqlDialect.POSTGRESQL))
                .hasSize(2);
        SqlParseException e = catchThrowableOfType(
                SqlParseException.class, () -> PARSER.parse("SELECT 1\n\n\nFROM WHERE", SqlDialect.POSTGRESQL));
        assertThat(e.line()).isEqualTo(4);
    }

    @Test
    void shouldReadSquareBracketsInTsqlOnly() {
        PlainSelect select =
                (PlainSelect) PARSER.parse("SELECT [Order Date] FROM [dbo].[Order Details]", SqlDialect.SQLSERVER);
        assertThat(select.getFromItem().toString()).isEqualTo("[dbo].[Order Details]");
        assertThat(select.getSelectItems().get(0).toString()).isEqualTo("[Order Date]");

        SqlParseException e = catchThrowableOfType(
                SqlParseException.class,
                () -> PARSER.parse("SELECT [Order Date] FROM [dbo].[Order Details]", SqlDialect.POSTGRESQL));
        assertThat(e.dialect()).isEqualTo(SqlDialect.POSTGRESQL);
    }

    @Test
    void shouldFailWithOneExceptionNamingTheDialectAndThePosition() {
        SqlParseException e = catchThrowableOfType(
                SqlParseException.class,
                () -> PARSER.parse("SELECT name\nFROM player\nWHERE AND age > 3", SqlDialect.SQLSERVER));
        assertThat(e.getMessage()).startsWith("cannot parse the SQL as " + SqlDialect.SQLSERVER.displayName() + ": ");
        assertThat(e.dialect()).isEqualTo(SqlDialect.SQLSERVER);
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.column()).isPositive();
        assertThat(e.timedOut()).isFalse();

        // The statement list fails the same way.
        SqlParseException list = catchThrowableOfType(
                SqlParseException.class, () -> PARSER.parseStatements("SELECT 1; SELEC 2", SqlDialect.POSTGRESQL));
        assertThat(list.dialect()).isEqualTo(SqlDialect.POSTGRESQL);
        assertThat(list.line()).isEqualTo(1);
    }

    @Test
    void shouldRefuseEmptySqlWithTheSameException() {
        assertThatThrownBy(() -> PARSER.parse("  ", SqlDialect.POSTGRESQL))
                .isInstanceOf(SqlParseException.class)
                .hasMessageContaining("empty SQL");
        assertThatThrownBy(() -> PARSER.parseStatements(null, SqlDialect.POSTGRESQL))
                .isInstanceOf(SqlParseException.class)
                .hasMessageContaining("empty SQL");
    }

    @Test
    void shouldReadEveryStatementAndIgnoreTrailingSemicolonsOfOne() {
        assertThat(PARSER.parseStatements("SELECT 1; SELECT 2;", SqlDialect.POSTGRESQL))
                .hasSize(2);
        assertThat(PARSER.parse("SELECT 1;;", SqlDialect.POSTGRESQL).toString()).isEqualTo("SELECT 1");
    }

    @Test
    void shouldReadNamesJsqlparserReservesButTheDialectAccepts() {
        assertThat(PARSER.parse("SELECT number FROM sightings ORDER BY key DESC", SqlDialect.SQLSERVER)
                        .toString())
                .isEqualTo("SELECT [number] FROM sightings ORDER BY [key] DESC");
    }

    @Test
    void shouldStopAParseThatTakesLongerThanTheTimeoutAndFreeItsThread() {
        StringBuilder nested = new StringBuilder("SELECT ");
        int depth = 40;
        for (int i = 0; i < depth; i++) {
            nested.append("CASE WHEN (a = ").append(i).append(" OR (b IN (SELECT ");
        }
        nested.append("1");
        for (int i = 0; i < depth; i++) {
            nested.append("))) THEN 1 ELSE 2 END");
        }
        // Thousands of copies: far longer to parse than the timeout on any machine, however fast.
        String slow = String.join(" UNION ALL ", Collections.nCopies(2_000, nested.toString()));
        try (SqlParser oneThread = new SqlParser(1, Duration.ofMillis(200))) {
            long start = System.nanoTime();
            SqlParseException e =
                    catchThrowableOfType(SqlParseException.class, () -> oneThread.parse(slow, SqlDialect.POSTGRESQL));
            long millis = (System.nanoTime() - start) / 1_000_000;

            assertThat(e.timedOut()).isTrue();
            assertThat(e.getMessage()).contains("parsing took longer than 200 ms");
            assertThat(millis).isLessThan(5_000);
            // The one thread was given back: the next parse on it succeeds.
            assertThat(oneThread.parse("SELECT 1", SqlDialect.POSTGRESQL).toString())
                    .isEqualTo("SELECT 1");
        }
    }

    @Test
    void shouldRefuseAPoolWithoutThreadsOrTimeout() {
        assertThatThrownBy(() -> new SqlParser(0, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("threads");
        assertThatThrownBy(() -> new SqlParser(1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("timeout");
    }
}
