package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyDouble;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.workbench.refiner.OfflinePackager;
import dev.snailbench.workbench.refiner.SchemaRefiner;
import dev.snailbench.workbench.refiner.Thresholds;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * The workbench's {@code /refiner} with the refiner mocked: the options a request leaves out (offline packages,
 * minilm embeddings, the refiner's thresholds with any given one in their place, the schema context, the view schema
 * refined or ambiguous, rate 0.05 and seed 1), and a bad request's field named before the refiner is asked (an LLM or
 * embeddings backend not configured, a rate out of range, a view schema equal to the native one). The refiner on
 * FootballDB is {@code SchemaRefinerResourceTest}'s (real stack).
 */
@QuarkusTest
@InMemoryTier
class SchemaRefinerResourceInMemoryTest extends InMemoryTenantTest {

    @InjectMock
    SchemaRefiner refiner;

    private final UUID database = UUID.randomUUID();
    private final Thresholds defaults = new Thresholds(0.5, 0.6, 0.7);

    @BeforeEach
    void noBackendsConfigured() {
        when(refiner.defaults()).thenReturn(defaults);
        when(refiner.analyse(any(), any(), any(), any()))
                .thenReturn(Uni.createFrom().item(analysis()));
        when(refiner.views(any(), any(), any(), any(), anyBoolean(), any()))
                .thenReturn(Uni.createFrom().item(new SchemaRefiner.Views(analysis(), null, false)));
        when(refiner.inject(any(), any(), any(), anyDouble(), anyLong(), any(), anyList(), any()))
                .thenReturn(Uni.createFrom()
                        .item(new SchemaRefiner.Injection(
                                database, "public", 0.05, 1, Map.of(), List.of(), null, List.of())));
    }

    @Test
    void shouldAnalyseWithTheDefaultOptionsAndAGivenThresholdInItsPlace() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "databaseId",
                        database.toString(),
                        "nativeSchema",
                        "public",
                        "thresholds",
                        Map.of("synonym", 0.9)))
                .post("/refiner/analyses")
                .then()
                .statusCode(200)
                .body("nativeSchema", equalTo("public"));

        ArgumentCaptor<SchemaRefiner.Options> options = ArgumentCaptor.forClass(SchemaRefiner.Options.class);
        verify(refiner).analyse(eq(InMemoryTenant.TENANT), eq(database), eq("public"), options.capture());
        assertThat(options.getValue())
                .isEqualTo(new SchemaRefiner.Options(
                        "offline", "minilm", new Thresholds(0.5, 0.9, 0.7), OfflinePackager.Context.SCHEMA));
    }

    @Test
    void shouldBuildViewsInTheRefinedSchemaUnlessTold() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("databaseId", database.toString(), "nativeSchema", "public"))
                .post("/refiner/views")
                .then()
                .statusCode(200);
        verify(refiner).views(eq(InMemoryTenant.TENANT), eq(database), eq("public"), eq("refined"), eq(false), any());

        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("databaseId", database.toString(), "nativeSchema", "public", "viewSchema", "PUBLIC"))
                .post("/refiner/views")
                .then()
                .statusCode(400)
                .body("field", equalTo("viewSchema"))
                .body("error", containsString("must differ from nativeSchema"));
    }

    @Test
    void shouldInjectWithTheDefaultRateSeedAndSchema() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("databaseId", database.toString(), "nativeSchema", "public"))
                .post("/refiner/injections")
                .then()
                .statusCode(200);
        verify(refiner)
                .inject(
                        InMemoryTenant.TENANT,
                        database,
                        "public",
                        0.05,
                        1,
                        "ambiguous",
                        List.of(),
                        SqlDialect.POSTGRESQL);

        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("databaseId", database.toString(), "nativeSchema", "public", "rate", 0.6))
                .post("/refiner/injections")
                .then()
                .statusCode(400)
                .body("field", equalTo("rate"));
    }

    @Test
    void shouldRefuseABackendThatIsNotConfiguredBeforeAskingTheRefiner() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("databaseId", database.toString(), "nativeSchema", "public", "packages", "llm"))
                .post("/refiner/analyses")
                .then()
                .statusCode(400)
                .body("field", equalTo("packages"))
                .body("error", containsString("no LLM is configured"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("databaseId", database.toString(), "nativeSchema", "public", "embeddings", "openai"))
                .post("/refiner/analyses")
                .then()
                .statusCode(400)
                .body("field", equalTo("embeddings"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("sql", "SELECT 1", "mapping", Map.of()))
                .post("/refiner/rewrite")
                .then()
                .statusCode(400)
                .body("field", equalTo("mapping"));
        given().contentType(ContentType.JSON)
                .body(Map.of("databaseId", database.toString()))
                .post("/refiner/analyses")
                .then()
                .statusCode(401);
        verify(refiner, never()).analyse(any(), any(), anyString(), any());
        verify(refiner, never()).rewriteBack(any(), any(), any());
    }

    private SchemaRefiner.Analysis analysis() {
        return new SchemaRefiner.Analysis(
                database, "public", "postgresql", 1, 2, 1, "offline", "minilm", defaults, List.of(), List.of());
    }
}
