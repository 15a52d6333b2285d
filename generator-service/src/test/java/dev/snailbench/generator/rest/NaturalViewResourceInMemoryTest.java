package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.workbench.views.NaturalViewDdl;
import dev.snailbench.workbench.views.NaturalViewService;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The workbench's {@code /natural-views} with the view service mocked: the defaults a request leaves out (view schema
 * db_nl, level Regular, dialect postgresql, not applied), the caller's tenant passed on, and a bad request's field
 * named before the service is asked. Views built and queried on FootballDB are {@code NaturalViewFootballDbTest}'s
 * (real stack).
 */
@QuarkusTest
@InMemoryTier
class NaturalViewResourceInMemoryTest extends InMemoryTenantTest {

    @InjectMock
    NaturalViewService views;

    private final UUID crosswalk = UUID.randomUUID();
    private final UUID database = UUID.randomUUID();

    @Test
    void shouldBuildViewsWithTheDefaultsARequestLeavesOut() {
        when(views.generate(any(), any(), any(), any(), any(), any(), anyBoolean()))
                .thenReturn(Uni.createFrom()
                        .item(new NaturalViewService.Result(
                                new NaturalViewDdl.NaturalViews(
                                        "db_nl",
                                        "public",
                                        "postgresql",
                                        "Regular",
                                        List.of("CREATE VIEW db_nl.\"Club\" AS SELECT * FROM public.club"),
                                        List.of()),
                                false)));

        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "crosswalkId",
                        crosswalk.toString(),
                        "databaseId",
                        database.toString(),
                        "nativeSchema",
                        "public"))
                .post("/natural-views")
                .then()
                .statusCode(200)
                .body("applied", equalTo(false))
                .body("views.statements[0]", containsString("CREATE VIEW db_nl"));
        verify(views)
                .generate(
                        InMemoryTenant.TENANT, crosswalk, database, "public", "db_nl", NaturalnessLevel.REGULAR, false);

        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "crosswalkId",
                        crosswalk.toString(),
                        "databaseId",
                        database.toString(),
                        "nativeSchema",
                        "public",
                        "viewSchema",
                        "nl_least",
                        "level",
                        "Least",
                        "apply",
                        true))
                .post("/natural-views")
                .then()
                .statusCode(200);
        verify(views)
                .generate(
                        InMemoryTenant.TENANT, crosswalk, database, "public", "nl_least", NaturalnessLevel.LEAST, true);
    }

    @Test
    void shouldRewriteSqlWithTheDefaultsARequestLeavesOut() {
        when(views.rewrite(any(), any(), anyString(), any(), anyString(), any()))
                .thenReturn(Uni.createFrom().item("SELECT count(*) FROM public.club"));

        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("crosswalkId", crosswalk.toString(), "sql", "SELECT count(*) FROM db_nl.\"Club\""))
                .post("/natural-views/rewrite")
                .then()
                .statusCode(200)
                .body("sql", equalTo("SELECT count(*) FROM public.club"));
        verify(views)
                .rewrite(
                        eq(InMemoryTenant.TENANT),
                        eq(crosswalk),
                        eq("SELECT count(*) FROM db_nl.\"Club\""),
                        eq(NaturalnessLevel.REGULAR),
                        eq("db_nl"),
                        eq(SqlDialect.POSTGRESQL));
    }

    @Test
    void shouldNameTheFieldOfABadRequestBeforeAskingTheService() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "crosswalkId",
                        crosswalk.toString(),
                        "databaseId",
                        database.toString(),
                        "nativeSchema",
                        "public; DROP TABLE club"))
                .post("/natural-views")
                .then()
                .statusCode(400)
                .body("field", equalTo("nativeSchema"))
                .body("error", containsString("must be a plain identifier"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("crosswalkId", crosswalk.toString(), "sql", "SELECT 1", "level", "Lowest"))
                .post("/natural-views/rewrite")
                .then()
                .statusCode(400)
                .body("field", equalTo("level"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("sql", "SELECT 1"))
                .post("/natural-views/rewrite")
                .then()
                .statusCode(400)
                .body("field", equalTo("crosswalkId"));
        given().contentType(ContentType.JSON)
                .body(Map.of("sql", "SELECT 1"))
                .post("/natural-views/rewrite")
                .then()
                .statusCode(401);
        verifyNoInteractions(views);
    }
}
