package dev.snailbench.generator.service;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.UUID;

/**
 * The body of {@code POST /jobs}. {@code model} is the label of recorded predictions (the replay backend);
 * {@code models} names real backends. Questions come inline ({@code questions}) or from a {@code questionSet}.
 * Non-native {@code levels} need a crosswalk: a built-in one ({@code schemaId}) or the tenant's own
 * ({@code crosswalkId}, with the registered database and its {@code nativeSchema}). Models asked on a registered
 * database without a built-in {@code schemaId} see that database's schema ({@code nativeSchema}), read through the
 * executor. {@code schemaVariant} asks the questions on a Schema-Refiner variant of that schema instead of its
 * native names. {@code linking} ({@code platform}, the default, or {@code snails}: the SNAILS authors' conventions) and
 * {@code goldScreening} ({@code off}, {@code flag}, the default, or {@code exclude}) choose how items are judged.
 * {@code stallTimeoutSeconds} (10 to 86,400; the platform's watchdog deadline when absent) is how long the job may
 * go without a verdict before every item still without one fails as {@code timed out}: a small job need not wait out
 * the platform's deadline when a part of the pipeline is down.
 */
public record JobRequest(String name, DatabaseRequest database, String dialect, String model,
        List<ModelRequest> models, List<String> levels, PromptOptionsRequest promptOptions, String schemaId,
        List<QuestionRequest> questions, QuestionSetRequest questionSet, List<PredictionRequest> predictions,
        String nativeSchema, UUID crosswalkId, SchemaVariantRequest schemaVariant, String linking,
        String goldScreening, Integer stallTimeoutSeconds) {

    /** A request with the platform's stall deadline. */
    public JobRequest(String name, DatabaseRequest database, String dialect, String model,
            List<ModelRequest> models, List<String> levels, PromptOptionsRequest promptOptions, String schemaId,
            List<QuestionRequest> questions, QuestionSetRequest questionSet, List<PredictionRequest> predictions,
            String nativeSchema, UUID crosswalkId, SchemaVariantRequest schemaVariant, String linking,
            String goldScreening) {
        this(name, database, dialect, model, models, levels, promptOptions, schemaId, questions, questionSet,
                predictions, nativeSchema, crosswalkId, schemaVariant, linking, goldScreening, null);
    }

    /** A request judged with the default options. */
    public JobRequest(String name, DatabaseRequest database, String dialect, String model,
            List<ModelRequest> models, List<String> levels, PromptOptionsRequest promptOptions, String schemaId,
            List<QuestionRequest> questions, QuestionSetRequest questionSet, List<PredictionRequest> predictions,
            String nativeSchema, UUID crosswalkId, SchemaVariantRequest schemaVariant) {
        this(name, database, dialect, model, models, levels, promptOptions, schemaId, questions, questionSet,
                predictions, nativeSchema, crosswalkId, schemaVariant, null, null);
    }

    /** A request on the native names. */
    public JobRequest(String name, DatabaseRequest database, String dialect, String model,
            List<ModelRequest> models, List<String> levels, PromptOptionsRequest promptOptions, String schemaId,
            List<QuestionRequest> questions, QuestionSetRequest questionSet, List<PredictionRequest> predictions,
            String nativeSchema, UUID crosswalkId) {
        this(name, database, dialect, model, models, levels, promptOptions, schemaId, questions, questionSet,
                predictions, nativeSchema, crosswalkId, null);
    }

    /** A request on a built-in schema (or none). */
    public JobRequest(String name, DatabaseRequest database, String dialect, String model,
            List<ModelRequest> models, List<String> levels, PromptOptionsRequest promptOptions, String schemaId,
            List<QuestionRequest> questions, QuestionSetRequest questionSet, List<PredictionRequest> predictions) {
        this(name, database, dialect, model, models, levels, promptOptions, schemaId, questions, questionSet,
                predictions, null, null);
    }

    /**
     * A named question set instead of {@code questions}: {@code {"benchmark": "footballdb", "dataModel": "v1",
     * "split": "dev"}}, {@code {"benchmark": "snails", "database": "NTSB"}}, or Spider/BIRD-style
     * {@code {"format": "spider", "items": [{"db_id", "question", "query", "hardness"}]}} ({@code hardness}
     * optional), or a set the tenant generated:
     * {@code {"syntheticSetId": "<id>"}} (POST /synthetic-sets), {@code {"testSuiteId": "<id>"}} (POST /test-suites).
     */
    public record QuestionSetRequest(String benchmark, String dataModel, String split, String database,
            String format, JsonNode items, UUID syntheticSetId,
            UUID testSuiteId) {

        /** Names a stored set of the tenant's (read asynchronously before the job is validated). */
        public boolean stored() {
            return syntheticSetId != null || testSuiteId != null;
        }
    }

    /**
     * The schema variant the questions are asked on (Schema-Refiner): {@code kind} {@code original} (the native
     * names), {@code injected} (ambiguity injected at {@code rate}, default 0.10, with {@code seed}, default 1) or
     * {@code refined} (the refiner's view-layer names over that injected schema; {@code context}: the words the
     * offline packager may expand to, {@code schema} (default), {@code community} or {@code table}).
     */
    public record SchemaVariantRequest(String kind, Long seed, Double rate, String context) {
    }

    public record DatabaseRequest(String kind, String jdbcUrl, String user, String password, String databaseId) {
    }

    /**
     * {@code cacheAnswers}: replay the answer the model gave this team before to the same call (true), never (false);
     * unset, at temperature 0 only.
     */
    public record ModelRequest(String label, String backend, String model, Double temperature, Integer maxTokens,
            Long seed, Boolean cacheAnswers) {
    }

    public record PromptOptionsRequest(Boolean includeKeys, Integer sampleValues, Integer shots,
            String shotSelection, Long shotSeed, Integer maxPromptTokens) {
    }

    /** {@code hardness}: the dataset's own hardness label of the question (easy, medium, hard or extra; optional). */
    public record QuestionRequest(String id, String question, String goldSql, String hardness) {
    }

    /** {@code level}: the naturalness level the SQL was written at (optional: every level of the job). */
    public record PredictionRequest(String questionId, String predictedSql, String level) {
    }
}
