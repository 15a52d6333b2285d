package dev.snailbench.workbench.rest;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.workbench.views.NaturalViewService;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Natural views: {@code POST /natural-views} generates (and with {@code apply: true} creates) a view schema
 * exposing a registered database ({@code databaseId}) under a crosswalk level's names; {@code POST /natural-views/rewrite} turns a
 * native-name query into the same query on the views.
 */
@Path("/natural-views")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class NaturalViewResource {


    public record ViewsRequest(UUID crosswalkId, UUID databaseId, String nativeSchema, String viewSchema,
            String level, Boolean apply) {
    }

    public record RewriteRequest(UUID crosswalkId, String sql, String dialect, String level, String viewSchema) {
    }

    public record Rewritten(String sql) {
    }

    private final Caller caller;
    private final NaturalViewService views;

    public NaturalViewResource(Caller caller, NaturalViewService views) {
        this.caller = caller;
        this.views = views;
    }

    @Operation(operationId = "createNaturalViews", summary = "Build natural views of a registered database with a crosswalk")
    @APIResponse(responseCode = "200", description = "the DDL (and whether it was applied)")
    @POST
    public Uni<NaturalViewService.Result> create(ViewsRequest body) {
        String tenant = caller.tenantId();
        if (body == null) {
            throw InvalidInput.of("body", "a JSON object is required");
        }
        require(body.crosswalkId(), "crosswalkId");
        require(body.databaseId(), "databaseId");
        return views.generate(tenant, body.crosswalkId(), body.databaseId(),
                ViewSchemaNames.of(body.nativeSchema(), "nativeSchema", null), ViewSchemaNames.of(body.viewSchema(), "viewSchema",
                        "db_nl"), level(body.level()), Boolean.TRUE.equals(body.apply()));
    }

    @Operation(operationId = "rewriteNaturalViewSql", summary = "Map SQL written on natural views back to physical names")
    @APIResponse(responseCode = "200", description = "the rewritten SQL")
    @POST
    @Path("/rewrite")
    public Uni<Rewritten> rewrite(RewriteRequest body) {
        String tenant = caller.tenantId();
        if (body == null) {
            throw InvalidInput.of("body", "a JSON object is required");
        }
        require(body.crosswalkId(), "crosswalkId");
        if (body.sql() == null || body.sql().isBlank()) {
            throw InvalidInput.of("sql", "a non-empty SQL query is required");
        }
        SqlDialect dialect;
        try {
            dialect = body.dialect() == null ? SqlDialect.POSTGRESQL : SqlDialect.fromId(body.dialect());
        } catch (IllegalArgumentException e) {
            throw InvalidInput.of("dialect", e.getMessage());
        }
        return views.rewrite(tenant, body.crosswalkId(), body.sql(), level(body.level()),
                ViewSchemaNames.of(body.viewSchema(), "viewSchema", "db_nl"), dialect).map(Rewritten::new);
    }

    private static void require(Object value, String field) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            throw InvalidInput.of(field, "is required");
        }
    }

    private static NaturalnessLevel level(String value) {
        try {
            return value == null ? NaturalnessLevel.REGULAR : NaturalnessLevel.fromLabel(value);
        } catch (IllegalArgumentException e) {
            throw InvalidInput.of("level", e.getMessage());
        }
    }
}
