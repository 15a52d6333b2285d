package dev.snailbench.workbench.refiner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.workbench.refiner.SchemaGraph.Edge;
import dev.snailbench.workbench.refiner.SchemaGraph.EdgeKind;
import org.junit.jupiter.api.Test;

class SchemaGraphTest {

    @Test
    void shouldLinkTablesToTheirColumnsAndReferencesToTheColumnsTheyReference() {
        SchemaGraph graph = SchemaGraph.of(Schemas.football());

        assertThat(graph.tables()).hasSize(4);
        assertThat(graph.columns()).hasSize(14);
        assertThat(graph.edges())
                .filteredOn(e -> e.kind() == EdgeKind.HAS_COLUMN)
                .hasSize(14)
                .contains(new Edge(EdgeKind.HAS_COLUMN, "player", "player.player_name"));
        assertThat(graph.edges())
                .filteredOn(e -> e.kind() == EdgeKind.FOREIGN_KEY)
                .containsExactlyInAnyOrder(
                        new Edge(EdgeKind.FOREIGN_KEY, "club.stadium_id", "stadium.stadium_id"),
                        new Edge(EdgeKind.FOREIGN_KEY, "player_club.player_id", "player.player_id"),
                        new Edge(EdgeKind.FOREIGN_KEY, "player_club.club_id", "club.club_id"));
        SchemaGraph.ColumnNode name = graph.column("player.player_name");
        assertThat(name.samples()).containsExactly("Messi");
        assertThat(graph.column("player.player_id").primaryKey()).isTrue();
        assertThat(graph.referenced(graph.column("player_club.club_id")).ref())
                .isEqualTo(new ColumnRef("club", "club_id"));
        assertThat(graph.referenced(name)).isNull();
    }
}
