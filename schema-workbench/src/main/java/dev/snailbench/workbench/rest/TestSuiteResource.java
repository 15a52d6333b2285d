package dev.snailbench.workbench.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.QatchCategory;
import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.request.RequestLimits;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.workbench.config.QatchConfig;
import dev.snailbench.workbench.qatch.TestSuites;
import dev.snailbench.workbench.repository.TestCase;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * QATCH test suites: {@code POST /test-suites} generates ⟨question, SQL, expected result⟩ tests from a
 * database the tenant registered with the executor (which runs the generation with the registered read-only
 * login); {@code GET /test-suites/{id}} returns them as a question set with expected results.
 */
@Path("/test-suites")
@Produces(MediaType.APPLICATION_JSON)
public class TestSuiteResource {

    private static final String SCHEMA_NAME = "[A-Za-z_][A-Za-z0-9_]{0,127}";

    public record SuiteRequest(
            @NotBlank @Size(max = RequestLimits.NAME, message = RequestLimits.TOO_LONG)
            String name,

            @NotNull(message = "must not be null: the id of a database registered with the executor (POST /databases)")
            UUID databaseId,

            @NotNull @Pattern(regexp = SCHEMA_NAME, message = "must be a plain schema name")
            String nativeSchema,

            Long seed,
            Map<String, @NotNull Integer> counts,
            List<@NotBlank String> tables) {}

    public record TestView(
            String id, String category, String question, String goldSql, JsonNode expected, int expectedRowCount) {}

    public record SuiteView(
            UUID id,
            String name,
            UUID databaseId,
            String nativeSchema,
            String dialect,
            long seed,
            int testCount,
            Map<String, Object> summary,
            Instant createdAt,
            List<TestView> questions) {}

    private final Caller caller;
    private final TestSuites suites;
    private final QatchConfig config;
    private final ObjectMapper mapper;

    public TestSuiteResource(Caller caller, TestSuites suites, QatchConfig config, ObjectMapper mapper) {
        this.caller = caller;
        this.suites = suites;
        this.config = config;
        this.mapper = mapper;
    }

    /**
     * Body: {@code name}, {@code databaseId} (a database the tenant registered in the executor), {@code nativeSchema}, optional {@code seed} (default 42),
     * {@code counts} per category ({@code project, distinct, orderby, select, simple-aggregation, join, groupby,
     * having, null, negated}; missing ones get the default), {@code tables} (default all).
     */
    @Operation(operationId = "generateTestSuite", summary = "Generate a QATCH test suite on a registered database")
    @APIResponse(responseCode = "201", description = "generated; Location names it")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> generate(@Valid @NotNull SuiteRequest body) {
        String tenant = caller.tenantId();
        return Uni.createFrom()
                .deferred(() -> {
                    Map<String, Integer> counts = new LinkedHashMap<>();
                    for (QatchCategory c : QatchCategory.values()) {
                        counts.put(c.id(), config.defaultCountPerCategory());
                    }
                    if (body.counts() != null) {
                        for (Map.Entry<String, Integer> e : body.counts().entrySet()) {
                            QatchCategory c;
                            try {
                                c = QatchCategory.fromId(e.getKey());
                            } catch (IllegalArgumentException ex) {
                                throw InvalidInput.of("counts." + e.getKey(), ex.getMessage());
                            }
                            if (e.getValue() < 0 || e.getValue() > config.maxCountPerCategory()) {
                                throw InvalidInput.of(
                                        "counts." + e.getKey(),
                                        "must be between 0 and " + config.maxCountPerCategory());
                            }
                            counts.put(c.id(), e.getValue());
                        }
                    }
                    QatchSuite.Options options = new QatchSuite.Options(
                            body.seed() == null ? 42L : body.seed(),
                            counts,
                            config.maxResultRows(),
                            config.categoricalMaxDistinct(),
                            body.tables() == null ? List.of() : List.copyOf(body.tables()),
                            config.queryTimeoutSeconds());
                    return suites.generate(tenant, body.name().trim(), body.databaseId(), body.nativeSchema(), options);
                })
                .map(s -> Response.created(URI.create("/test-suites/" + s.suite().id))
                        .entity(view(s))
                        .build());
    }

    /** A suite in a list: what it is and how many tests it holds, without them ({@code GET /test-suites/{id}}). */
    public record SuiteItem(
            UUID id,
            String name,
            UUID databaseId,
            String nativeSchema,
            String dialect,
            long seed,
            int testCount,
            Instant createdAt) {}

    @Operation(operationId = "listTestSuites", summary = "List the tenant's QATCH test suites")
    @APIResponse(responseCode = "200", description = "the suites, newest first, without their tests")
    @GET
    public Uni<List<SuiteItem>> list() {
        return suites.list(caller.tenantId())
                .map(list -> list.stream()
                        .map(s -> new SuiteItem(
                                s.id,
                                s.name,
                                s.databaseId,
                                s.nativeSchema,
                                s.dialect,
                                s.seed,
                                s.testCount,
                                s.createdAt))
                        .toList());
    }

    @Operation(operationId = "getTestSuite", summary = "Get one QATCH test suite")
    @APIResponse(responseCode = "200", description = "the suite")
    @GET
    @Path("/{id}")
    public Uni<SuiteView> get(@PathParam("id") UUID id) {
        return suites.get(caller.tenantId(), id).map(this::view);
    }

    private SuiteView view(TestSuites.Suite s) {
        List<TestView> tests = s.tests().stream().map(this::test).toList();
        return new SuiteView(
                s.suite().id,
                s.suite().name,
                s.suite().databaseId,
                s.suite().nativeSchema,
                s.suite().dialect,
                s.suite().seed,
                s.suite().testCount,
                s.summary(),
                s.suite().createdAt,
                tests);
    }

    private TestView test(TestCase t) {
        try {
            return new TestView(
                    t.questionId,
                    t.category,
                    t.question,
                    t.goldSql,
                    mapper.readTree(t.expectedResult),
                    t.expectedRowCount);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
