package dev.snailbench.workbench.rest;

import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.request.Known;
import dev.snailbench.model.request.RequestLimits;
import dev.snailbench.model.request.Vocabulary;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.workbench.views.NaturalViewService;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
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

    /** {@code viewSchema}: db_nl when absent; {@code level}: Regular when absent. */
    public record ViewsRequest(
            @NotNull UUID crosswalkId,
            @NotNull UUID databaseId,

            @NotNull @Pattern(regexp = ViewSchemaNames.PLAIN, message = ViewSchemaNames.NOT_PLAIN)
            String nativeSchema,

            @Pattern(regexp = ViewSchemaNames.PLAIN_OR_BLANK, message = ViewSchemaNames.NOT_PLAIN)
            String viewSchema,

            @Known(Vocabulary.LEVEL) String level,
            Boolean apply) {}

    /** {@code dialect}: postgresql when absent; {@code level}: Regular; {@code viewSchema}: db_nl. */
    public record RewriteRequest(
            @NotNull UUID crosswalkId,

            @NotBlank @Size(max = RequestLimits.SQL, message = RequestLimits.TOO_LONG)
            String sql,

            @Known(Vocabulary.DIALECT) String dialect,
            @Known(Vocabulary.LEVEL) String level,

            @Pattern(regexp = ViewSchemaNames.PLAIN_OR_BLANK, message = ViewSchemaNames.NOT_PLAIN)
            String viewSchema) {}

    public record Rewritten(String sql) {}

    private final Caller caller;
    private final NaturalViewService views;

    public NaturalViewResource(Caller caller, NaturalViewService views) {
        this.caller = caller;
        this.views = views;
    }

    @Operation(
            operationId = "createNaturalViews",
            summary = "Build natural views of a registered database with a crosswalk")
    @APIResponse(responseCode = "200", description = "the DDL (and whether it was applied)")
    @POST
    public Uni<NaturalViewService.Result> create(@Valid @NotNull ViewsRequest body) {
        return views.generate(
                caller.tenantId(),
                body.crosswalkId(),
                body.databaseId(),
                body.nativeSchema(),
                ViewSchemaNames.orDefault(body.viewSchema(), "db_nl"),
                level(body.level()),
                Boolean.TRUE.equals(body.apply()));
    }

    @Operation(
            operationId = "rewriteNaturalViewSql",
            summary = "Map SQL written on natural views back to physical names")
    @APIResponse(responseCode = "200", description = "the rewritten SQL")
    @POST
    @Path("/rewrite")
    public Uni<Rewritten> rewrite(@Valid @NotNull RewriteRequest body) {
        SqlDialect dialect = body.dialect() == null ? SqlDialect.POSTGRESQL : SqlDialect.fromId(body.dialect());
        return views.rewrite(
                        caller.tenantId(),
                        body.crosswalkId(),
                        body.sql(),
                        level(body.level()),
                        ViewSchemaNames.orDefault(body.viewSchema(), "db_nl"),
                        dialect)
                .map(Rewritten::new);
    }

    private static NaturalnessLevel level(String value) {
        return value == null ? NaturalnessLevel.REGULAR : NaturalnessLevel.fromLabel(value);
    }
}
