package dev.snailbench.workbench.rest;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.request.Known;
import dev.snailbench.model.request.Vocabulary;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.workbench.embedding.EmbeddingBackends;
import dev.snailbench.workbench.refiner.OfflinePackager;
import dev.snailbench.workbench.refiner.SchemaRefiner;
import dev.snailbench.workbench.refiner.Thresholds;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Schema-Refiner on a registered database ({@code databaseId}, one {@code nativeSchema}):
 * {@code POST /refiner/analyses} finds homonyms, synonyms and irregular names with their evidence;
 * {@code POST /refiner/views} returns (and with {@code apply: true} creates) the view layer with canonical names;
 * {@code POST /refiner/injections} builds an ambiguous variant (renamings, ground truth, the variant's view DDL,
 * SQL rewritten to it); {@code POST /refiner/rewrite} maps SQL on a view layer back to the physical names.
 */
@Path("/refiner")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class SchemaRefinerResource {

    /** Cosine similarities, each between 0 and 1; absent ones take the refiner's defaults. */
    public record ThresholdsBody(
            @DecimalMin(value = "0", message = UNIT) @DecimalMax(value = "1", message = UNIT)
            Double irregular,

            @DecimalMin(value = "0", message = UNIT) @DecimalMax(value = "1", message = UNIT)
            Double synonym,

            @DecimalMin(value = "0", message = UNIT) @DecimalMax(value = "1", message = UNIT)
            Double homonym) {

        static final String UNIT = "must be between 0 and 1 (a cosine similarity)";
    }

    /** {@code packages}: offline (default) or llm; {@code context}: schema, community or table (offline only). */
    public record AnalysisRequest(
            @NotNull UUID databaseId,

            @NotNull @Pattern(regexp = ViewSchemaNames.PLAIN, message = ViewSchemaNames.NOT_PLAIN)
            String nativeSchema,

            @Pattern(regexp = "offline|llm", message = "must be offline or llm")
            String packages,

            String embeddings,
            @Valid ThresholdsBody thresholds,

            @Pattern(regexp = ViewSchemaNames.PLAIN_OR_BLANK, message = ViewSchemaNames.NOT_PLAIN)
            String viewSchema,

            Boolean apply,
            @Known(Vocabulary.VARIANT_CONTEXT) String context) {}

    /**
     * {@code rate}: 0.05 when absent; {@code sql}: queries to rewrite onto the variant; {@code dialect}: postgresql
     * when absent.
     */
    public record InjectionRequest(
            @NotNull UUID databaseId,

            @NotNull @Pattern(regexp = ViewSchemaNames.PLAIN, message = ViewSchemaNames.NOT_PLAIN)
            String nativeSchema,

            @DecimalMin(value = "0", inclusive = false, message = RATE) @DecimalMax(value = "0.5", message = RATE)
            Double rate,

            Long seed,

            @Pattern(regexp = ViewSchemaNames.PLAIN_OR_BLANK, message = ViewSchemaNames.NOT_PLAIN)
            String viewSchema,

            List<@NotBlank String> sql,
            @Known(Vocabulary.DIALECT) String dialect) {

        static final String RATE = "must be above 0 and at most 0.5 (the share of columns renamed per ambiguity type)";
    }

    /** {@code mapping}: the view layer's columns (table → view column → physical column), as views.columns. */
    public record RewriteRequest(
            @NotBlank String sql,
            @Known(Vocabulary.DIALECT) String dialect,

            @NotEmpty(
                    message = "must not be empty: the view layer's columns (table → view column → physical "
                            + "column), as POST /refiner/views returned them in views.columns")
            Map<String, Map<String, String>> mapping) {}

    public record Rewritten(
            String sql,
            List<IdentifierRewriter.Replacement> replaced,
            List<String> unknown,
            List<String> ambiguous,
            String method) {}

    private final Caller caller;
    private final SchemaRefiner refiner;

    public SchemaRefinerResource(Caller caller, SchemaRefiner refiner) {
        this.caller = caller;
        this.refiner = refiner;
    }

    @Operation(
            operationId = "analyseSchemaAmbiguity",
            summary = "Find naming ambiguity in a registered database's schema")
    @APIResponse(responseCode = "200", description = "findings with their evidence")
    @POST
    @Path("/analyses")
    public Uni<SchemaRefiner.Analysis> analyse(@Valid @NotNull AnalysisRequest body) {
        return refiner.analyse(caller.tenantId(), body.databaseId(), body.nativeSchema(), options(body));
    }

    @Operation(operationId = "refineSchemaViews", summary = "Build (or apply) a view layer with canonical names")
    @APIResponse(responseCode = "200", description = "the analysis and the views")
    @POST
    @Path("/views")
    public Uni<SchemaRefiner.Views> views(@Valid @NotNull AnalysisRequest body) {
        String viewSchema = ViewSchemaNames.orDefault(body.viewSchema(), "refined");
        if (viewSchema.equalsIgnoreCase(body.nativeSchema())) {
            throw InvalidInput.of("viewSchema", "must differ from nativeSchema");
        }
        return refiner.views(
                caller.tenantId(),
                body.databaseId(),
                body.nativeSchema(),
                viewSchema,
                Boolean.TRUE.equals(body.apply()),
                options(body));
    }

    @Operation(
            operationId = "injectSchemaAmbiguity",
            summary = "Make an ambiguous variant of a schema with known ground truth")
    @APIResponse(responseCode = "200", description = "the renamings, ground truth and rewritten SQL")
    @POST
    @Path("/injections")
    public Uni<SchemaRefiner.Injection> inject(@Valid @NotNull InjectionRequest body) {
        return refiner.inject(
                caller.tenantId(),
                body.databaseId(),
                body.nativeSchema(),
                body.rate() == null ? 0.05 : body.rate(),
                body.seed() == null ? 1 : body.seed(),
                ViewSchemaNames.orDefault(body.viewSchema(), "ambiguous"),
                body.sql() == null ? List.of() : body.sql(),
                dialect(body.dialect()));
    }

    @Operation(operationId = "rewriteRefinedSql", summary = "Map SQL written on a view layer back to physical names")
    @APIResponse(responseCode = "200", description = "the rewritten SQL")
    @POST
    @Path("/rewrite")
    public Uni<Rewritten> rewrite(@Valid @NotNull RewriteRequest body) {
        return refiner.rewriteBack(body.sql(), dialect(body.dialect()), body.mapping())
                .map(r -> new Rewritten(r.sql(), r.replaced(), r.unknown(), r.ambiguous(), r.method()));
    }

    private SchemaRefiner.Options options(AnalysisRequest b) {
        String packages = b.packages() == null ? "offline" : b.packages();
        if (packages.equals("llm") && !refiner.llmConfigured()) {
            throw InvalidInput.of("packages", "no LLM is configured (snailbench.refiner.llm.base-url)");
        }
        if (b.context() != null && packages.equals("llm")) {
            throw InvalidInput.of(
                    "context", "applies to the offline packager only (the LLM is given each column's community)");
        }
        String embeddings = EmbeddingBackends.parse(
                b.embeddings(), refiner.embeddingsConfigured(), "snailbench.refiner.embeddings.base-url");
        Thresholds d = refiner.defaults();
        ThresholdsBody t = b.thresholds();
        Thresholds thresholds = t == null
                ? d
                : new Thresholds(
                        orDefault(t.irregular(), d.irregular()),
                        orDefault(t.synonym(), d.synonym()),
                        orDefault(t.homonym(), d.homonym()));
        return new SchemaRefiner.Options(packages, embeddings, thresholds, OfflinePackager.Context.parse(b.context()));
    }

    private static double orDefault(Double value, double fallback) {
        return value == null ? fallback : value;
    }

    private static SqlDialect dialect(String value) {
        return value == null ? SqlDialect.POSTGRESQL : SqlDialect.fromId(value);
    }
}
