package dev.snailbench.inference.service;

import dev.snailbench.inference.InferenceException;
import dev.snailbench.inference.client.ModelCall;
import dev.snailbench.inference.client.ModelClient;
import dev.snailbench.inference.config.InferenceConfig;
import dev.snailbench.inference.prompt.PromptBuilder;
import dev.snailbench.inference.repository.InferenceRecord;
import dev.snailbench.inference.schema.LeveledSchema;
import dev.snailbench.inference.schema.SchemaCatalog;
import dev.snailbench.inference.schema.VariantNames;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.sql.SqlExtractor;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.sql.rewrite.NameMapping;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Produces a work item's answer and fills the record as it goes (prompt, raw answer, tokens, cost), so a
 * failure late in the pipeline still leaves everything learned before it in the record. Replay items answer
 * with their recorded prediction; others ask their backend. Either way the SQL is denaturalized to native names
 * when the item's level is not Native.
 */
@ApplicationScoped
public class Answerer {

    private final PromptBuilder prompts;
    private final SchemaCatalog schemas;
    private final ModelClient models;
    private final Vertx vertx;
    private final InferenceConfig config;
    private final IdentifierRewriter rewriter;

    public Answerer(
            PromptBuilder prompts,
            SchemaCatalog schemas,
            ModelClient models,
            Vertx vertx,
            InferenceConfig config,
            IdentifierRewriter rewriter) {
        this.rewriter = rewriter;
        this.prompts = prompts;
        this.schemas = schemas;
        this.models = models;
        this.vertx = vertx;
        this.config = config;
    }

    /** @param team the team's own schema and crosswalk, when the job was made on a registered database */
    public Uni<Void> answer(WorkItem item, TeamSchema team, InferenceRecord record) {
        if (item.model() == null) {
            return Uni.createFrom().failure(new InferenceException("work item has no model"));
        }
        return item.model().isReplay() ? replay(item, team, record) : ask(item, team, record);
    }

    private Uni<Void> replay(WorkItem item, TeamSchema team, InferenceRecord record) {
        String recorded = item.recordedPrediction();
        if (recorded == null) {
            return Uni.createFrom()
                    .failure(new InferenceException("no recorded prediction for question " + item.questionId()));
        }
        record.rawAnswer = recorded;
        String sql;
        try {
            // A prediction recorded with its Markdown fence is unwrapped as a model's answer is.
            sql = SqlExtractor.recorded(recorded);
        } catch (SqlExtractor.NoSql e) {
            return Uni.createFrom().failure(new InferenceException("recorded prediction: " + e.getMessage()));
        }
        return toNative(item, team, sql.strip(), record);
    }

    private Uni<Void> ask(WorkItem item, TeamSchema team, InferenceRecord record) {
        return blocking(() -> prompts.build(item, team))
                .chain(prompt -> {
                    record.prompt = prompt.text();
                    ModelCall call = models.callFor(item.model(), prompt.text());
                    record.model = call.model();
                    return models.complete(record.tenantId, call, prompt.estimatedTokens());
                })
                .chain(completion -> {
                    record.rawAnswer = completion.text();
                    record.rawResponse = completion.rawResponse();
                    record.promptTokens = completion.promptTokens();
                    record.completionTokens = completion.completionTokens();
                    record.costUsd = completion.costUsd() == null ? null : BigDecimal.valueOf(completion.costUsd());
                    record.latencyMillis = completion.latencyMillis();
                    record.cached = completion.cached();
                    String sql;
                    try {
                        sql = SqlExtractor.extract(completion.text());
                    } catch (SqlExtractor.NoSql e) {
                        throw new InferenceException(e.getMessage());
                    }
                    return toNative(item, team, sql, record);
                });
    }

    /**
     * Denaturalizes the SQL when the item's level is not Native, or maps it from a schema variant's names back to the
     * physical ones (the same rewriter, a mapping per table); sets the record's predicted SQL.
     */
    private Uni<Void> toNative(WorkItem item, TeamSchema team, String sql, InferenceRecord record) {
        NaturalnessLevel level = item.level() == null ? NaturalnessLevel.NATIVE : item.level();
        boolean variant = VariantNames.of(team);
        if (level == NaturalnessLevel.NATIVE && !variant) {
            record.predictedSql = sql;
            return Uni.createFrom().voidItem();
        }
        return blocking(() -> {
                    NameMapping mapping;
                    if (variant) {
                        // The generator refuses other levels with a variant: its names are the ones the prompt showed.
                        mapping = VariantNames.back(team);
                    } else {
                        LeveledSchema schema = schemas.resolve(item.schemaId(), team);
                        if (schema.crosswalk().entries().isEmpty()) {
                            throw new InferenceException("schema " + schema.name() + " has no crosswalk: cannot map "
                                    + level.label() + " names back to native ones");
                        }
                        mapping = schema.crosswalk().mapping(level, NaturalnessLevel.NATIVE);
                    }
                    IdentifierRewriter.Result r;
                    try {
                        r = rewriter.rewriteOrTokens(sql, item.dialect(), mapping);
                    } catch (RuntimeException e) {
                        throw new InferenceException(
                                "cannot denaturalize the predicted SQL: " + Failures.message(e), e);
                    }
                    List<String> unmapped = new ArrayList<>(r.unknown());
                    r.ambiguous().forEach(a -> unmapped.add(a + " (ambiguous)"));
                    record.unknownIdentifiers = unmapped.isEmpty() ? null : String.join(", ", unmapped);
                    record.denaturalization = r.method();
                    return r.sql();
                })
                .invoke(nativeSql -> record.predictedSql = nativeSql)
                .replaceWithVoid();
    }

    /** Runs file reads and JSqlParser on a worker thread, back on the caller's context afterwards. */
    private <T> Uni<T> blocking(Supplier<T> work) {
        return vertx.executeBlocking(Uni.createFrom().item(work), false)
                .ifNoItem()
                .after(config.parseTimeout())
                .failWith(() -> new InferenceException(
                        "prompt or SQL processing took longer than "
                                + config.parseTimeout().toSeconds() + " s",
                        new TimeoutException()));
    }
}
