package dev.snailbench.generator.service.qatch;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.localstack.LocalStack;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** QATCH-Generate on FootballDB v3 in the embedded PostgreSQL. */
@QuarkusTest
class QatchFootballDbTest {

    private static final Map<String, Object> REQUEST = Map.of("name", "footballdb v3 qatch",
            "targetDatabase", "footballdb_v3", "nativeSchema", "exp_v3", "seed", 7,
            "counts", Map.of("project", 6, "distinct", 6, "orderby", 6, "select", 12, "simple-aggregation", 8,
                    "join", 6, "groupby", 8, "having", 8, "null", 6, "negated", 8));

    private String key;

    @org.junit.jupiter.api.BeforeEach
    void registerTenant() {
        key = dev.snailbench.generator.TestTenants.create("tenant-" + UUID.randomUUID());
    }

    @BeforeAll
    static void loadFootballDb() {
        LocalStack.postgresWithFootballDb();
    }

    @Test
    void shouldGenerateTestsWhoseSqlExecutesAndReturnsTheStoredResult() throws Exception {
        JsonPath created = given().header("X-API-Key", key).contentType("application/json").body(REQUEST)
                .when().post("/test-suites").then().statusCode(201).extract().jsonPath();
        String id = created.getString("id");
        assertThat(created.getList("summary.failedSql")).isEmpty();
        Map<String, Integer> generated = created.getMap("summary.generated");
        System.out.println("QATCH FootballDB v3 (seed 7) tests per category: " + generated);
        // Every category produced tests on FootballDB v3, and most produced what was asked.
        assertThat(generated.values()).allMatch(n -> n > 0);
        JsonPath suite = given().header("X-API-Key", key).when().get("/test-suites/" + id).then().statusCode(200)
                .extract().jsonPath();
        List<Map<String, Object>> tests = suite.getList("questions");
        assertThat(tests).hasSize(generated.values().stream().mapToInt(Integer::intValue).sum());
        try (Connection c = LocalStack.postgres().connect("footballdb_v3"); Statement s = c.createStatement()) {
            s.execute("SET search_path TO exp_v3");
            for (int i = 0; i < tests.size(); i++) {
                String sql = suite.getString("questions[" + i + "].goldSql");
                assertThat(suite.getString("questions[" + i + "].question")).isNotBlank();
                List<List<String>> expected = suite.getList("questions[" + i + "].expected.rows");
                List<List<String>> actual = new ArrayList<>();
                try (ResultSet rs = s.executeQuery(sql)) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        List<String> row = new ArrayList<>();
                        for (int j = 1; j <= n; j++) {
                            row.add(rs.getString(j));
                        }
                        actual.add(row);
                    }
                }
                if (sql.contains("ORDER BY")) {
                    assertThat(actual).as(sql).isEqualTo(expected);
                } else {
                    assertThat(actual).as(sql).containsExactlyInAnyOrderElementsOf(expected);
                }
            }
        }
        // Same database, seed and counts: the same tests.
        JsonPath again = given().header("X-API-Key", key).contentType("application/json").body(REQUEST)
                .when().post("/test-suites").then().statusCode(201).extract().jsonPath();
        assertThat(again.getList("questions.goldSql")).isEqualTo(suite.getList("questions.goldSql"));
        assertThat(again.getList("questions.question")).isEqualTo(suite.getList("questions.question"));
        Map<String, List<String>> examples = new LinkedHashMap<>();
        for (Map<String, Object> t : tests) {
            examples.computeIfAbsent((String) t.get("category"), k -> new ArrayList<>()).add(t.get("question") + " | "
                    + t.get("goldSql"));
        }
        examples.forEach((k, v) -> System.out.println("  " + k + ": " + v.get(0)));
    }

    @Test
    void shouldRejectBadRequestsNamingTheField() {
        given().header("X-API-Key", key).contentType("application/json")
                .body(Map.of("name", "x", "targetDatabase", "nope", "nativeSchema", "exp_v3"))
                .when().post("/test-suites").then().statusCode(400).body("field", equalTo("targetDatabase"));
        given().header("X-API-Key", key).contentType("application/json")
                .body(Map.of("name", "x", "targetDatabase", "footballdb_v3", "nativeSchema", "exp_v3",
                        "counts", Map.of("window-functions", 3)))
                .when().post("/test-suites").then().statusCode(400).body("field", equalTo("counts.window-functions"));
        given().header("X-API-Key", key).contentType("application/json")
                .body(Map.of("name", "x", "targetDatabase", "footballdb_v3", "nativeSchema", "exp_v3",
                        "tables", List.of("no_such_table")))
                .when().post("/test-suites").then().statusCode(400).body("error", containsString("no_such_table"));
        given().header("X-API-Key", key).when().get("/test-suites/" + UUID.randomUUID()).then().statusCode(404);
        given().when().get("/test-suites/" + UUID.randomUUID()).then().statusCode(401);
    }
}
