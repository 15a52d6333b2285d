package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.sql.rewrite.CrosswalkCsv;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.workbench.crosswalk.CrosswalkBuildSpec;
import dev.snailbench.workbench.crosswalk.CrosswalkBuilds;
import dev.snailbench.workbench.crosswalk.Crosswalks;
import dev.snailbench.workbench.repository.Crosswalk;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * The workbench's {@code /crosswalks} with the stored crosswalks and the builds mocked: a CSV import parsed and its
 * bad line named, 201 with its Location; a build from an inline schema started (202) with its name, dialect and
 * tables, a bad body's field named before anything starts; one crosswalk, the list and the CSV export of the caller's
 * tenant. A build answered by the classifier and SNAILS' crosswalks stored are {@code CrosswalkBuildKafkaTest}'s and
 * {@code CrosswalkResourceTest}'s (real stack).
 */
@QuarkusTest
@InMemoryTier
class CrosswalkResourceInMemoryTest extends InMemoryTenantTest {

    private static final String CSV = CrosswalkCsv.HEADER + "\ntable,club,Regular,Club,Clb,C\n";

    @InjectMock
    Crosswalks crosswalks;

    @InjectMock
    CrosswalkBuilds builds;

    @Test
    void shouldImportACsvAndNameItsBadLine() {
        Crosswalk stored = crosswalk("imported", Crosswalk.Status.READY);
        when(crosswalks.importCsv(any(), any(), anyList()))
                .thenReturn(Uni.createFrom().item(stored));

        given().header("X-API-Key", key())
                .contentType("text/csv")
                .body(CSV)
                .queryParam("name", " imported ")
                .post("/crosswalks")
                .then()
                .statusCode(201)
                .header("Location", endsWith("/crosswalks/" + stored.id))
                .body("status", equalTo("ready"))
                .body("name", equalTo("imported"));
        verify(crosswalks).importCsv(eq(InMemoryTenant.TENANT), eq("imported"), eq(CrosswalkCsv.parse(CSV)));

        given().header("X-API-Key", key())
                .contentType("text/csv")
                .body(CrosswalkCsv.HEADER + "\ntable,club\n")
                .queryParam("name", "bad")
                .post("/crosswalks")
                .then()
                .statusCode(400)
                .body("field", containsString("line 2"));
        given().header("X-API-Key", key())
                .contentType("text/csv")
                .body(CSV)
                .post("/crosswalks")
                .then()
                .statusCode(400)
                .body("field", equalTo("name"));
    }

    @Test
    void shouldStartABuildFromAnInlineSchema() {
        Crosswalk building = crosswalk("built", Crosswalk.Status.CLASSIFYING);
        when(builds.start(any(), any())).thenReturn(Uni.createFrom().item(building));

        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        "built",
                        "dialect",
                        "sqlserver",
                        "schema",
                        Map.of(
                                "tables",
                                List.of(Map.of(
                                        "name",
                                        "club",
                                        "columns",
                                        List.of(Map.of("name", "club_id", "type", "int"), "club_nm"))))))
                .post("/crosswalks/builds")
                .then()
                .statusCode(202)
                .header("Location", endsWith("/crosswalks/" + building.id))
                .body("status", equalTo("classifying"));

        ArgumentCaptor<CrosswalkBuildSpec> spec = ArgumentCaptor.forClass(CrosswalkBuildSpec.class);
        verify(builds).start(eq(InMemoryTenant.TENANT), spec.capture());
        assertThat(spec.getValue().name()).isEqualTo("built");
        assertThat(spec.getValue().dialect()).isEqualTo("sqlserver");
        assertThat(spec.getValue().schema().tables())
                .singleElement()
                .satisfies(table -> assertThat(table.columns())
                        .extracting(column -> column.name())
                        .containsExactly("club_id", "club_nm"));
        assertThat(spec.getValue().expandWithLlm()).isFalse();
    }

    @Test
    void shouldNameTheFieldOfABadBuildBeforeStartingIt() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "b", "schema", Map.of("tables", List.of())))
                .post("/crosswalks/builds")
                .then()
                .statusCode(400)
                .body("field", equalTo("schema.tables"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "b"))
                .post("/crosswalks/builds")
                .then()
                .statusCode(400)
                .body("field", equalTo("schema"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "b", "dialect", "oracle", "schema", Map.of()))
                .post("/crosswalks/builds")
                .then()
                .statusCode(400)
                .body("field", equalTo("dialect"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "b", "databaseId", "not-a-uuid", "nativeSchema", "public"))
                .post("/crosswalks/builds")
                .then()
                .statusCode(400)
                .body("field", equalTo("databaseId"));
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "b"))
                .post("/crosswalks/builds")
                .then()
                .statusCode(401);
        verifyNoInteractions(builds);
    }

    @Test
    void shouldServeTheTenantsCrosswalksAndExportOneAsCsv() {
        Crosswalk ready = crosswalk("ready one", Crosswalk.Status.READY);
        when(crosswalks.list(InMemoryTenant.TENANT)).thenReturn(Uni.createFrom().item(List.of(ready)));
        when(crosswalks.get(InMemoryTenant.TENANT, ready.id))
                .thenReturn(Uni.createFrom().item(ready));
        when(crosswalks.rows(InMemoryTenant.TENANT, ready.id))
                .thenReturn(Uni.createFrom().item(CrosswalkCsv.parse(CSV)));
        UUID unknown = UUID.randomUUID();
        when(crosswalks.get(InMemoryTenant.TENANT, unknown))
                .thenReturn(Uni.createFrom().failure(new NotFound("no crosswalk " + unknown)));

        given().header("X-API-Key", key())
                .get("/crosswalks")
                .then()
                .statusCode(200)
                .body("[0].id", equalTo(ready.id.toString()))
                .body("[0].entryCount", equalTo(1));
        given().header("X-API-Key", key())
                .get("/crosswalks/" + ready.id)
                .then()
                .statusCode(200)
                .body("name", equalTo("ready one"));
        String exported = given().header("X-API-Key", key())
                .get("/crosswalks/" + ready.id + "/csv")
                .then()
                .statusCode(200)
                .contentType(containsString("text/csv"))
                .extract()
                .asString();
        assertThat(CrosswalkCsv.parse(exported)).isEqualTo(CrosswalkCsv.parse(CSV));
        given().header("X-API-Key", key()).get("/crosswalks/" + unknown).then().statusCode(404);
        given().header("X-API-Key", key()).get("/crosswalks/not-a-uuid").then().statusCode(404);
    }

    private static Crosswalk crosswalk(String name, Crosswalk.Status status) {
        Crosswalk crosswalk = new Crosswalk();
        crosswalk.id = UUID.randomUUID();
        crosswalk.tenantId = InMemoryTenant.TENANT;
        crosswalk.name = name;
        crosswalk.origin = "import";
        crosswalk.dialect = "postgresql";
        crosswalk.status = status;
        crosswalk.entryCount = 1;
        crosswalk.createdAt = Instant.parse("2026-01-01T00:00:00Z");
        return crosswalk;
    }
}
