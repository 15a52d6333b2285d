package dev.snailbench.cli;

import java.util.List;
import java.util.Map;

/**
 * The field names of a job spec ({@code POST /jobs}), so that the command-line client can name a mistyped field
 * and suggest the right one before sending the spec. The generator's tests hold these lists equal to its
 * {@code JobRequest} records, so they cannot drift apart.
 */
public final class JobSpecFields {

    /** The spec's own fields. */
    public static final List<String> TOP_LEVEL = List.of("name", "database", "dialect", "model", "models", "levels",
            "promptOptions", "schemaId", "questions", "questionSet", "predictions", "nativeSchema", "crosswalkId",
            "schemaVariant", "linking", "goldScreening", "stallTimeoutSeconds");

    /** The fields of each element of {@code questions}. */
    public static final List<String> QUESTION = List.of("id", "question", "goldSql", "hardness");

    /** The fields of each element of {@code predictions}. */
    public static final List<String> PREDICTION = List.of("questionId", "predictedSql", "level");

    /** The lists of objects whose elements are checked, by the spec field that holds them. */
    public static final Map<String, List<String>> ELEMENTS = Map.of("questions", QUESTION, "predictions", PREDICTION);

    private JobSpecFields() {
    }
}
