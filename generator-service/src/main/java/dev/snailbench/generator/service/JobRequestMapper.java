package dev.snailbench.generator.service;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.generator.service.JobRequest.DatabaseRequest;
import dev.snailbench.generator.service.JobRequest.ModelRequest;
import dev.snailbench.generator.service.JobRequest.PredictionRequest;
import dev.snailbench.generator.service.JobRequest.PromptOptionsRequest;
import dev.snailbench.generator.service.JobRequest.QuestionRequest;
import dev.snailbench.generator.service.JobRequest.QuestionSetRequest;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.workbench.refiner.JobVariant;
import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import dev.snailbench.workbench.refiner.OfflinePackager;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.Prediction;
import dev.snailbench.model.domain.PromptOptions;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.target.InvalidTarget;
import dev.snailbench.model.target.TargetSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Validates a job request field by field and turns it into a {@link JobSpec}. The first problem found is
 * reported with its JSON path ({@code questions[3].goldSql}), so a user can fix it without guessing.
 */
public final class JobRequestMapper {

    private JobRequestMapper() {
    }

    /**
     * @param tenantId the submitting tenant: an inline database password is sealed bound to it
     *                 ({@link SecretCipher#inlineBinding}), so only that tenant's work items open it in the executor
     */
    public static JobSpec toSpec(String tenantId, JobRequest request, SecretCipher cipher, int maxWorkItems,
            Function<String, Boolean> crosswalkExists, Function<QuestionSetRequest, List<Question>> questionSets) {
        if (request == null) {
            throw InvalidInput.of("body", "a job needs a JSON body");
        }
        JobRequestLimits.check(request);
        String name = required(request.name(), "name");
        SqlDialect dialect = parse(() -> SqlDialect.fromId(required(request.dialect(), "dialect")), "dialect");
        DatabaseRef database = database(request.database(), dialect, cipher, tenantId);
        List<ModelRef> models = models(request);
        List<NaturalnessLevel> levels = levels(request.levels());
        String schemaId = request.schemaId() == null || request.schemaId().isBlank() ? null : request.schemaId();
        checkTeamSchema(request, schemaId, database, models);
        checkVariant(request, schemaId, levels);
        if (levels.stream().anyMatch(l -> l != NaturalnessLevel.NATIVE) && request.crosswalkId() == null) {
            if (schemaId == null) {
                throw InvalidInput.of("schemaId", "levels other than Native need a crosswalk that "
                        + "renames the identifiers: a built-in one (schemaId) or yours (crosswalkId)");
            }
            if (!crosswalkExists.apply(schemaId)) {
                throw InvalidInput.of("schemaId", "no crosswalk for schema '" + schemaId + "'");
            }
        }
        List<Question> questions = questions(request, questionSets);
        List<Prediction> predictions = predictions(request.predictions(), questions, models, levels);
        JobSpec spec = new JobSpec(name, database, dialect, models, levels, promptOptions(request.promptOptions()),
                schemaId, questions, predictions, null, evaluation(request),
                stallTimeout(request.stallTimeoutSeconds()));
        if (spec.workItemCount() > maxWorkItems) {
            throw InvalidInput.of("questions", "the job has " + spec.workItemCount()
                    + " work items (questions × models × levels); at most " + maxWorkItems + " are accepted");
        }
        return spec;
    }

    /**
     * A team's own schema is read from its registered database: a tenant crosswalk or models on such a database
     * without a built-in schema need the database's id and the schema to read.
     */
    private static void checkTeamSchema(JobRequest request, String schemaId, DatabaseRef database,
            List<ModelRef> models) {
        boolean registered = database != null && database.databaseId() != null;
        boolean asksModels = models.stream().anyMatch(m -> !m.isReplay());
        if (request.crosswalkId() != null) {
            if (schemaId != null) {
                throw InvalidInput.of("crosswalkId", "name either a built-in schemaId or your crosswalkId, "
                        + "not both");
            }
            if (!registered) {
                throw InvalidInput.of("database.databaseId", "a job with your crosswalk runs on your "
                        + "registered database (POST /databases on the executor)");
            }
        }
        if (request.schemaVariant() != null && !registered) {
            throw InvalidInput.of("database.databaseId", "a job on a schema variant runs on your "
                    + "registered database (POST /databases on the executor), whose schema the variant renames");
        }
        boolean needsSchema = request.crosswalkId() != null || request.schemaVariant() != null
                || (asksModels && registered && schemaId == null);
        registeredDatabase(request);
        if (needsSchema && (request.nativeSchema() == null || request.nativeSchema().isBlank())) {
            throw InvalidInput.of("nativeSchema", "missing: models, a crosswalk or a schema variant on your registered database "
                    + "need the schema to read (a plain schema name, e.g. public)");
        }
        if (needsSchema && !request.nativeSchema().matches("[A-Za-z_][A-Za-z0-9_]{0,127}")) {
            throw InvalidInput.of("nativeSchema", "'" + request.nativeSchema() + "' is not a plain schema "
                    + "name (letters, digits and _, e.g. public)");
        }
    }

    /**
     * The id of the registered database the job runs on, or null when it names none (an inline JDBC URL, or a
     * linking-only job); an id that is not a UUID is a 400 naming {@code database.databaseId}.
     */
    public static UUID registeredDatabase(JobRequest request) {
        String id = request.database() == null ? null : request.database().databaseId();
        if (id == null || id.isBlank()) {
            return null;
        }
        try {
            return UUID.fromString(id.trim());
        } catch (IllegalArgumentException e) {
            throw InvalidInput.of("database.databaseId", "'" + id + "' is not the id of a registered "
                    + "database (a UUID from POST /databases on the executor)");
        }
    }

    /** Whether the job's prompts or level names come from the team's registered database. */
    public static boolean needsTeamSchema(JobRequest request, JobSpec spec) {
        boolean registered = spec.database() != null && spec.database().databaseId() != null;
        return request.crosswalkId() != null || request.schemaVariant() != null || (registered
                && spec.schemaId() == null && spec.models().stream().anyMatch(m -> !m.isReplay()));
    }

    /** A schema variant renames the native names itself: no crosswalk, no built-in schema, the Native level only. */
    private static void checkVariant(JobRequest request, String schemaId, List<NaturalnessLevel> levels) {
        if (request.schemaVariant() == null) {
            return;
        }
        if (request.crosswalkId() != null || schemaId != null) {
            throw InvalidInput.of("schemaVariant", "a schema variant renames your database's own names: "
                    + "name no crosswalkId or schemaId with it");
        }
        if (!levels.equals(List.of(NaturalnessLevel.NATIVE))) {
            throw InvalidInput.of("levels", "a job on a schema variant is asked at the Native level "
                    + "only (the variant's names are what the model sees)");
        }
        schemaVariant(request);
    }

    /**
     * The job's schema variant, validated ({@code schemaVariant.kind}, {@code .seed}, {@code .rate},
     * {@code .context}), or null when it names none.
     */
    public static JobVariant schemaVariant(JobRequest request) {
        JobRequest.SchemaVariantRequest v = request.schemaVariant();
        if (v == null) {
            return null;
        }
        String kind = required(v.kind(), "schemaVariant.kind");
        Variant parsed = switch (kind.trim().toLowerCase(Locale.ROOT)) {
            case "original" -> Variant.ORIGINAL;
            case "injected" -> Variant.INJECTED;
            case "refined" -> Variant.REFINED;
            default -> throw InvalidInput.of("schemaVariant.kind", "unknown kind '" + kind
                    + "' (original, injected or refined)");
        };
        if (parsed == Variant.ORIGINAL && (v.seed() != null || v.rate() != null || v.context() != null)) {
            throw InvalidInput.of(v.rate() != null ? "schemaVariant.rate" : v.seed() != null
                    ? "schemaVariant.seed" : "schemaVariant.context", "the original schema injects nothing: "
                    + "give seed, rate and context only with injected or refined");
        }
        double rate = v.rate() == null ? DEFAULT_VARIANT_RATE : v.rate();
        if (!(rate > 0 && rate <= 0.5)) {
            throw InvalidInput.of("schemaVariant.rate", "must be above 0 and at most 0.5 (the share of "
                    + "columns renamed per ambiguity type)");
        }
        if (v.context() != null && parsed != Variant.REFINED) {
            throw InvalidInput.of("schemaVariant.context", "only a refined variant has a context "
                    + "(the words its offline packager may expand an abbreviation to)");
        }
        OfflinePackager.Context context;
        try {
            context = OfflinePackager.Context.parse(v.context());
        } catch (IllegalArgumentException e) {
            throw InvalidInput.of("schemaVariant.context", "unknown context '" + v.context()
                    + "' (schema, community or table)");
        }
        return new JobVariant(parsed, v.seed() == null ? 1 : v.seed(), rate, context);
    }

    /** The share of columns a variant renames per ambiguity type when the job does not say. */
    static final double DEFAULT_VARIANT_RATE = 0.10;

    private static DatabaseRef database(DatabaseRequest db, SqlDialect dialect, SecretCipher cipher,
            String tenantId) {
        if (db == null) {
            // A linking-only job: predictions are scored on schema linking and query characteristics, nothing runs.
            return null;
        }
        if (db.databaseId() != null && !db.databaseId().isBlank()) {
            return new DatabaseRef(dialect, null, null, null, db.databaseId());
        }
        SqlDialect kind = parse(() -> SqlDialect.fromId(required(db.kind(), "database.kind")), "database.kind");
        String url = required(db.jdbcUrl(), "database.jdbcUrl");
        try {
            // The executor's own parsing: one host, no credentials, only the allowlisted driver properties. (Where the
            // address may be is the executor's rule: it refuses the item if not allowed.)
            TargetSpec.parse(kind, url, Map.of(), "database.jdbcUrl", "database.options");
        } catch (InvalidTarget e) {
            throw InvalidInput.of(e.field(), e.getMessage());
        }
        if (kind != dialect) {
            throw InvalidInput.of("dialect", "dialect " + dialect.id() + " does not match the "
                    + kind.id() + " database");
        }
        String user = required(db.user(), "database.user");
        if (db.password() == null) {
            throw InvalidInput.of("database.password", "missing (use \"\" for none)");
        }
        return new DatabaseRef(kind, url, user, cipher.seal(db.password(), SecretCipher.inlineBinding(tenantId)), null);
    }

    private static List<ModelRef> models(JobRequest request) {
        List<ModelRef> models = new ArrayList<>();
        if (request.model() != null) {
            models.add(ModelRef.replay(required(request.model(), "model")));
        }
        List<ModelRequest> listed = request.models() == null ? List.of() : request.models();
        for (int i = 0; i < listed.size(); i++) {
            ModelRequest m = listed.get(i);
            String at = "models[" + i + "]";
            if (m == null) {
                throw InvalidInput.of(at, "null model");
            }
            models.add(new ModelRef(required(m.label(), at + ".label"), required(m.backend(), at + ".backend"),
                    m.model(), m.temperature(), m.maxTokens(), m.seed(), m.cacheAnswers()));
        }
        if (models.isEmpty()) {
            throw InvalidInput.of("model", "name the model: \"model\" (recorded predictions) or "
                    + "\"models\" (backends)");
        }
        Set<String> labels = new HashSet<>();
        for (ModelRef m : models) {
            if (!labels.add(m.label())) {
                throw InvalidInput.of("models", "model label '" + m.label() + "' is used twice");
            }
        }
        return models;
    }

    private static List<NaturalnessLevel> levels(List<String> levels) {
        if (levels == null || levels.isEmpty()) {
            return List.of(NaturalnessLevel.NATIVE);
        }
        Set<NaturalnessLevel> parsed = new LinkedHashSet<>();
        for (int i = 0; i < levels.size(); i++) {
            int index = i;
            parsed.add(parse(() -> NaturalnessLevel.fromLabel(levels.get(index)), "levels[" + i + "]"));
        }
        return List.copyOf(parsed);
    }

    /** {@code linking} and {@code goldScreening}, each defaulted when absent; an unknown value is a 400 naming it. */
    static EvaluationOptions evaluation(JobRequest request) {
        EvaluationOptions.Linking linking = request.linking() == null ? null
                : parse(() -> EvaluationOptions.Linking.fromId(request.linking()), "linking");
        EvaluationOptions.GoldScreening screening = request.goldScreening() == null ? null
                : parse(() -> EvaluationOptions.GoldScreening.fromId(request.goldScreening()), "goldScreening");
        return new EvaluationOptions(linking, screening);
    }

    private static Integer stallTimeout(Integer seconds) {
        long shortest = JobWatchdog.SHORTEST_STALL_TIMEOUT.toSeconds();
        long longest = JobWatchdog.LONGEST_STALL_TIMEOUT.toSeconds();
        if (seconds != null && (seconds < shortest || seconds > longest)) {
            // Shorter than a model's answer would fail a healthy job; the watchdog acts on its sweeps, so the items
            // fail up to one sweep (snailbench.watchdog.every) after the deadline.
            throw InvalidInput.of("stallTimeoutSeconds", "must be between " + shortest + " and " + longest
                    + " seconds, was " + seconds);
        }
        return seconds;
    }

    private static PromptOptions promptOptions(PromptOptionsRequest o) {
        if (o == null) {
            return PromptOptions.ZERO_SHOT;
        }
        String selection = o.shotSelection() == null ? "random" : o.shotSelection();
        if (!selection.equals("random") && !selection.equals("similar")) {
            throw InvalidInput.of("promptOptions.shotSelection", "random or similar");
        }
        return new PromptOptions(Boolean.TRUE.equals(o.includeKeys()), nonNegative(o.sampleValues(),
                "promptOptions.sampleValues"), nonNegative(o.shots(), "promptOptions.shots"), selection,
                o.shotSeed() == null ? 0 : o.shotSeed(), nonNegative(o.maxPromptTokens(),
                        "promptOptions.maxPromptTokens"));
    }

    private static List<Question> questions(JobRequest request,
            Function<QuestionSetRequest, List<Question>> questionSets) {
        if (request.questionSet() != null) {
            if (request.questions() != null) {
                throw InvalidInput.of("questionSet", "give either questions or a questionSet, not both");
            }
            List<Question> set = questionSets.apply(request.questionSet());
            JobRequestLimits.check(set);
            return set;
        }
        List<QuestionRequest> questions = request.questions();
        if (questions == null || questions.isEmpty()) {
            throw InvalidInput.of("questions", "a job needs at least one question (or a questionSet)");
        }
        List<Question> result = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < questions.size(); i++) {
            QuestionRequest q = questions.get(i);
            String at = "questions[" + i + "]";
            if (q == null) {
                throw InvalidInput.of(at, "null question");
            }
            String id = required(q.id(), at + ".id");
            if (!ids.add(id)) {
                throw InvalidInput.of(at + ".id", "question id '" + id + "' is used twice");
            }
            result.add(new Question(id, required(q.question(), at + ".question"), required(q.goldSql(),
                    at + ".goldSql"), parse(() -> Question.hardnessLabel(q.hardness()), at + ".hardness")));
        }
        return result;
    }

    private static List<Prediction> predictions(List<PredictionRequest> predictions, List<Question> questions,
            List<ModelRef> models, List<NaturalnessLevel> levels) {
        if (predictions == null || predictions.isEmpty()) {
            return List.of();
        }
        if (models.stream().noneMatch(ModelRef::isReplay)) {
            throw InvalidInput.of("predictions", "recorded predictions need a replay model "
                    + "(\"model\": \"<label>\")");
        }
        Set<String> known = new HashSet<>();
        questions.forEach(q -> known.add(q.id()));
        Set<String> seen = new HashSet<>();
        List<Prediction> result = new ArrayList<>();
        for (int i = 0; i < predictions.size(); i++) {
            PredictionRequest p = predictions.get(i);
            String at = "predictions[" + i + "]";
            if (p == null) {
                throw InvalidInput.of(at, "null prediction");
            }
            String qid = required(p.questionId(), at + ".questionId");
            if (!known.contains(qid)) {
                throw InvalidInput.of(at + ".questionId", "no question with id '" + qid + "'");
            }
            NaturalnessLevel level = p.level() == null ? null
                    : parse(() -> NaturalnessLevel.fromLabel(p.level()), at + ".level");
            if (level != null && !levels.contains(level)) {
                throw InvalidInput.of(at + ".level", "the job has no level " + level.label()
                        + " (levels: " + levels.stream().map(NaturalnessLevel::label).toList() + ")");
            }
            if (!seen.add(Prediction.key(qid, level))) {
                throw InvalidInput.of(at + ".questionId", "question '" + qid + "' has two predictions"
                        + (level == null ? "" : " at level " + level.label()));
            }
            if (p.predictedSql() == null) {
                throw InvalidInput.of(at + ".predictedSql", "missing (use \"\" for an empty answer)");
            }
            result.add(new Prediction(qid, p.predictedSql(), level));
        }
        return result;
    }

    private static String required(String value, String field) {
        if (value == null || value.isBlank()) {
            throw InvalidInput.of(field, "missing or blank");
        }
        return value;
    }

    private static int nonNegative(Integer value, String field) {
        if (value == null) {
            return 0;
        }
        if (value < 0) {
            throw InvalidInput.of(field, "must not be negative");
        }
        return value;
    }

    /** The parser's value, or a 400 naming the field with the parser's message (also for question sets). */
    static <T> T parse(Supplier<T> parser, String field) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw InvalidInput.of(field, e.getMessage());
        }
    }
}
