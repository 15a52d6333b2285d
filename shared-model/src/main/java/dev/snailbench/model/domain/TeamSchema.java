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
 */
public record TeamSchema(String name, DatabaseSchema schema, List<Renaming> crosswalk) {

    public TeamSchema {
        crosswalk = crosswalk == null ? List.of() : List.copyOf(crosswalk);
    }

    /** One identifier's names: {@code kind} is {@code table} or {@code column}. */
    public record Renaming(String kind, String nativeName, String regular, String low, String least) {
    }

    /** The same schema with a crosswalk's renamings. */
    public TeamSchema withCrosswalk(List<Renaming> renamings) {
        return new TeamSchema(name, schema, renamings);
    }
}
