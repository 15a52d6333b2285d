package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.util.ArrayList;
import java.util.List;

/** Small hand-written schemas for the refiner's unit tests. */
final class Schemas {

    private Schemas() {}

    static DatabaseSchema.Column col(String name, ValueType type, String... samples) {
        return new DatabaseSchema.Column(name, type.name().toLowerCase(), type, true, List.of(samples));
    }

    static DatabaseSchema.Table table(
            String name, List<String> pk, List<DatabaseSchema.ForeignKey> fks, DatabaseSchema.Column... columns) {
        return new DatabaseSchema.Table("public", name, "TABLE", List.of(columns), pk, fks);
    }

    /** A table with a one-column primary key and no foreign key. */
    static DatabaseSchema.Table keyed(String name, String key, DatabaseSchema.Column... columns) {
        return table(name, List.of(key), List.of(), columns);
    }

    /** A table with neither a primary key nor a foreign key. */
    static DatabaseSchema.Table plain(String name, DatabaseSchema.Column... columns) {
        return table(name, List.of(), List.of(), columns);
    }

    static DatabaseSchema.ForeignKey fk(String column, String refTable, String refColumn) {
        return new DatabaseSchema.ForeignKey(null, List.of(column), "public", refTable, List.of(refColumn));
    }

    static DatabaseSchema of(DatabaseSchema.Table... tables) {
        return new DatabaseSchema("PostgreSQL", "test", new ArrayList<>(List.of(tables)), false);
    }

    /** Players, clubs and stadiums: natural names, keys and references. */
    static DatabaseSchema football() {
        return of(
                table(
                        "player",
                        List.of("player_id"),
                        List.of(),
                        col("player_id", ValueType.NUMBER, "1", "2"),
                        col("player_name", ValueType.TEXT, "Messi"),
                        col("height", ValueType.NUMBER, "170"),
                        col("birth_date", ValueType.DATE)),
                table(
                        "club",
                        List.of("club_id"),
                        List.of(fk("stadium_id", "stadium", "stadium_id")),
                        col("club_id", ValueType.NUMBER),
                        col("club_name", ValueType.TEXT, "Barcelona"),
                        col("city", ValueType.TEXT, "Barcelona"),
                        col("stadium_id", ValueType.NUMBER)),
                table(
                        "player_club",
                        List.of(),
                        List.of(fk("player_id", "player", "player_id"), fk("club_id", "club", "club_id")),
                        col("player_id", ValueType.NUMBER),
                        col("club_id", ValueType.NUMBER),
                        col("start_year", ValueType.NUMBER)),
                table(
                        "stadium",
                        List.of("stadium_id"),
                        List.of(),
                        col("stadium_id", ValueType.NUMBER),
                        col("stadium_name", ValueType.TEXT),
                        col("capacity", ValueType.NUMBER, "99000")));
    }
}
