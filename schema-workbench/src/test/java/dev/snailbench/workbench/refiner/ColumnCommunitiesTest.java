package dev.snailbench.workbench.refiner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnCommunitiesTest {

    @Test
    void shouldSeparateTwoGroupsOfTablesThatShareNothing() {
        // Orders and customers reference each other; sensors and readings too; nothing links the two groups.
        SchemaGraph graph = SchemaGraph.of(Schemas.of(
                Schemas.keyed(
                        "customer",
                        "customer_id",
                        Schemas.col("customer_id", ValueType.NUMBER),
                        Schemas.col("customer_name", ValueType.TEXT),
                        Schemas.col("email", ValueType.TEXT)),
                Schemas.table(
                        "orders",
                        List.of("order_id"),
                        List.of(Schemas.fk("customer_id", "customer", "customer_id")),
                        Schemas.col("order_id", ValueType.NUMBER),
                        Schemas.col("customer_id", ValueType.NUMBER),
                        Schemas.col("total", ValueType.NUMBER)),
                Schemas.keyed(
                        "sensor",
                        "sensor_id",
                        Schemas.col("sensor_id", ValueType.NUMBER),
                        Schemas.col("location", ValueType.TEXT),
                        Schemas.col("model", ValueType.TEXT)),
                Schemas.table(
                        "reading",
                        List.of("reading_id"),
                        List.of(Schemas.fk("sensor_id", "sensor", "sensor_id")),
                        Schemas.col("reading_id", ValueType.NUMBER),
                        Schemas.col("sensor_id", ValueType.NUMBER),
                        Schemas.col("celsius", ValueType.NUMBER))));

        ColumnCommunities communities = ColumnCommunities.of(graph, 42);

        int email = graph.column("customer.email").index();
        int total = graph.column("orders.total").index();
        int celsius = graph.column("reading.celsius").index();
        int model = graph.column("sensor.model").index();
        assertThat(communities.count()).isBetween(2, 4);
        assertThat(communities.of(email)).isNotEqualTo(communities.of(celsius));
        assertThat(communities.of(total)).isNotEqualTo(communities.of(model));
        assertThat(communities.peers(email)).contains(email).doesNotContain(celsius, model);
        // The same seed splits the same way.
        assertThat(ColumnCommunities.of(graph, 42).of(celsius)).isEqualTo(communities.of(celsius));
    }

    @Test
    void shouldLinkAColumnNamedAfterAnotherTableToThatTable() {
        SchemaGraph graph = SchemaGraph.of(Schemas.of(
                Schemas.plain(
                        "tbl_Events",
                        Schemas.col("Event_ID", ValueType.NUMBER),
                        Schemas.col("Event_Date", ValueType.DATE)),
                Schemas.plain(
                        "tbl_Deadwood",
                        Schemas.col("Data_ID", ValueType.NUMBER),
                        Schemas.col("Evt_Ref_ID", ValueType.NUMBER),
                        Schemas.col("Event_ID", ValueType.NUMBER))));

        var edges = ColumnCommunities.edges(graph);

        int eventsAnchor = graph.column("tbl_events.event_id").index();
        int deadwoodEvent = graph.column("tbl_deadwood.event_id").index();
        long key = ((long) Math.min(eventsAnchor, deadwoodEvent) << 32) | Math.max(eventsAnchor, deadwoodEvent);
        // Shared name (1) plus the name naming tbl_Events (1.5).
        assertThat(edges.get(key)).isEqualTo(2.5);
    }
}
