package dev.snailbench.workbench.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.TooLarge;
import dev.snailbench.sql.rewrite.CrosswalkCsv;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.tenancy.JsonErrors;
import dev.snailbench.workbench.config.CrosswalkConfig;
import dev.snailbench.workbench.crosswalk.BuildReport;
import dev.snailbench.workbench.crosswalk.CrosswalkBuildSpec;
import dev.snailbench.workbench.crosswalk.CrosswalkBuilds;
import dev.snailbench.workbench.crosswalk.Crosswalks;
import dev.snailbench.workbench.llm.IdentifierLlm;
import dev.snailbench.workbench.messaging.TeamDatabases;
import dev.snailbench.workbench.repository.Crosswalk;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Crosswalks: {@code POST /crosswalks} imports SNAILS CSV, {@code GET /crosswalks/{id}/csv} exports it,
 * {@code POST /crosswalks/builds} builds one for a new database (classifier over Kafka, then renaming).
 */
@Path("/crosswalks")
@Produces(MediaType.APPLICATION_JSON)
public class CrosswalkResource {

    public static final String CSV = "text/csv";

    /** What the API shows of a crosswalk. */
    public record CrosswalkView(
            UUID id,
            String name,
            String origin,
            String dialect,
            String status,
            String error,
            int entryCount,
            BuildReport report,
            Instant createdAt,
            Instant completedAt) {}

    private final Caller caller;
    private final Crosswalks crosswalks;
    private final CrosswalkBuilds builds;
    private final TeamDatabases databases;
    private final IdentifierLlm llm;
    private final CrosswalkConfig config;
    private final ObjectMapper mapper;

    public CrosswalkResource(
            Caller caller,
            Crosswalks crosswalks,
            CrosswalkBuilds builds,
            TeamDatabases databases,
            IdentifierLlm llm,
            CrosswalkConfig config,
            ObjectMapper mapper) {
        this.caller = caller;
        this.crosswalks = crosswalks;
        this.builds = builds;
        this.databases = databases;
        this.llm = llm;
        this.config = config;
        this.mapper = mapper;
    }

    @Operation(operationId = "importCrosswalk", summary = "Import a crosswalk from CSV")
    @APIResponse(responseCode = "201", description = "imported; Location names it")
    @POST
    @Consumes({CSV, MediaType.TEXT_PLAIN})
    public Uni<Response> importCsv(@QueryParam("name") String name, String body) {
        String tenant = caller.tenantId();
        return Uni.createFrom()
                .deferred(() -> {
                    if (name == null || name.isBlank()) {
                        throw InvalidInput.of("name", "query parameter 'name' is required");
                    }
                    List<CrosswalkEntry> rows;
                    try {
                        rows = CrosswalkCsv.parse(body);
                    } catch (CrosswalkCsv.BadCsvException e) {
                        throw InvalidInput.of(e.field(), e.problem());
                    }
                    if (rows.size() > config.maxImportRows()) {
                        throw new TooLarge("crosswalk has " + rows.size() + " rows, at most " + config.maxImportRows()
                                + " are accepted");
                    }
                    return crosswalks.importCsv(tenant, name.trim(), rows);
                })
                .map(cw -> Response.created(URI.create("/crosswalks/" + cw.id))
                        .entity(view(cw))
                        .build());
    }

    @Operation(operationId = "listCrosswalks", summary = "List the tenant's crosswalks")
    @APIResponse(responseCode = "200", description = "the crosswalks")
    @GET
    public Uni<List<CrosswalkView>> list() {
        return crosswalks
                .list(caller.tenantId())
                .map(l -> l.stream().map(this::view).toList());
    }

    @Operation(operationId = "getCrosswalk", summary = "Get one crosswalk")
    @APIResponse(responseCode = "200", description = "the crosswalk")
    @GET
    @Path("/{id}")
    public Uni<CrosswalkView> get(@PathParam("id") UUID id) {
        return crosswalks.get(caller.tenantId(), id).map(this::view);
    }

    @Operation(operationId = "exportCrosswalk", summary = "Export a crosswalk as CSV")
    @APIResponse(responseCode = "200", description = "the CSV")
    @GET
    @Path("/{id}/csv")
    @Produces(CSV)
    public Uni<String> export(@PathParam("id") UUID id) {
        return crosswalks.rows(caller.tenantId(), id).map(CrosswalkCsv::write);
    }

    /**
     * Starts a build. Body: {@code name}, {@code dialect}, either {@code schema} ({@code {"tables": [{"name",
     * "columns": [{"name", "type"}]}]}}, SNAILS schema JSON accepted) or {@code databaseId} (registered with the
     * executor, which reads the schema; its kind is the dialect) + {@code nativeSchema}, and {@code expandWithLlm},
     * {@code abbreviateWithLlm} (default false), {@code dataDictionary} (text given to the LLM expansion). Answers 202; poll {@code GET /crosswalks/{id}}.
     */
    @Operation(operationId = "buildCrosswalk", summary = "Build a crosswalk from a registered database's schema")
    @APIResponse(responseCode = "202", description = "the build started; follow it at Location")
    @POST
    @Path("/builds")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> build(JsonNode body) {
        String tenant = caller.tenantId();
        return Uni.createFrom()
                .deferred(() -> {
                    if (body == null || !body.isObject()) {
                        throw InvalidInput.of("body", "a JSON object is required");
                    }
                    JsonErrors.onlyFields(
                            body,
                            "",
                            "name",
                            "dialect",
                            "expandWithLlm",
                            "abbreviateWithLlm",
                            "dataDictionary",
                            "schema",
                            "databaseId",
                            "nativeSchema");
                    String name = text(body, "name", true);
                    String dialectText =
                            body.hasNonNull("dialect") ? body.get("dialect").asText() : "postgresql";
                    SqlDialect dialect;
                    try {
                        dialect = SqlDialect.fromId(dialectText);
                    } catch (IllegalArgumentException e) {
                        throw InvalidInput.of("dialect", e.getMessage());
                    }
                    boolean expand = body.path("expandWithLlm").asBoolean(false);
                    String dictionary = body.hasNonNull("dataDictionary")
                            ? body.get("dataDictionary").asText()
                            : null;
                    if (dictionary != null && dictionary.length() > 100_000) {
                        throw new TooLarge("dataDictionary has " + dictionary.length() + " characters, at most 100000");
                    }
                    boolean abbreviate = body.path("abbreviateWithLlm").asBoolean(false);
                    if ((expand || abbreviate) && !llm.configured()) {
                        throw InvalidInput.of(
                                expand ? "expandWithLlm" : "abbreviateWithLlm",
                                "no LLM is configured (snailbench.crosswalks.llm.base-url)");
                    }
                    Uni<TeamDatabases.Described> schema;
                    if (body.hasNonNull("schema")) {
                        schema = Uni.createFrom()
                                .item(new TeamDatabases.Described(dialect, false, parseSchema(body.get("schema"))));
                    } else if (body.hasNonNull("databaseId")) {
                        UUID databaseId;
                        try {
                            databaseId = UUID.fromString(body.get("databaseId").asText());
                        } catch (IllegalArgumentException e) {
                            throw InvalidInput.of("databaseId", "is not a registered database id (a UUID)");
                        }
                        schema = databases.describe(tenant, databaseId, text(body, "nativeSchema", true));
                    } else {
                        throw InvalidInput.of("schema", "give either 'schema' or 'databaseId' and 'nativeSchema'");
                    }
                    return schema.chain(described -> {
                        SchemaSpec s = described.schema();
                        int distinct = s.distinctIdentifiers().size();
                        if (distinct > config.maxIdentifiers()) {
                            throw new TooLarge("schema has " + distinct
                                    + " distinct identifiers, a build takes at most " + config.maxIdentifiers());
                        }
                        return builds.start(
                                tenant,
                                new CrosswalkBuildSpec(
                                        name, described.dialect().id(), s, expand, abbreviate, dictionary));
                    });
                })
                .map(cw -> Response.accepted(view(cw))
                        .location(URI.create("/crosswalks/" + cw.id))
                        .build());
    }

    static SchemaSpec parseSchema(JsonNode schema) {
        JsonNode tables = schema.get("tables");
        if (tables == null || !tables.isArray() || tables.isEmpty()) {
            throw InvalidInput.of("schema.tables", "a non-empty array of tables is required");
        }
        List<SchemaSpec.Table> out = new ArrayList<>();
        for (int i = 0; i < tables.size(); i++) {
            JsonNode t = tables.get(i);
            String field = "schema.tables[" + i + "]";
            String tableName = nativeName(t.get("name"), field + ".name");
            JsonNode columns = t.get("columns");
            if (columns == null || !columns.isArray() || columns.isEmpty()) {
                throw InvalidInput.of(field + ".columns", "a non-empty array of columns is required");
            }
            List<SchemaSpec.Column> cols = new ArrayList<>();
            for (int j = 0; j < columns.size(); j++) {
                JsonNode c = columns.get(j);
                String cf = field + ".columns[" + j + "]";
                cols.add(new SchemaSpec.Column(
                        nativeName(c.isTextual() ? c : c.get("name"), cf + ".name"),
                        c.hasNonNull("type") ? c.get("type").asText() : null,
                        c.hasNonNull("comment") ? c.get("comment").asText() : null));
            }
            out.add(new SchemaSpec.Table(tableName, List.copyOf(cols)));
        }
        return new SchemaSpec(List.copyOf(out));
    }

    /** A name is a string, or (SNAILS schema JSON) an object whose {@code Native} member is the name. */
    private static String nativeName(JsonNode node, String field) {
        JsonNode n = node != null && node.isObject() ? node.get("Native") : node;
        if (n == null || !n.isTextual() || n.asText().isBlank()) {
            throw InvalidInput.of(field, "a non-empty name is required");
        }
        return n.asText();
    }

    private static String text(JsonNode body, String field, boolean required) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull() || !v.isTextual() || v.asText().isBlank()) {
            if (required) {
                throw InvalidInput.of(field, "a non-empty string is required");
            }
            return null;
        }
        return v.asText().trim();
    }

    private CrosswalkView view(Crosswalk cw) {
        BuildReport report = null;
        if (cw.buildReport != null) {
            try {
                report = mapper.readValue(cw.buildReport, BuildReport.class);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        return new CrosswalkView(
                cw.id,
                cw.name,
                cw.origin,
                cw.dialect,
                cw.status.name().toLowerCase(),
                cw.error,
                cw.entryCount,
                report,
                cw.createdAt,
                cw.completedAt);
    }
}
