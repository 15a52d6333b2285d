package dev.snailbench.model.domain;

import java.util.List;

/**
 * A team's own schema for prompts, read from its registered database by the executor (the only route into it):
 * the tables of one schema with their columns, types, keys and a few sample values, and the renamings of a
 * crosswalk the team built or imported, for the Regular / Low / Least levels. Travels with a job's inference
 * requests, so that a prompt on a team's database needs no file on the platform.
 *
 * @param name      how the prompt names the database (the name the team registered it under)
 * @param schema    the tables of the job's {@code nativeSchema}, as the executor's introspection reads them
 * @param crosswalk renamings per identifier; empty when only the native names are asked for
 * @param variant   the schema variant the models are asked on instead of the native names (a Schema-Refiner
 *                  experiment: the injected or the refined names of the same database); null for the native names
 */
public record TeamSchema(String name, DatabaseSchema schema, List<CrosswalkEntry> crosswalk, Variant variant) {

    public TeamSchema {
        crosswalk = crosswalk == null ? List.of() : List.copyOf(crosswalk);
    }

    /** A team's schema without a variant. */
    public TeamSchema(String name, DatabaseSchema schema, List<CrosswalkEntry> crosswalk) {
        this(name, schema, crosswalk, null);
    }

    /**
     * A virtual schema over the same database: the name each renamed column is shown under, per table (a
     * crosswalk renames a name everywhere; a variant renames one table's column, as injected ambiguity does: one
     * occurrence of a shared name, or two different columns under one generic name). Tables keep their names;
     * the data is untouched, and SQL written on the shown names is mapped back to the physical ones before it runs.
     *
     * @param label   which variant, as items and results name it ({@code injected seed=1 rate=0.1})
     * @param columns the renamed columns only
     */
    public record Variant(String label, List<ShownColumn> columns) {

        public Variant {
            columns = columns == null ? List.of() : List.copyOf(columns);
        }
    }

    /** Column {@code column} of {@code table} (physical names) is shown as {@code shown}. */
    public record ShownColumn(String table, String column, String shown) {}

    /** The same schema asked on a variant's names. */
    public TeamSchema withVariant(Variant v) {
        return new TeamSchema(name, schema, crosswalk, v);
    }

    /** The same schema with a crosswalk's renamings. */
    public TeamSchema withCrosswalk(List<CrosswalkEntry> renamings) {
        return new TeamSchema(name, schema, renamings, variant);
    }
}
