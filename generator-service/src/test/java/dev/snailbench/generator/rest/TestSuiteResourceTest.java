package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.TestTenants;
import dev.snailbench.generator.testing.PlayedExecutor;
import dev.snailbench.model.domain.QatchCategory;
import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * POST /test-suites: the generator asks the executor (played by the test over the real broker) to generate the
 * suite on the tenant's registered database, then stores and serves it. QATCH-Generate itself is tested in the
 * executor module.
 * Beyond the in-memory tier: the request and the executor's answer as records on the real database-task topics.
 */
@QuarkusTest
@RealInfrastructure
class TestSuiteResourceTest {

    private static final QatchSuite SUITE = new QatchSuite(
            List.of(
                    new QatchSuite.Test(
                            "qatch-project-1",
                            QatchCategory.PROJECT,
                            "Show the teamname of all national teams.",
                            "SELECT teamname FROM national_team",
                            new QatchSuite.TextTable(
                                    List.of("teamname"), List.of(List.of("Italy"), List.of("Brazil")))),
                    new QatchSuite.Test(
                            "qatch-null-1",
                            QatchCategory.NULL,
                            "How many coaches have no country code?",
                            "SELECT count(*) FROM coach WHERE country_code IS NULL",
                            new QatchSuite.TextTable(List.of("count"), List.of(List.of("3"))))),
            Map.of("project", 1, "null", 1),
            2,
            0,
            List.of());

    private String key;
    private final UUID database = UUID.randomUUID();

    @BeforeEach
    void registerTenant() {
        key = TestTenants.create("test-suites-" + UUID.randomUUID());
    }

    @Test
    void shouldStoreAndServeTheSuiteTheExecutorGeneratedOnTheTeamsDatabase() {
        AtomicReference<DatabaseTaskRequested> asked = new AtomicReference<>();

        JsonPath created = PlayedExecutor.answering(
                database,
                task -> {
                    asked.set(task);
                    return DatabaseTaskCompleted.ok(task, SqlDialect.POSTGRESQL, false, null, SUITE, 0);
                },
                () -> given().header("X-API-Key", key)
                        .contentType("application/json")
                        .body(Map.of(
                                "name",
                                "my suite",
                                "databaseId",
                                database,
                                "nativeSchema",
                                "exp_v3",
                                "seed",
                                7,
                                "counts",
                                Map.of("project", 1, "null", 1)))
                        .when()
                        .post("/test-suites")
                        .then()
                        .statusCode(201)
                        .extract()
                        .jsonPath());

        assertThat(asked.get().kind()).isEqualTo(DatabaseTaskRequested.Kind.QATCH_SUITE);
        assertThat(asked.get().nativeSchema()).isEqualTo("exp_v3");
        assertThat(asked.get().qatch().seed()).isEqualTo(7);
        assertThat(asked.get().qatch().counts())
                .containsEntry("project", 1)
                .containsEntry("null", 1)
                .containsEntry("join", 5);
        JsonPath stored = given().header("X-API-Key", key)
                .when()
                .get("/test-suites/" + created.getString("id"))
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(stored.getString("databaseId")).isEqualTo(database.toString());
        assertThat(stored.getString("dialect")).isEqualTo("postgresql");
        assertThat(stored.getList("questions.goldSql"))
                .containsExactly(
                        "SELECT teamname FROM national_team", "SELECT count(*) FROM coach WHERE country_code IS NULL");
        assertThat(stored.getList("questions[0].expected.rows"))
                .isEqualTo(List.of(List.of("Italy"), List.of("Brazil")));
        String other = TestTenants.create("other-" + UUID.randomUUID());
        given().header("X-API-Key", other)
                .when()
                .get("/test-suites/" + created.getString("id"))
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(created.getString("id")));
        // The tenant's suites, listed without their tests; another tenant's list has none of them.
        given().header("X-API-Key", key)
                .when()
                .get("/test-suites")
                .then()
                .statusCode(200)
                .body("id", equalTo(List.of(created.getString("id"))))
                .body("[0].name", equalTo("my suite"))
                .body("[0].testCount", equalTo(2))
                .body("[0]", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("questions")));
        given().header("X-API-Key", other)
                .when()
                .get("/test-suites")
                .then()
                .statusCode(200)
                .body("", org.hamcrest.Matchers.hasSize(0));
    }

    @Test
    void shouldNameTheFieldToFixWhetherTheGeneratorOrTheExecutorRefusesTheRequest() {
        given().header("X-API-Key", key)
                .contentType("application/json")
                .body(Map.of("name", "x", "nativeSchema", "exp_v3"))
                .when()
                .post("/test-suites")
                .then()
                .statusCode(400)
                .body("field", equalTo("databaseId"));
        given().header("X-API-Key", key)
                .contentType("application/json")
                .body(Map.of(
                        "name",
                        "x",
                        "databaseId",
                        database,
                        "nativeSchema",
                        "exp_v3",
                        "counts",
                        Map.of("window-functions", 3)))
                .when()
                .post("/test-suites")
                .then()
                .statusCode(400)
                .body("field", equalTo("counts.window-functions"));
        PlayedExecutor.answering(
                database,
                task -> DatabaseTaskCompleted.failed(
                        task, SqlDialect.POSTGRESQL, false, true, "no such tables in schema exp_v3: [no_such_table]"),
                () -> given().header("X-API-Key", key)
                        .contentType("application/json")
                        .body(Map.of(
                                "name",
                                "x",
                                "databaseId",
                                database,
                                "nativeSchema",
                                "exp_v3",
                                "tables",
                                List.of("no_such_table")))
                        .when()
                        .post("/test-suites")
                        .then()
                        .statusCode(400)
                        .body("field", equalTo("tables"))
                        .body("error", containsString("no_such_table")));
        PlayedExecutor.answering(
                database,
                task -> DatabaseTaskCompleted.failed(
                        task, null, false, true, "database " + database + " is not registered for tenant t"),
                () -> given().header("X-API-Key", key)
                        .contentType("application/json")
                        .body(Map.of("name", "x", "databaseId", database, "nativeSchema", "exp_v3"))
                        .when()
                        .post("/test-suites")
                        .then()
                        .statusCode(400)
                        .body("field", equalTo("databaseId")));
        PlayedExecutor.answering(
                database,
                task -> DatabaseTaskCompleted.failed(task, SqlDialect.POSTGRESQL, false, false, "connection refused"),
                () -> given().header("X-API-Key", key)
                        .contentType("application/json")
                        .body(Map.of("name", "x", "databaseId", database, "nativeSchema", "exp_v3"))
                        .when()
                        .post("/test-suites")
                        .then()
                        .statusCode(502)
                        .body("error", containsString("connection refused")));
        UUID unknown = UUID.randomUUID();
        given().header("X-API-Key", key)
                .when()
                .get("/test-suites/" + unknown)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(unknown.toString()));
        given().when()
                .get("/test-suites/" + UUID.randomUUID())
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo("X-API-Key"))
                .body("error", containsString("X-API-Key"));
    }
}
