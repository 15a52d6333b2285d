package dev.snailbench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import org.junit.jupiter.api.Test;

/** Tables and columns of statements that do not parse, from their tokens. */
class LexicalIdentifiersTest {

    private static LexicalIdentifiers.Names tsql(String sql) {
        return LexicalIdentifiers.names(sql, SqlDialect.SQLSERVER);
    }

    @Test
    void shouldFindTablesAndColumnsOfAStatementWithAStrayToken() {
        // "! =" is what the parser refuses; the identifiers around it are still there.
        LexicalIdentifiers.Names names =
                tsql("SELECT r.comments, year FROM roadkill r WHERE r.species ! = 'deer' " + "AND year < 1990");

        assertThat(names.tables()).containsExactly("roadkill");
        assertThat(names.columns()).containsExactlyInAnyOrder("comments", "year", "species");
    }

    @Test
    void shouldSkipLiteralsCommentsFunctionsAliasesAndKeywords() {
        LexicalIdentifiers.Names names = tsql("SELECT TOP 5 name, COUNT(*) AS n, max([Date]) last_seen -- height\n"
                + "FROM dbo.[Plots] p JOIN Visits v ON v.plot_id = p.id WHERE note LIKE '%width%' /* depth */ "
                + "GROUP BY name ORDER BY n DESC");

        assertThat(names.tables()).containsExactlyInAnyOrder("plots", "visits");
        assertThat(names.columns()).containsExactlyInAnyOrder("name", "date", "plot_id", "id", "note");
    }

    @Test
    void shouldNotTakeCteNamesOrSubqueryAliasesForTables() {
        LexicalIdentifiers.Names names = tsql("WITH recent AS (SELECT id FROM obs WHERE yr > 2000) SELECT x.id FROM "
                + "(SELECT id FROM recent) x ORDER BY");

        assertThat(names.tables()).containsExactly("obs");
        assertThat(names.columns()).containsExactlyInAnyOrder("id", "yr");
    }

    @Test
    void shouldKeepTheOffsetsOfEachIdentifierForRewriting() {
        String sql = "SELECT Ht FROM VgPlt WHERE Ht > 'Ht' ORDER";

        assertThat(LexicalIdentifiers.find(sql, SqlDialect.SQLSERVER))
                .extracting(f -> sql.substring(f.token().start(), f.token().end()) + (f.table() ? ":table" : ":column"))
                .containsExactly("Ht:column", "VgPlt:table", "Ht:column");
    }

    @Test
    void shouldKeepAColumnNamedIntervalButNotTheKeywordOfAnIntervalLiteral() {
        LexicalIdentifiers.Names names = LexicalIdentifiers.names(
                "SELECT Code, Interval FROM OCYC WHERE NextDate > "
                        + "now() - INTERVAL '1 day' ! ORDER BY Interval DESC",
                SqlDialect.POSTGRESQL);

        assertThat(names.tables()).containsExactly("ocyc");
        assertThat(names.columns()).containsExactlyInAnyOrder("code", "interval", "nextdate");
    }
}
