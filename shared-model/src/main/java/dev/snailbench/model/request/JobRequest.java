package dev.snailbench.model.request;

import static dev.snailbench.model.request.RequestLimits.CONNECTION;
import static dev.snailbench.model.request.RequestLimits.ID;
import static dev.snailbench.model.request.RequestLimits.LEVELS;
import static dev.snailbench.model.request.RequestLimits.MODELS;
import static dev.snailbench.model.request.RequestLimits.NAME;
import static dev.snailbench.model.request.RequestLimits.PREDICTIONS;
import static dev.snailbench.model.request.RequestLimits.QUESTION;
import static dev.snailbench.model.request.RequestLimits.QUESTIONS;
import static dev.snailbench.model.request.RequestLimits.SQL;
import static dev.snailbench.model.request.RequestLimits.TOO_LONG;
import static dev.snailbench.model.request.RequestLimits.TOO_MANY;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.UUID;

/**
 * The body of {@code POST /jobs}, with what makes it valid on its own: each field's constraints here, the rules
 * between fields in {@link JobRules}. The generator checks the rest when it resolves the job (the questions of a
 * set, the registered database, the model backends, the SQL). {@code model} is the label of recorded predictions
 * (the replay backend); {@code models} names real backends. Questions come inline ({@code questions}) or from a
 * {@code questionSet}. Non-native {@code levels} need a crosswalk: a built-in one ({@code schemaId}) or the tenant's
 * own ({@code crosswalkId}, with the registered database and its {@code nativeSchema}). Models asked on a registered
 * database without a built-in {@code schemaId} see that database's schema ({@code nativeSchema}), read through the
 * executor. {@code schemaVariant} asks the questions on a Schema-Refiner variant of that schema instead of its
 * native names. {@code linking} ({@code platform}, the default, or {@code snails}: the SNAILS authors' conventions) and
 * {@code goldScreening} ({@code off}, {@code flag}, the default, or {@code exclude}) choose how items are judged.
 * {@code stallTimeoutSeconds} (10 to 86,400; the platform's watchdog deadline when absent) is how long the job may
 * go without a verdict before every item still without one fails as {@code timed out}. A replay job needs a recorded
 * prediction for every question at every level unless {@code allowMissingPredictions} (those items then fail), and
 * recorded predictions that are not one read-only query of the dialect are refused unless
 * {@code allowInvalidPredictions} (a model's unrunnable answers, scored as failed).
 */
@JobRules
public record JobRequest(
        @NotBlank @Size(max = NAME, message = TOO_LONG) String name,
        @Valid DatabaseRequest database,

        @NotBlank @Size(max = ID, message = TOO_LONG) @Known(Vocabulary.DIALECT)
        String dialect,

        @Pattern(regexp = NOT_BLANK, message = BLANK) @Size(max = NAME, message = TOO_LONG)
        String model,

        @Size(max = MODELS, message = TOO_MANY) List<@Valid @NotNull ModelRequest> models,
        @Size(max = LEVELS, message = TOO_MANY) List<@NotNull @Known(Vocabulary.LEVEL) String> levels,
        @Valid PromptOptionsRequest promptOptions,
        @Size(max = ID, message = TOO_LONG) String schemaId,
        @Size(max = QUESTIONS, message = TOO_MANY) List<@Valid @NotNull QuestionRequest> questions,
        @Valid QuestionSetRequest questionSet,
        @Size(max = PREDICTIONS, message = TOO_MANY) List<@Valid @NotNull PredictionRequest> predictions,

        @Pattern(regexp = SCHEMA_NAME, message = NOT_A_SCHEMA_NAME)
        String nativeSchema,

        UUID crosswalkId,
        @Valid SchemaVariantRequest schemaVariant,
        @Known(Vocabulary.LINKING) String linking,
        @Known(Vocabulary.GOLD_SCREENING) String goldScreening,

        @Min(value = SHORTEST_STALL_SECONDS, message = STALL_RANGE)
        @Max(value = LONGEST_STALL_SECONDS, message = STALL_RANGE)
        Integer stallTimeoutSeconds,

        Boolean allowMissingPredictions,
        Boolean allowInvalidPredictions) {

    /** Shortest stall deadline: shorter than a model's answer would fail a healthy job. */
    public static final int SHORTEST_STALL_SECONDS = 10;
    /** Longest stall deadline: a day. */
    public static final int LONGEST_STALL_SECONDS = 86_400;

    static final String STALL_RANGE =
            "must be between " + SHORTEST_STALL_SECONDS + " and " + LONGEST_STALL_SECONDS + " seconds";
    /** A plain schema name PostgreSQL and SQL Server accept unquoted. */
    static final String SCHEMA_NAME = "^[A-Za-z_][A-Za-z0-9_]{0,127}$";

    static final String NOT_A_SCHEMA_NAME = "is not a plain schema name (letters, digits and _, e.g. public)";
    /** Null passes; given, a text needs more than spaces. */
    static final String NOT_BLANK = "^[\\s\\S]*\\S[\\s\\S]*$";

    static final String BLANK = "must not be blank";

    /** A request that asks for nothing to be allowed. */
    public JobRequest(
            String name,
            DatabaseRequest database,
            String dialect,
            String model,
            List<ModelRequest> models,
            List<String> levels,
            PromptOptionsRequest promptOptions,
            String schemaId,
            List<QuestionRequest> questions,
            QuestionSetRequest questionSet,
            List<PredictionRequest> predictions,
            String nativeSchema,
            UUID crosswalkId,
            SchemaVariantRequest schemaVariant,
            String linking,
            String goldScreening,
            Integer stallTimeoutSeconds) {
        this(
                name,
                database,
                dialect,
                model,
                models,
                levels,
                promptOptions,
                schemaId,
                questions,
                questionSet,
                predictions,
                nativeSchema,
                crosswalkId,
                schemaVariant,
                linking,
                goldScreening,
                stallTimeoutSeconds,
                null,
                null);
    }

    /** A request with the platform's stall deadline. */
    public JobRequest(
            String name,
            DatabaseRequest database,
            String dialect,
            String model,
            List<ModelRequest> models,
            List<String> levels,
            PromptOptionsRequest promptOptions,
            String schemaId,
            List<QuestionRequest> questions,
            QuestionSetRequest questionSet,
            List<PredictionRequest> predictions,
            String nativeSchema,
            UUID crosswalkId,
            SchemaVariantRequest schemaVariant,
            String linking,
            String goldScreening) {
        this(
                name,
                database,
                dialect,
                model,
                models,
                levels,
                promptOptions,
                schemaId,
                questions,
                questionSet,
                predictions,
                nativeSchema,
                crosswalkId,
                schemaVariant,
                linking,
                goldScreening,
                null);
    }

    /** A request judged with the default options. */
    public JobRequest(
            String name,
            DatabaseRequest database,
            String dialect,
            String model,
            List<ModelRequest> models,
            List<String> levels,
            PromptOptionsRequest promptOptions,
            String schemaId,
            List<QuestionRequest> questions,
            QuestionSetRequest questionSet,
            List<PredictionRequest> predictions,
            String nativeSchema,
            UUID crosswalkId,
            SchemaVariantRequest schemaVariant) {
        this(
                name,
                database,
                dialect,
                model,
                models,
                levels,
                promptOptions,
                schemaId,
                questions,
                questionSet,
                predictions,
                nativeSchema,
                crosswalkId,
                schemaVariant,
                null,
                null);
    }

    /** A request on the native names. */
    public JobRequest(
            String name,
            DatabaseRequest database,
            String dialect,
            String model,
            List<ModelRequest> models,
            List<String> levels,
            PromptOptionsRequest promptOptions,
            String schemaId,
            List<QuestionRequest> questions,
            QuestionSetRequest questionSet,
            List<PredictionRequest> predictions,
            String nativeSchema,
            UUID crosswalkId) {
        this(
                name,
                database,
                dialect,
                model,
                models,
                levels,
                promptOptions,
                schemaId,
                questions,
                questionSet,
                predictions,
                nativeSchema,
                crosswalkId,
                null);
    }

    /** A request on a built-in schema (or none). */
    public JobRequest(
            String name,
            DatabaseRequest database,
            String dialect,
            String model,
            List<ModelRequest> models,
            List<String> levels,
            PromptOptionsRequest promptOptions,
            String schemaId,
            List<QuestionRequest> questions,
            QuestionSetRequest questionSet,
            List<PredictionRequest> predictions) {
        this(
                name,
                database,
                dialect,
                model,
                models,
                levels,
                promptOptions,
                schemaId,
                questions,
                questionSet,
                predictions,
                null,
                null);
    }

    /** Whether the job asks a model backend (not only recorded predictions). */
    public boolean asksModels() {
        return models != null && !models.isEmpty();
    }

    /** Whether the job runs on a database registered with the executor ({@code database.databaseId}). */
    public boolean onRegisteredDatabase() {
        return database != null
                && database.databaseId() != null
                && !database.databaseId().isBlank();
    }

    /**
     * A named question set instead of {@code questions}: {@code {"benchmark": "footballdb", "dataModel": "v1",
     * "split": "dev"}}, {@code {"benchmark": "snails", "database": "NTSB"}}, or Spider/BIRD-style
     * {@code {"format": "spider", "items": [{"db_id", "question", "query", "hardness"}]}} ({@code hardness}
     * optional), or a set the tenant generated:
     * {@code {"syntheticSetId": "<id>"}} (POST /synthetic-sets), {@code {"testSuiteId": "<id>"}} (POST /test-suites).
     */
    public record QuestionSetRequest(
            @Size(max = ID, message = TOO_LONG) String benchmark,
            @Size(max = ID, message = TOO_LONG) String dataModel,
            @Size(max = ID, message = TOO_LONG) String split,
            @Size(max = ID, message = TOO_LONG) String database,
            @Size(max = ID, message = TOO_LONG) String format,
            JsonNode items,
            UUID syntheticSetId,
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
     * offline packager may expand to, {@code schema} (default), {@code community} or {@code table}). {@code over}:
     * what a refined variant repairs, {@code injected} (the default: an injected copy of the names, with {@code seed}
     * and {@code rate}) or {@code original} (the team's own names as they are; also {@code rate} 0).
     */
    public record SchemaVariantRequest(
            @NotBlank @Known(Vocabulary.VARIANT_KIND) String kind,
            Long seed,

            @DecimalMin(value = "0", message = RATE) @DecimalMax(value = "0.5", message = RATE)
            Double rate,

            @Known(Vocabulary.VARIANT_CONTEXT) String context,
            @Known(Vocabulary.VARIANT_OVER) String over) {

        /** A variant over an injected copy of the names (refined), or of no copy (original, injected). */
        public SchemaVariantRequest(String kind, Long seed, Double rate, String context) {
            this(kind, seed, rate, context, null);
        }

        /** Whether a refined variant repairs the team's own names ({@code over: original}, or {@code rate: 0}). */
        public boolean overOriginal() {
            boolean refined = kind != null && kind.trim().equalsIgnoreCase("refined");
            return refined
                    && ((over != null && over.trim().equalsIgnoreCase("original"))
                            || (rate != null
                                    && rate == 0
                                    && (over == null || !over.trim().equalsIgnoreCase("injected"))));
        }

        static final String RATE =
                "must be above 0 and at most 0.5 (the share of columns renamed per ambiguity " + "type)";
    }

    /**
     * A registered database ({@code databaseId}) or an inline one ({@code kind}, {@code jdbcUrl}, {@code user},
     * {@code password}).
     */
    public record DatabaseRequest(
            @Size(max = ID, message = TOO_LONG) @Known(Vocabulary.DIALECT)
            String kind,

            @Size(max = CONNECTION, message = TOO_LONG) String jdbcUrl,
            @Size(max = CONNECTION, message = TOO_LONG) String user,
            @Size(max = CONNECTION, message = TOO_LONG) String password,
            @Size(max = ID, message = TOO_LONG) String databaseId) {}

    /**
     * {@code cacheAnswers}: replay the answer the model gave this team before to the same call (true), never (false);
     * unset, at temperature 0 only.
     */
    public record ModelRequest(
            @NotBlank @Size(max = NAME, message = TOO_LONG) String label,
            @NotBlank @Size(max = NAME, message = TOO_LONG) String backend,
            @Size(max = NAME, message = TOO_LONG) String model,
            Double temperature,
            Integer maxTokens,
            Long seed,
            Boolean cacheAnswers) {}

    public record PromptOptionsRequest(
            Boolean includeKeys,
            @Min(0) Integer sampleValues,
            @Min(0) Integer shots,
            @Known(Vocabulary.SHOT_SELECTION) String shotSelection,
            Long shotSeed,
            @Min(0) Integer maxPromptTokens) {}

    /** {@code hardness}: the dataset's own hardness label of the question (easy, medium, hard or extra; optional). */
    public record QuestionRequest(
            @NotBlank @Size(max = ID, message = TOO_LONG) String id,

            @NotBlank @Size(max = QUESTION, message = TOO_LONG)
            String question,

            @NotBlank @Size(max = SQL, message = TOO_LONG) String goldSql,

            @Size(max = ID, message = TOO_LONG) @Known(Vocabulary.HARDNESS)
            String hardness) {}

    /**
     * {@code level}: the naturalness level the SQL was written at (optional: every level of the job);
     * {@code predictedSql} as the model answered, Markdown fences and prose around the query taken off as the
     * platform's own model answers are.
     */
    public record PredictionRequest(
            @NotBlank @Size(max = ID, message = TOO_LONG) String questionId,

            @NotNull(message = "missing (use \"\" for an empty answer, with allowInvalidPredictions)")
            @Size(max = SQL, message = TOO_LONG)
            String predictedSql,

            @Size(max = ID, message = TOO_LONG) @Known(Vocabulary.LEVEL)
            String level) {}
}
