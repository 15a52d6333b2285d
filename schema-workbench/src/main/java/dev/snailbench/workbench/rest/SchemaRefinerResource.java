package dev.snailbench.workbench.rest;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.workbench.embedding.EmbeddingBackends;
import dev.snailbench.workbench.refiner.OfflinePackager;
import dev.snailbench.workbench.refiner.SchemaRefiner;
import dev.snailbench.workbench.refiner.Thresholds;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import io.smallrye.mutiny.Uni;
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


    public record ThresholdsBody(Double irregular, Double synonym, Double homonym) {
    }

    public record AnalysisRequest(UUID databaseId, String nativeSchema, String packages, String embeddings,
            ThresholdsBody thresholds, String viewSchema, Boolean apply, String context) {
    }

    public record InjectionRequest(UUID databaseId, String nativeSchema, Double rate, Long seed, String viewSchema,
            List<String> sql, String dialect) {
    }

    public record RewriteRequest(String sql, String dialect, Map<String, Map<String, String>> mapping) {
    }

    public record Rewritten(String sql, List<IdentifierRewriter.Replacement> replaced, List<String> unknown,
            List<String> ambiguous, String method) {
    }

    private final Caller caller;
    private final SchemaRefiner refiner;

    public SchemaRefinerResource(Caller caller, SchemaRefiner refiner) {
        this.caller = caller;
        this.refiner = refiner;
    }

    @Operation(operationId = "analyseSchemaAmbiguity", summary = "Find naming ambiguity in a registered database's schema")
    @APIResponse(responseCode = "200", description = "findings with their evidence")
    @POST
    @Path("/analyses")
    public Uni<SchemaRefiner.Analysis> analyse(AnalysisRequest body) {
        String tenant = caller.tenantId();
        AnalysisRequest b = required(body);
        require(b.databaseId(), "databaseId");
        return refiner.analyse(tenant, b.databaseId(), ViewSchemaNames.of(b.nativeSchema(), "nativeSchema", null),
                options(b));
    }

    @Operation(operationId = "refineSchemaViews", summary = "Build (or apply) a view layer with canonical names")
    @APIResponse(responseCode = "200", description = "the analysis and the views")
    @POST
    @Path("/views")
    public Uni<SchemaRefiner.Views> views(AnalysisRequest body) {
        String tenant = caller.tenantId();
        AnalysisRequest b = required(body);
        require(b.databaseId(), "databaseId");
        String nativeSchema = ViewSchemaNames.of(b.nativeSchema(), "nativeSchema", null);
        String viewSchema = ViewSchemaNames.of(b.viewSchema(), "viewSchema", "refined");
        if (viewSchema.equalsIgnoreCase(nativeSchema)) {
            throw InvalidInput.of("viewSchema", "must differ from nativeSchema");
        }
        return refiner.views(tenant, b.databaseId(), nativeSchema, viewSchema, Boolean.TRUE.equals(b.apply()),
                options(b));
    }

    @Operation(operationId = "injectSchemaAmbiguity", summary = "Make an ambiguous variant of a schema with known ground truth")
    @APIResponse(responseCode = "200", description = "the renamings, ground truth and rewritten SQL")
    @POST
    @Path("/injections")
    public Uni<SchemaRefiner.Injection> inject(InjectionRequest body) {
        String tenant = caller.tenantId();
        InjectionRequest b = required(body);
        require(b.databaseId(), "databaseId");
        String nativeSchema = ViewSchemaNames.of(b.nativeSchema(), "nativeSchema", null);
        double rate = b.rate() == null ? 0.05 : b.rate();
        if (!(rate > 0 && rate <= 0.5)) {
            throw InvalidInput.of("rate", "must be above 0 and at most 0.5 (the share of columns "
                    + "renamed per ambiguity type)");
        }
        List<String> sql = b.sql() == null ? List.of() : b.sql();
        for (int i = 0; i < sql.size(); i++) {
            if (sql.get(i) == null || sql.get(i).isBlank()) {
                throw InvalidInput.of("sql[" + i + "]", "must be a non-empty SQL query");
            }
        }
        return refiner.inject(tenant, b.databaseId(), nativeSchema, rate, b.seed() == null ? 1 : b.seed(),
                ViewSchemaNames.of(b.viewSchema(), "viewSchema", "ambiguous"), sql, dialect(b.dialect()));
    }

    @Operation(operationId = "rewriteRefinedSql", summary = "Map SQL written on a view layer back to physical names")
    @APIResponse(responseCode = "200", description = "the rewritten SQL")
    @POST
    @Path("/rewrite")
    public Uni<Rewritten> rewrite(RewriteRequest body) {
        String tenant = caller.tenantId();
        RewriteRequest b = required(body);
        if (b.sql() == null || b.sql().isBlank()) {
            throw InvalidInput.of("sql", "a non-empty SQL query is required");
        }
        if (b.mapping() == null || b.mapping().isEmpty()) {
            throw InvalidInput.of("mapping", "the view layer's columns (table → view column → "
                    + "physical column), as POST /refiner/views returned them in views.columns");
        }
        return refiner.rewriteBack(b.sql(), dialect(b.dialect()), b.mapping())
                .map(r -> new Rewritten(r.sql(), r.replaced(), r.unknown(), r.ambiguous(), r.method()));
    }

    private SchemaRefiner.Options options(AnalysisRequest b) {
        String packages = b.packages() == null ? "offline" : b.packages();
        if (!packages.equals("offline") && !packages.equals("llm")) {
            throw InvalidInput.of("packages", "must be offline or llm");
        }
        if (packages.equals("llm") && !refiner.llmConfigured()) {
            throw InvalidInput.of("packages", "no LLM is configured (snailbench.refiner.llm.base-url)");
        }
        String embeddings = EmbeddingBackends.parse(b.embeddings(), refiner.embeddingsConfigured(),
                "snailbench.refiner.embeddings.base-url");
        Thresholds d = refiner.defaults();
        ThresholdsBody t = b.thresholds();
        Thresholds thresholds = t == null ? d : new Thresholds(
                unit(t.irregular(), d.irregular(), "thresholds.irregular"),
                unit(t.synonym(), d.synonym(), "thresholds.synonym"),
                unit(t.homonym(), d.homonym(), "thresholds.homonym"));
        OfflinePackager.Context context;
        try {
            context = OfflinePackager.Context.parse(b.context());
        } catch (IllegalArgumentException e) {
            throw InvalidInput.of("context", "must be schema, community or table");
        }
        if (b.context() != null && packages.equals("llm")) {
            throw InvalidInput.of("context", "applies to the offline packager only (the LLM is given each column's community)");
        }
        return new SchemaRefiner.Options(packages, embeddings, thresholds, context);
    }

    private static double unit(Double value, double fallback, String field) {
        if (value == null) {
            return fallback;
        }
        if (!(value >= 0 && value <= 1)) {
            throw InvalidInput.of(field, "must be between 0 and 1 (a cosine similarity)");
        }
        return value;
    }

    private static <T> T required(T body) {
        if (body == null) {
            throw InvalidInput.of("body", "a JSON object is required");
        }
        return body;
    }

    private static void require(Object value, String field) {
        if (value == null) {
            throw InvalidInput.of(field, "is required");
        }
    }

    private static SqlDialect dialect(String value) {
        try {
            return value == null ? SqlDialect.POSTGRESQL : SqlDialect.fromId(value);
        } catch (IllegalArgumentException e) {
            throw InvalidInput.of("dialect", e.getMessage());
        }
    }
}
