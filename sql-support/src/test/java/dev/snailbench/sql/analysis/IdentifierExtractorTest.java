package dev.snailbench.sql.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.QueryIdentifiers.ColumnRef;
import java.time.Duration;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** Scope-aware identifier extraction: what TablesNamesFinder gets wrong. */
class IdentifierExtractorTest {

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(10));

    private static QueryIdentifiers pg(String sql) {
        return IdentifierExtractor.extract(PARSER.parse(sql, SqlDialect.POSTGRESQL));
    }

    private static QueryIdentifiers tsql(String sql) {
        return IdentifierExtractor.extract(PARSER.parse(sql, SqlDialect.SQLSERVER));
    }

    @Test
    void shouldKeepUnquotedColumnsNamedLikeDateUnitsAndKeywords() {
        QueryIdentifiers ids = tsql("select comments from roadkill where year < 1990");
        assertThat(ids.tables()).containsExactly("roadkill");
        assertThat(ids.columns()).containsExactlyInAnyOrder("comments", "year");
        QueryIdentifiers more = pg(
                "SELECT date, start, level, name, type, value FROM obs WHERE month = 1 AND day > 2 " + "AND hour < 3");
        assertThat(more.columns())
                .containsExactlyInAnyOrder("date", "start", "level", "name", "type", "value", "month", "day", "hour");
    }

    @Test
    void shouldKeepColumnsNamedLikeKeywordsOrFunctionsInBothDialects() {
        QueryIdentifiers tsql =
                tsql("SELECT [start], name FROM t WHERE level = 2 AND count > 1 ORDER BY position, number");
        assertThat(tsql.tables()).containsExactly("t");
        assertThat(tsql.columns()).containsExactlyInAnyOrder("start", "name", "level", "count", "position", "number");
        QueryIdentifiers pg =
                pg("SELECT \"start\", name FROM t WHERE level = 2 AND count > 1 ORDER BY position, number");
        assertThat(pg.columns()).isEqualTo(tsql.columns());
        assertThat(pg("select comments from roadkill where year < 1990").columns())
                .containsExactlyInAnyOrder("comments", "year");
    }

    @Test
    void shouldReadNamesThatJsqlparserRefusesAsColumnsAfterQuotingThem() {
        // SBODemoUS has columns Returns and Settings; "current" is read as a time keyword by JSqlParser.
        QueryIdentifiers tsql =
                tsql("SELECT T0.Returns, Settings FROM OITM T0 WHERE number > 1 AND output = 2 " + "ORDER BY window");
        assertThat(tsql.tables()).containsExactly("oitm");
        assertThat(tsql.columns()).containsExactlyInAnyOrder("returns", "settings", "number", "output", "window");
        QueryIdentifiers pg =
                pg("SELECT returns, statement, CAST(prior AS int) FROM t WHERE use = 1 AND double > 2.0::double "
                        + "precision AND current = 3");
        assertThat(pg.columns()).containsExactlyInAnyOrder("returns", "statement", "prior", "use", "double", "current");
    }

    @Test
    void shouldReadColumnsNamedIntervalKeyOrPriorBeforeDescAsThoseColumnsNotAsDesc() {
        // JSqlParser parses "interval DESC" as INTERVAL of a column "desc" (and "key DESC", "prior ASC" alike):
        // the real column was lost, a phantom "desc" counted, and the sort direction dropped.
        for (SqlDialect dialect : SqlDialect.values()) {
            Statement statement =
                    PARSER.parse("SELECT Code FROM OCYC ORDER BY Interval DESC, key DESC, prior ASC", dialect);
            QueryIdentifiers ids = IdentifierExtractor.extract(statement);
            assertThat(ids.columns()).as(dialect.name()).containsExactlyInAnyOrder("code", "interval", "key", "prior");
            assertThat(((PlainSelect) statement).getOrderByElements())
                    .as(dialect.name())
                    .extracting(OrderByElement::isAsc)
                    .containsExactly(false, false, true);
        }
    }

    @Test
    void shouldLinkAnAnswerOfSeveralStatementsOverAllOfThemAndCountThem() {
        PredictedIdentifiers.Linked two = PredictedIdentifiers.of(
                PARSER,
                "SELECT name FROM player; SELECT t.city FROM team t WHERE note = 'a;b'; -- the end;",
                SqlDialect.POSTGRESQL);
        assertThat(two.method()).isEqualTo(PredictedIdentifiers.PARSED);
        assertThat(two.statements()).isEqualTo(2);
        assertThat(two.multipleStatements()).isTrue();
        assertThat(two.identifiers().keys())
                .containsExactlyInAnyOrder("t:player", "c:name", "t:team", "c:city", "c:note");
        PredictedIdentifiers.Linked one =
                PredictedIdentifiers.of(PARSER, "SELECT name FROM player;;", SqlDialect.SQLSERVER);
        assertThat(one.statements()).isEqualTo(1);
        assertThat(one.multipleStatements()).isFalse();
        // A statement that is not a SELECT: every statement's identifiers from the tokens.
        PredictedIdentifiers.Linked declared = PredictedIdentifiers.of(
                PARSER, "DECLARE @y int = 1990; SELECT comments FROM roadkill WHERE year < @y", SqlDialect.SQLSERVER);
        assertThat(declared.method()).isEqualTo(PredictedIdentifiers.TOKENS);
        assertThat(declared.statements()).isEqualTo(2);
        assertThat(declared.identifiers().keys()).contains("t:roadkill", "c:comments", "c:year");
    }

    @Test
    void shouldNotTakeTheUnitOfADateFunctionForAColumn() {
        QueryIdentifiers ids = tsql("SELECT DATEPART(year, observed_on) FROM obs WHERE DATEDIFF(day, a, b) > 3");
        assertThat(ids.columns()).containsExactlyInAnyOrder("observed_on", "a", "b");
    }

    @Test
    void shouldResolveTableAliasesToRealTables() {
        QueryIdentifiers ids = pg("SELECT p.name, t.city FROM player p JOIN team AS t ON p.team_id = t.id");
        assertThat(ids.tables()).containsExactlyInAnyOrder("player", "team");
        assertThat(ids.columns()).containsExactlyInAnyOrder("name", "city", "team_id", "id");
        assertThat(ids.columnRefs()).contains(new ColumnRef("player", "team_id"), new ColumnRef("team", "id"));
    }

    @Test
    void shouldKeepRealTableShadowedByDerivedTableAlias() {
        QueryIdentifiers ids = pg("SELECT b.x FROM (SELECT x FROM b) b");
        assertThat(ids.tables()).containsExactly("b");
        assertThat(ids.columnRefs()).containsExactly(new ColumnRef("b", "x"));
    }

    @Test
    void shouldNotReportCteNamesAsTablesButKeepTheTableTheyRead() {
        QueryIdentifiers ids =
                pg("WITH orders AS (SELECT id, total FROM orders) SELECT o.total FROM orders o " + "WHERE o.id > 3");
        assertThat(ids.tables()).containsExactly("orders");
        assertThat(ids.columns()).containsExactlyInAnyOrder("id", "total");
    }

    @Test
    void shouldNotReportCteOrDerivedOutputAliasesAsColumns() {
        QueryIdentifiers ids = pg("WITH c AS (SELECT team_id, count(*) AS n FROM player GROUP BY team_id) "
                + "SELECT c.n, d.m, n FROM c JOIN (SELECT max(age) AS m FROM coach) d ON true");
        assertThat(ids.tables()).containsExactlyInAnyOrder("player", "coach");
        assertThat(ids.columns()).containsExactlyInAnyOrder("team_id", "age");
    }

    @Test
    void shouldNotTreatOrderByAliasAsColumn() {
        QueryIdentifiers ids = pg("SELECT name, count(*) AS goals FROM scorer GROUP BY name ORDER BY goals DESC");
        assertThat(ids.columns()).containsExactly("name");
    }

    @Test
    void shouldUnquoteTsqlBracketsAndPostgresQuotesCaseInsensitively() {
        QueryIdentifiers t = tsql("SELECT [O].[OrderID], [Ship Name] FROM [dbo].[Orders] AS [O] WHERE [O].Freight > 1");
        assertThat(t.tables()).containsExactly("orders");
        assertThat(t.columns()).containsExactlyInAnyOrder("orderid", "ship name", "freight");
        QueryIdentifiers p = pg("SELECT \"Name\" FROM \"Player\" WHERE \"Player\".\"Age\" > 30");
        assertThat(p.tables()).containsExactly("player");
        assertThat(p.columns()).containsExactlyInAnyOrder("name", "age");
    }

    @Test
    void shouldResolveCorrelatedSubqueriesToTheOuterScope() {
        QueryIdentifiers ids =
                pg("SELECT p.name FROM player p WHERE EXISTS (SELECT 1 FROM goal g WHERE g.player_id = p.id)"
                        + " AND p.team IN (SELECT t.code FROM team t)");
        assertThat(ids.tables()).containsExactlyInAnyOrder("player", "goal", "team");
        assertThat(ids.columnRefs())
                .contains(
                        new ColumnRef("player", "id"),
                        new ColumnRef("goal", "player_id"),
                        new ColumnRef("team", "code"));
    }

    @Test
    void shouldSkipDatePartKeywords() {
        QueryIdentifiers ids = tsql("SELECT DATEPART(year, match_date), DATEDIFF(day, a, b) FROM games");
        assertThat(ids.columns()).containsExactlyInAnyOrder("match_date", "a", "b");
    }

    @Test
    void shouldParseColumnsNamedLikeJsqlparserKeywords() {
        QueryIdentifiers ids = tsql(
                "SELECT family, max(number) maxNum FROM INVERTEBRATES WHERE number IS NOT NULL " + "GROUP BY family");
        assertThat(ids.columns()).containsExactlyInAnyOrder("family", "number");
    }

    @Test
    void shouldRejectSyntaxErrorsWithAReason() {
        assertThatThrownBy(() -> pg("SELEC name FROM t"))
                .isInstanceOf(SqlParseException.class)
                .hasMessageContaining("SELEC");
    }

    @Test
    void shouldScoreLinkingWithRecallPrecisionAndF1() {
        LinkingScore s = LinkingScore.of(pg("SELECT name, age FROM player"), pg("SELECT name FROM player, team"));
        // gold {t:player, c:name, c:age}, predicted {t:player, t:team, c:name}
        assertThat(s.queryRecall()).isEqualTo(2.0 / 3);
        assertThat(s.queryPrecision()).isEqualTo(2.0 / 3);
        assertThat(s.missing()).containsExactly("c:age");
        assertThat(s.extra()).containsExactly("t:team");
    }
}
