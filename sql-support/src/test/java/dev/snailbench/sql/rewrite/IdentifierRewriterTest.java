package dev.snailbench.sql.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IdentifierRewriterTest {

    private static final IdentifierRewriter REWRITER = new IdentifierRewriter(new SqlParser(1, Duration.ofSeconds(10)));

    private static final CrosswalkNames CROSSWALK = new CrosswalkNames(
            List.of(
                    CrosswalkEntry.table("tbl_Plots", "Plots", "Plts", "P"),
                    CrosswalkEntry.table("tbl_Trees", "Trees", "Trs", "T"),
                    CrosswalkEntry.column("Ht", "Height_Meters", "Hgt_m", "Ht"),
                    CrosswalkEntry.column("Height", "Height", "Hght", "H"),
                    CrosswalkEntry.column("Plot_ID", "Plot_Identifier", "Plt_ID", "P_ID"),
                    CrosswalkEntry.column("Principal_ID", "Principal_Identifier", "Prin_ID", "P_ID"),
                    CrosswalkEntry.column("year", "Year", "Yr", "Y")),
            Map.of(
                    "ht",
                    Set.of("tbl_trees"),
                    "height",
                    Set.of("tbl_trees"),
                    "plot_id",
                    Set.of("tbl_plots", "tbl_trees"),
                    "principal_id",
                    Set.of("tbl_other"),
                    "year",
                    Set.of("tbl_plots")));

    private static IdentifierRewriter.Result denaturalize(String sql, NaturalnessLevel from) {
        return REWRITER.rewrite(sql, SqlDialect.SQLSERVER, CROSSWALK.mapping(from, NaturalnessLevel.NATIVE));
    }

    @Test
    void shouldRenameIdentifiersButNeverInsideOtherIdentifiersOrStringLiterals() {
        var r = denaturalize("SELECT Hgt_m, Hght FROM Trs WHERE Hght > 3 AND Hgt_m <> 'Hgt_m'", NaturalnessLevel.LOW);

        assertThat(r.sql()).isEqualTo("SELECT Ht, Height FROM tbl_Trees WHERE Height > 3 AND Ht <> 'Hgt_m'");
        assertThat(r.replaced())
                .contains(
                        new IdentifierRewriter.Replacement("Hgt_m", "Ht"),
                        new IdentifierRewriter.Replacement("Trs", "tbl_Trees"));
        assertThat(r.unknown()).isEmpty();
    }

    @Test
    void shouldKeepAliasesAndQuotesAndRenameTableQualifiers() {
        var r = denaturalize(
                "SELECT t.[Hgt_m] AS Hgt, [Trs].[Hght] FROM [Trs] t JOIN Plts p ON t.Plt_ID = p.Plt_ID "
                        + "ORDER BY Hgt",
                NaturalnessLevel.LOW);

        assertThat(r.sql())
                .isEqualTo("SELECT t.[Ht] AS Hgt, [tbl_Trees].[Height] FROM [tbl_Trees] t "
                        + "JOIN tbl_Plots p ON t.Plot_ID = p.Plot_ID ORDER BY Hgt");
        assertThat(r.unknown()).isEmpty();
    }

    @Test
    void shouldQuoteARenamedIdentifierWhoseNativeNameIsAReservedWord() {
        CrosswalkNames reserved = new CrosswalkNames(
                List.of(
                        CrosswalkEntry.table("INVERTEBRATES", "Invertebrates", "Invts", "Inv"),
                        CrosswalkEntry.column("Order", "Invert_Order", "Ord", "Ord"),
                        CrosswalkEntry.column("Table", "Table_Name", "Tabl", "Tbl")),
                Map.of("order", Set.of("invertebrates"), "table", Set.of("invertebrates")));

        var r = REWRITER.rewrite(
                "SELECT DISTINCT Ord, i.Tabl FROM Invts i",
                SqlDialect.SQLSERVER,
                reserved.mapping(NaturalnessLevel.LOW, NaturalnessLevel.NATIVE));

        assertThat(r.sql()).isEqualTo("SELECT DISTINCT [Order], i.[Table] FROM INVERTEBRATES i");
    }

    @Test
    void shouldLeaveUnknownIdentifiersAsWrittenAndReportThem() {
        var r = denaturalize("SELECT Hgt_m, Wdth FROM Trs JOIN Mystery m ON 1 = 1", NaturalnessLevel.LOW);

        assertThat(r.sql()).isEqualTo("SELECT Ht, Wdth FROM tbl_Trees JOIN Mystery m ON 1 = 1");
        assertThat(r.unknown()).containsExactly("Mystery", "Wdth");
    }

    @Test
    void shouldUseTheTablesOfTheQueryToTellApartColumnsSharingALevelName() {
        var r = denaturalize("SELECT P_ID FROM P", NaturalnessLevel.LEAST);

        assertThat(r.sql()).isEqualTo("SELECT Plot_ID FROM tbl_Plots");
        assertThat(r.ambiguous()).isEmpty();
    }

    @Test
    void shouldReportAColumnAsAmbiguousWhenNothingTellsItsTable() {
        var r = REWRITER.rewrite(
                "SELECT P_ID FROM Elsewhere",
                SqlDialect.SQLSERVER,
                CROSSWALK.mapping(NaturalnessLevel.LEAST, NaturalnessLevel.NATIVE));

        assertThat(r.sql()).isEqualTo("SELECT P_ID FROM Elsewhere");
        assertThat(r.ambiguous()).containsExactly("P_ID");
    }

    @Test
    void shouldTreatABareYearAsAColumnButNotADatePart() {
        var r = REWRITER.rewrite(
                "SELECT DATEADD(year, 1, GETDATE()) FROM tbl_Plots WHERE year = 2021",
                SqlDialect.SQLSERVER,
                CROSSWALK.mapping(NaturalnessLevel.NATIVE, NaturalnessLevel.LOW));

        assertThat(r.sql())
                .contains("WHERE Yr = 2021")
                .contains("DATEADD(YEAR, 1, GETDATE())")
                .contains("FROM Plts");
    }

    @Test
    void shouldNotRenameACteOrItsReferences() {
        var r = denaturalize("WITH big AS (SELECT Hgt_m FROM Trs) SELECT big.Hgt_m FROM big", NaturalnessLevel.LOW);

        assertThat(r.sql()).isEqualTo("WITH big AS (SELECT Ht FROM tbl_Trees) SELECT big.Ht FROM big");
        assertThat(r.unknown()).isEmpty();
    }

    @Test
    void shouldQuoteATargetNameThatNeedsIt() {
        CrosswalkNames cw = CrosswalkNames.of(List.of(CrosswalkEntry.column("LEVEL1_%TESTED", "a", "L1PT", "b")));
        var r = REWRITER.rewrite(
                "SELECT L1PT FROM x", SqlDialect.SQLSERVER, cw.mapping(NaturalnessLevel.LOW, NaturalnessLevel.NATIVE));

        assertThat(r.sql()).isEqualTo("SELECT [LEVEL1_%TESTED] FROM x");
    }

    @Test
    void shouldRewriteTokenByTokenOutsideLiteralsAndCommentsWhenTheSqlDoesNotParse() {
        var r = REWRITER.rewriteOrTokens(
                "SELECT t.Hght, Hgt_m h FROM Trs t WHERE Hght ! = 'Hght' -- Hgt_m",
                SqlDialect.SQLSERVER,
                CROSSWALK.mapping(NaturalnessLevel.LOW, NaturalnessLevel.NATIVE));

        assertThat(r.method()).isEqualTo(IdentifierRewriter.TOKENS);
        assertThat(r.sql()).isEqualTo("SELECT t.Height, Ht h FROM tbl_Trees t WHERE Height ! = 'Hght' -- Hgt_m");
    }

    @Test
    void shouldKeepEveryStatementOfAnAnswerWithSeveral() {
        // JSqlParser reads the first statement only: printing its tree would drop the SELECT.
        var r = REWRITER.rewriteOrTokens(
                "DECLARE @n int; SELECT Hght FROM Trs WHERE Hght > @n;",
                SqlDialect.SQLSERVER,
                CROSSWALK.mapping(NaturalnessLevel.LOW, NaturalnessLevel.NATIVE));

        assertThat(r.method()).isEqualTo(IdentifierRewriter.TOKENS);
        assertThat(r.sql()).isEqualTo("DECLARE @n int; SELECT Height FROM tbl_Trees WHERE Height > @n;");
        assertThat(denaturalize("SELECT Hght FROM Trs;", NaturalnessLevel.LOW).method())
                .isEqualTo(IdentifierRewriter.PARSED);
    }

    @Test
    void shouldParseNamesJsqlparserRefusesInPostgresqlByQuotingThemLowerCase() {
        var r = REWRITER.rewriteOrTokens(
                "SELECT Hght, Returns FROM Trs",
                SqlDialect.POSTGRESQL,
                CROSSWALK.mapping(NaturalnessLevel.LOW, NaturalnessLevel.NATIVE));

        assertThat(r.method()).isEqualTo(IdentifierRewriter.PARSED);
        assertThat(r.sql()).isEqualTo("SELECT Height, \"returns\" FROM tbl_Trees");
        assertThat(r.unknown()).containsExactly("returns");
    }

    @Test
    void shouldReadAColumnNamedKeyBeforeDescAsThatColumnAndKeepTheDirection() {
        // Unquoted, JSqlParser reads "key DESC" as a KEY expression of a column "DESC": "DESC" came out as unknown.
        var r = denaturalize("SELECT Hght FROM Trs ORDER BY key DESC, Hght ASC", NaturalnessLevel.LOW);

        assertThat(r.method()).isEqualTo(IdentifierRewriter.PARSED);
        assertThat(r.sql()).isEqualTo("SELECT Height FROM tbl_Trees ORDER BY [key] DESC, Height ASC");
        assertThat(r.unknown()).containsExactly("key");
    }

    @Test
    void shouldFailWithTheDialectNamedWhenTheSqlDoesNotParse() {
        assertThatThrownBy(() -> denaturalize("SELEC nothing", NaturalnessLevel.LOW))
                .hasMessageContaining("cannot parse the SQL as MS SQL Server");
    }
}
