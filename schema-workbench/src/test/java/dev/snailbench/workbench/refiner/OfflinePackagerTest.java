package dev.snailbench.workbench.refiner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class OfflinePackagerTest {

    private static Map<String, SemanticPackage> packages(SchemaGraph graph) {
        return new OfflinePackager()
                .describe(graph).stream()
                        .collect(Collectors.toMap(p -> p.column().key(), Function.identity()));
    }

    @Test
    void shouldExpandAbbreviationsToTheWordsTheSchemaUsesElsewhere() {
        SchemaGraph graph = SchemaGraph.of(Schemas.of(
                Schemas.keyed(
                        "player",
                        "player_id",
                        Schemas.col("player_id", ValueType.NUMBER),
                        Schemas.col("plyr_nm", ValueType.TEXT),
                        Schemas.col("VgHt", ValueType.NUMBER)),
                Schemas.plain(
                        "plot",
                        Schemas.col("vegetation_height", ValueType.NUMBER),
                        Schemas.col("event_key", ValueType.NUMBER),
                        Schemas.col("qty", ValueType.NUMBER))));

        Map<String, SemanticPackage> p = packages(graph);

        assertThat(p.get("player.plyr_nm").canonicalName()).isEqualTo("player_name");
        assertThat(p.get("player.vght").canonicalName()).isEqualTo("vegetation_height");
        assertThat(p.get("plot.event_key").canonicalName()).isEqualTo("event_key");
        assertThat(p.get("plot.qty").canonicalName()).isEqualTo("quantity");
        assertThat(p.get("plot.vegetation_height").canonicalName()).isEqualTo("vegetation_height");
    }

    @Test
    void shouldDescribeKeysAndReferencesByTheEntityTheyIdentify() {
        SchemaGraph graph = SchemaGraph.of(Schemas.football());
        Map<String, SemanticPackage> p = packages(graph);

        assertThat(p.get("player.player_id").description()).isEqualTo("identifier of player");
        assertThat(p.get("player_club.player_id").description()).isEqualTo("identifier of player");
        assertThat(p.get("club.stadium_id").description()).isEqualTo("identifier of stadium");
        assertThat(p.get("club.city").description()).isEqualTo("city of club (text); values: Barcelona");
    }

    @Test
    void shouldPutTheTableInFrontOfANameNothingExpands() {
        SchemaGraph graph = SchemaGraph.of(Schemas.of(Schemas.plain(
                "tbl_Deadwood", Schemas.col("MPD", ValueType.NUMBER), Schemas.col("Decay", ValueType.TEXT))));

        Map<String, SemanticPackage> p = packages(graph);

        assertThat(p.get("tbl_deadwood.mpd").canonicalName()).isEqualTo("deadwood_number");
        assertThat(p.get("tbl_deadwood.decay").canonicalName()).isEqualTo("decay");
    }

    @Test
    void shouldReadAnAbbreviatedNameAsTheLongerColumnNameItShortensInAnotherTable() {
        SchemaGraph graph = SchemaGraph.of(Schemas.of(
                Schemas.plain(
                        "tblCoverBoard", Schemas.col("Rec", ValueType.TEXT), Schemas.col("sub_temp", ValueType.NUMBER)),
                Schemas.plain(
                        "tblSearches",
                        Schemas.col("Recapture", ValueType.TEXT),
                        Schemas.col("Substrate_Temperature", ValueType.NUMBER)),
                Schemas.plain(
                        "tblTraps", Schemas.col("Recapture", ValueType.TEXT), Schemas.col("Record", ValueType.TEXT))));

        Map<String, SemanticPackage> p = packages(graph);

        // Not the general rule's rec → record: the schema itself says what Rec shortens.
        assertThat(p.get("tblcoverboard.rec").canonicalName()).isEqualTo("recapture");
        assertThat(p.get("tblcoverboard.sub_temp").canonicalName()).isEqualTo("substrate_temperature");
        // The packages of the other tables do not change.
        assertThat(p.get("tblsearches.recapture").canonicalName()).isEqualTo("recapture");
    }

    @Test
    void shouldTreatAShortTokenThatIsNoEnglishWordAsUnreadable() {
        SchemaGraph graph = SchemaGraph.of(Schemas.of(Schemas.plain(
                "tblLocations",
                Schemas.col("STID", ValueType.NUMBER),
                Schemas.col("Site", ValueType.TEXT),
                Schemas.col("fn_by", ValueType.TEXT))));

        Map<String, SemanticPackage> p = packages(graph);

        assertThat(p.get("tbllocations.stid").canonicalName()).isEqualTo("locations_number");
        assertThat(p.get("tbllocations.site").canonicalName()).isEqualTo("site");
        // "by" says nothing of the column: fn_by is as unreadable as fn.
        assertThat(p.get("tbllocations.fn_by").canonicalName()).isEqualTo("locations_text");
    }
}
