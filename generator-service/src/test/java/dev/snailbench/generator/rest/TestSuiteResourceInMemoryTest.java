package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.workbench.qatch.TestSuites;
import dev.snailbench.workbench.repository.TestCase;
import dev.snailbench.workbench.repository.TestSuite;
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
 * The workbench's {@code /test-suites} with the suites mocked: a request's counts per category checked and filled
 * with the defaults, the seed 42 unless given, 201 with the suite's Location and its tests (expected rows as JSON),
 * the list and one suite of the caller's tenant, the field of a bad request named. Generating on a database the
 * executor reads is {@code TestSuiteResourceTest}'s (real stack).
 */
@QuarkusTest
@InMemoryTier
class TestSuiteResourceInMemoryTest extends InMemoryTenantTest {

    @InjectMock
    TestSuites suites;

    private final UUID database = UUID.randomUUID();

    @Test
    void shouldGenerateASuiteWithTheDefaultCountsAndSeedAndServeItsTests() {
        TestSuites.Suite generated = suite();
        when(suites.generate(any(), any(), any(), any(), any()))
                .thenReturn(Uni.createFrom().item(generated));

        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        " qatch suite ",
                        "databaseId",
                        database.toString(),
                        "nativeSchema",
                        "public",
                        "counts",
                        Map.of("join", 7)))
                .post("/test-suites")
                .then()
                .statusCode(201)
                .header("Location", endsWith("/test-suites/" + generated.suite().id))
                .body("name", equalTo("qatch suite"))
                .body("testCount", equalTo(1))
                .body("questions[0].category", equalTo("select"))
                .body("questions[0].expected[0][0]", equalTo("Ajax"));

        ArgumentCaptor<QatchSuite.Options> options = ArgumentCaptor.forClass(QatchSuite.Options.class);
        verify(suites)
                .generate(eq(InMemoryTenant.TENANT), eq("qatch suite"), eq(database), eq("public"), options.capture());
        assertThat(options.getValue().seed()).isEqualTo(42L);
        assertThat(options.getValue().counts())
                .containsEntry("join", 7)
                .containsEntry("select", 5)
                .containsEntry("having", 5);
    }

    @Test
    void shouldNameTheFieldOfABadRequestBeforeGeneratingAnything() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        "s",
                        "databaseId",
                        database.toString(),
                        "nativeSchema",
                        "public",
                        "counts",
                        Map.of("joins", 3)))
                .post("/test-suites")
                .then()
                .statusCode(400)
                .body("field", equalTo("counts.joins"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        "s",
                        "databaseId",
                        database.toString(),
                        "nativeSchema",
                        "public",
                        "counts",
                        Map.of("join", 201)))
                .post("/test-suites")
                .then()
                .statusCode(400)
                .body("field", equalTo("counts.join"))
                .body("error", containsString("between 0 and 200"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "s", "nativeSchema", "public; drop"))
                .post("/test-suites")
                .then()
                .statusCode(400);
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "s"))
                .post("/test-suites")
                .then()
                .statusCode(401);
        verifyNoInteractions(suites);
    }

    @Test
    void shouldListAndServeTheTenantsSuitesAndAnswerAnUnknownOne404() {
        TestSuites.Suite stored = suite();
        when(suites.list(InMemoryTenant.TENANT)).thenReturn(Uni.createFrom().item(List.of(stored.suite())));
        when(suites.get(InMemoryTenant.TENANT, stored.suite().id))
                .thenReturn(Uni.createFrom().item(stored));
        UUID unknown = UUID.randomUUID();
        when(suites.get(InMemoryTenant.TENANT, unknown))
                .thenReturn(Uni.createFrom().failure(new NotFound("no test suite " + unknown)));

        given().header("X-API-Key", key())
                .get("/test-suites")
                .then()
                .statusCode(200)
                .body("size()", equalTo(1))
                .body("[0].id", equalTo(stored.suite().id.toString()))
                .body("[0].testCount", equalTo(1));
        given().header("X-API-Key", key())
                .get("/test-suites/" + stored.suite().id)
                .then()
                .statusCode(200)
                .body("questions[0].goldSql", equalTo("SELECT name FROM club"));
        given().header("X-API-Key", key())
                .get("/test-suites/" + unknown)
                .then()
                .statusCode(404)
                .body("error", equalTo("no test suite " + unknown));
    }

    private TestSuites.Suite suite() {
        TestSuite suite = new TestSuite();
        suite.id = UUID.randomUUID();
        suite.tenantId = InMemoryTenant.TENANT;
        suite.name = "qatch suite";
        suite.databaseId = database;
        suite.nativeSchema = "public";
        suite.dialect = "postgresql";
        suite.seed = 42;
        suite.testCount = 1;
        suite.createdAt = Instant.parse("2026-01-01T00:00:00Z");
        TestCase test = new TestCase();
        test.suiteId = suite.id;
        test.questionId = "select-1";
        test.category = "select";
        test.question = "Show the names of the clubs";
        test.goldSql = "SELECT name FROM club";
        test.expectedResult = "[[\"Ajax\"]]";
        test.expectedRowCount = 1;
        return new TestSuites.Suite(suite, Map.of("select", 1), List.of(test));
    }
}
