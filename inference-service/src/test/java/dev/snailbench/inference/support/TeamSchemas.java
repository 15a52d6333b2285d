package dev.snailbench.inference.support;

import dev.snailbench.model.domain.DatabaseSchema;
import java.util.List;

/** Hand-written schemas of a team's PostgreSQL database {@code team}, its tables in schema {@code public}. */
public final class TeamSchemas {

    private TeamSchemas() {}

    public static DatabaseSchema of(DatabaseSchema.Table... tables) {
        return new DatabaseSchema("PostgreSQL", "team", List.of(tables), false);
    }

    public static DatabaseSchema.Table table(
            String name,
            List<DatabaseSchema.Column> columns,
            List<String> primaryKey,
            List<DatabaseSchema.ForeignKey> foreignKeys) {
        return new DatabaseSchema.Table("public", name, "TABLE", columns, primaryKey, foreignKeys);
    }
}
