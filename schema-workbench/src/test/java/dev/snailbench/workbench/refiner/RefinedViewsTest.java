package dev.snailbench.workbench.refiner;

import static dev.snailbench.workbench.testing.SqlTools.REWRITER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefinedViewsTest {

    /** The baseline homonym naming (the table's entity in front), whose names these tests read. */
    private static Renaming plan(SchemaGraph graph) {
        return plan(graph, RefinedViews.HomonymNames.TABLE_ENTITY);
    }

    private static Renaming plan(SchemaGraph graph, RefinedViews.HomonymNames homonyms) {
        List<SemanticPackage> packages = new OfflinePackager().describe(graph);
        return RefinedViews.plan(
                graph,
                packages,
                AmbiguityDetector.detect(
                        graph,
                        packages,
                        AmbiguityDetectorTest.lexical(AmbiguityDetector.texts(packages)),
                        Thresholds.PAPER),
                homonyms);
    }

    @Test
    void shouldKeepAHomonymWithNoEvidenceAsItIsAndRepairSynonymsAndIrregularNamesAsTheBaselineDoes() {
        SchemaGraph graph = SchemaGraph.of(AmbiguityDetectorTest.ambiguous());

        Renaming renaming = plan(graph, RefinedViews.HomonymNames.EVIDENCE);

        // One sample value says nothing of what player.value holds, nor a number of stadium.value.
        assertThat(renaming.nameOf(new ColumnRef("player", "value"))).isEqualTo("value");
        assertThat(renaming.nameOf(new ColumnRef("stadium", "value"))).isEqualTo("value");
        assertThat(renaming.nameOf(new ColumnRef("player_club", "club_key"))).isEqualTo("club_id");
        assertThat(renaming.nameOf(new ColumnRef("player", "HGT"))).isEqualTo("player_number_hgt");
    }

    @Test
    void shouldGiveHomonymsTheirTableSynonymsOneNameAndIrregularNamesTheirCanonicalName() {
        SchemaGraph graph = SchemaGraph.of(AmbiguityDetectorTest.ambiguous());

        Renaming renaming = plan(graph);

        assertThat(renaming.nameOf(new ColumnRef("player", "value"))).isEqualTo("player_value");
        assertThat(renaming.nameOf(new ColumnRef("stadium", "value"))).isEqualTo("stadium_value");
        assertThat(renaming.nameOf(new ColumnRef("player_club", "club_key"))).isEqualTo("club_id");
        assertThat(renaming.nameOf(new ColumnRef("club", "club_id"))).isEqualTo("club_id");
        // HGT reads as no word of the schema: its table and value family go in front.
        assertThat(renaming.nameOf(new ColumnRef("player", "HGT"))).isEqualTo("player_number_hgt");
        assertThat(renaming.nameOf(new ColumnRef("club", "city"))).isEqualTo("city");
        // SQL on the refined names maps back to the physical ones, each homonym by its table.
        assertThat(renaming.rewrite(
                                REWRITER,
                                "SELECT p.player_value, s.stadium_value FROM player p, stadium s",
                                SqlDialect.POSTGRESQL,
                                true)
                        .sql())
                .isEqualTo("SELECT p.value, s.value FROM player p, stadium s");
    }

    @Test
    void shouldWriteTheViewLayerForPostgresqlAndSqlServer() {
        SchemaGraph graph = SchemaGraph.of(AmbiguityDetectorTest.ambiguous());
        Renaming renaming = plan(graph);

        RefinedViews.ViewLayer pg = RefinedViews.ddl(graph, renaming, "public", "refined", SqlDialect.POSTGRESQL);
        RefinedViews.ViewLayer ms = RefinedViews.ddl(graph, renaming, "dbo", "refined", SqlDialect.SQLSERVER);

        assertThat(pg.statements()).hasSize(1 + 2 * 4).first().isEqualTo("CREATE SCHEMA IF NOT EXISTS \"refined\"");
        assertThat(pg.statements())
                .contains(
                        "DROP VIEW IF EXISTS \"refined\".\"player\"",
                        "CREATE VIEW \"refined\".\"player\" AS SELECT \"player_id\" AS \"player_id\", \"value\" AS "
                                + "\"player_value\", \"HGT\" AS \"player_number_hgt\", \"birth_date\" AS \"birth_date\" FROM \"public\".\"player\"");
        assertThat(ms.statements()).hasSize(1 + 4).first().asString().startsWith("IF SCHEMA_ID(N'refined') IS NULL");
        assertThat(ms.statements())
                .contains("CREATE OR ALTER VIEW [refined].[stadium] AS SELECT [stadium_id] AS "
                        + "[stadium_id], [stadium_name] AS [stadium_name], [value] AS [stadium_value], [roof_height] AS "
                        + "[roof_height] FROM [dbo].[stadium]");
        assertThat(pg.columns().get("player_club")).containsEntry("club_id", "club_key");
    }
}
