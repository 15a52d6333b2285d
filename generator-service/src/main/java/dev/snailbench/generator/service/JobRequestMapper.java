package dev.snailbench.generator.service;

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
import dev.snailbench.model.request.JobRequest;
import dev.snailbench.model.request.JobRequest.DatabaseRequest;
import dev.snailbench.model.request.JobRequest.PromptOptionsRequest;
import dev.snailbench.workbench.refiner.JobVariant;
import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import dev.snailbench.workbench.refiner.OfflinePackager;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * A valid job request (its constraints and {@code JobRules} checked) as the job's event, {@link JobSpec}: defaults
 * filled in, words read into the platform's types, an inline database password sealed.
 */
public final class JobRequestMapper {

    /** The share of columns a variant renames per ambiguity type when the job does not say. */
    static final double DEFAULT_VARIANT_RATE = 0.10;

    private JobRequestMapper() {}

    /**
     * @param tenantId  the submitting tenant: an inline database password is sealed bound to it
     *                  ({@link SecretCipher#inlineBinding}), so only that tenant's work items open it in the executor
     * @param questions the job's questions (inline, or its question set's)
     */
    public static JobSpec toSpec(String tenantId, JobRequest request, SecretCipher cipher, List<Question> questions) {
        SqlDialect dialect = SqlDialect.fromId(request.dialect());
        DatabaseRef database = database(request.database(), dialect, cipher, tenantId);
        if (database != null && request.nativeSchema() != null) {
            // The schema the prompts show unqualified is where the executor resolves the job's unqualified names.
            database = database.withSchema(request.nativeSchema());
        }
        return new JobSpec(
                request.name(),
                database,
                dialect,
                models(request),
                levels(request.levels()),
                promptOptions(request.promptOptions()),
                schemaId(request),
                questions,
                predictions(request),
                null,
                evaluation(request),
                request.stallTimeoutSeconds());
    }

    /** The built-in schema the job names, or null. */
    static String schemaId(JobRequest request) {
        return request.schemaId() == null || request.schemaId().isBlank() ? null : request.schemaId();
    }

    /** The id of the registered database the job runs on, or null when it names none. */
    public static UUID registeredDatabase(JobRequest request) {
        return request.onRegisteredDatabase()
                ? UUID.fromString(request.database().databaseId().trim())
                : null;
    }

    /** Whether the job's prompts or level names come from the team's registered database. */
    public static boolean needsTeamSchema(JobRequest request) {
        return request.crosswalkId() != null
                || request.schemaVariant() != null
                || (request.onRegisteredDatabase() && schemaId(request) == null && request.asksModels());
    }

    /** The job's schema variant, or null when it names none. */
    public static JobVariant schemaVariant(JobRequest request) {
        JobRequest.SchemaVariantRequest v = request.schemaVariant();
        if (v == null) {
            return null;
        }
        Variant kind = Variant.valueOf(v.kind().trim().toUpperCase(Locale.ROOT));
        if (v.overOriginal()) {
            return new JobVariant(kind, 0, 0, OfflinePackager.Context.parse(v.context()));
        }
        return new JobVariant(
                kind,
                v.seed() == null ? 1 : v.seed(),
                v.rate() == null ? DEFAULT_VARIANT_RATE : v.rate(),
                OfflinePackager.Context.parse(v.context()));
    }

    private static DatabaseRef database(DatabaseRequest db, SqlDialect dialect, SecretCipher cipher, String tenantId) {
        if (db == null) {
            // A linking-only job: predictions are scored on schema linking and query characteristics, nothing runs.
            return null;
        }
        if (db.databaseId() != null && !db.databaseId().isBlank()) {
            return new DatabaseRef(dialect, null, null, null, db.databaseId());
        }
        return new DatabaseRef(
                SqlDialect.fromId(db.kind()),
                db.jdbcUrl(),
                db.user(),
                cipher.seal(db.password(), SecretCipher.inlineBinding(tenantId)),
                null);
    }

    private static List<ModelRef> models(JobRequest request) {
        List<ModelRef> models = new ArrayList<>();
        if (request.model() != null) {
            models.add(ModelRef.replay(request.model()));
        }
        if (request.models() != null) {
            request.models()
                    .forEach(m -> models.add(new ModelRef(
                            m.label(),
                            m.backend(),
                            m.model(),
                            m.temperature(),
                            m.maxTokens(),
                            m.seed(),
                            m.cacheAnswers())));
        }
        return models;
    }

    /** The job's levels in the order given, each once; Native when none. */
    static List<NaturalnessLevel> levels(List<String> levels) {
        if (levels == null || levels.isEmpty()) {
            return List.of(NaturalnessLevel.NATIVE);
        }
        LinkedHashSet<NaturalnessLevel> parsed = new LinkedHashSet<>();
        levels.forEach(level -> parsed.add(NaturalnessLevel.fromLabel(level)));
        return List.copyOf(parsed);
    }

    /** {@code linking} and {@code goldScreening}, each defaulted when absent. */
    static EvaluationOptions evaluation(JobRequest request) {
        return new EvaluationOptions(
                request.linking() == null ? null : EvaluationOptions.Linking.fromId(request.linking()),
                request.goldScreening() == null
                        ? null
                        : EvaluationOptions.GoldScreening.fromId(request.goldScreening()));
    }

    private static PromptOptions promptOptions(PromptOptionsRequest o) {
        if (o == null) {
            return PromptOptions.ZERO_SHOT;
        }
        return new PromptOptions(
                Boolean.TRUE.equals(o.includeKeys()),
                orZero(o.sampleValues()),
                orZero(o.shots()),
                o.shotSelection() == null ? "random" : o.shotSelection(),
                o.shotSeed() == null ? 0 : o.shotSeed(),
                orZero(o.maxPromptTokens()));
    }

    private static List<Prediction> predictions(JobRequest request) {
        if (request.predictions() == null) {
            return List.of();
        }
        return request.predictions().stream()
                .map(p -> new Prediction(
                        p.questionId(),
                        p.predictedSql(),
                        p.level() == null ? null : NaturalnessLevel.fromLabel(p.level())))
                .toList();
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }
}
