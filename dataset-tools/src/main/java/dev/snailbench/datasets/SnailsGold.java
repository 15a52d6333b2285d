package dev.snailbench.datasets;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads the per-level gold of a {@code snails/nl_sql/} question ({@code gold_sql.<Regular|Low|Least>},
 * {@code gold_sql_sqlite.<Native|Regular|Low|Least>}). A data directory written by {@code ./snailbench data fetch}
 * has none of it ({@link SnailsQuestions}), so a reader that needs it fails with what to do instead of a
 * NullPointerException or an empty statement.
 */
public final class SnailsGold {

    private SnailsGold() {}

    /** The statement at {@code question.<field>.<level>}; fails naming the question and the fix when it is absent. */
    public static String atLevel(JsonNode question, String field, String level) {
        JsonNode sql = question.path(field).path(level);
        if (!sql.isTextual()) {
            throw new IllegalStateException("SNAILS question "
                    + question.path("id").asText("?") + " has no " + field
                    + "." + level + ": this needs the data folder's complete snails/nl_sql/ (a data directory written "
                    + "by ./snailbench data fetch has only gold_sql_native); point -Dsnailbench.data.dir (Maven) or "
                    + "SNAILBENCH_DATA_DIR at a complete copy");
        }
        return sql.asText();
    }
}
