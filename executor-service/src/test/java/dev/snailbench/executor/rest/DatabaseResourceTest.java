package dev.snailbench.executor.rest;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;

import dev.snailbench.executor.service.SecretReseal;
import dev.snailbench.executor.support.Requests;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The database registry over HTTP, with API keys learnt from the real tenants topic. */
@QuarkusTest
@RealInfrastructure
class DatabaseResourceTest {

    private static String alice;
    private static String bob;

    @BeforeAll
    static void databases() {
        LocalStack.targetsWithFootballDb();
    }

    /** Per test, not per class: REST Assured learns the random test port only before each test. */
    @BeforeEach
    void tenants() {
        synchronized (DatabaseResourceTest.class) {
            if (alice == null) {
                alice = TenantKeys.register("alice", answers("/databases", 200)).apiKey();
                bob = TenantKeys.register("bob", answers("/databases", 200)).apiKey();
            }
        }
    }

    @Test
    void shouldRegisterListShowAndRemoveADatabaseWithoutEverReturningThePassword() {
        String id = register(alice, "football v1", FootballDb.databaseName("v1"));

        String listed = given().header(ApiKeys.HEADER, alice).get("/databases").then().statusCode(200)
                .body("id", hasItems(id)).extract().asString();
        given().header(ApiKeys.HEADER, alice).get("/databases/" + id).then().statusCode(200)
                .body("name", equalTo("football v1")).body("kind", equalTo("postgresql"))
                .body("user", equalTo(Postgres.USER)).body("options.sslmode", equalTo("disable"))
                .body("host", equalTo("127.0.0.1")).body("database", equalTo(FootballDb.databaseName("v1")))
                .body("$", not(Matchers.hasKey("password")));
        assertThat(listed).doesNotContain("\"password\"").doesNotContain("sealedPassword");

        given().header(ApiKeys.HEADER, alice).delete("/databases/" + id).then().statusCode(204);
        given().header(ApiKeys.HEADER, alice).get("/databases/" + id).then().statusCode(404)
                .body("status", equalTo(404)).body("error", containsString(id));
        given().header(ApiKeys.HEADER, alice).delete("/databases/" + id).then().statusCode(404)
                .body("status", equalTo(404)).body("error", containsString(id));
    }

    @Test
    void shouldStoreThePasswordEncrypted() throws Exception {
        String id = register(alice, "sealed", FootballDb.databaseName("v1"));

        try (Connection c = LocalStack.postgres().connect(Postgres.PLATFORM_DATABASE); PreparedStatement s = c.prepareStatement(
                "SELECT sealedpassword FROM executor.target_database WHERE id = ?::uuid")) {
            s.setString(1, id);
            ResultSet rs = s.executeQuery();
            assertThat(rs.next()).isTrue();
            String stored = rs.getString(1);
            assertThat(stored).isNotEqualTo(Postgres.PASSWORD).doesNotContain(Postgres.PASSWORD);
            assertThat(new SecretCipher(Requests.TEST_KEY).open(stored, "database:" + id + ":password"))
                    .isEqualTo(Postgres.PASSWORD);
        }
    }

    @Inject
    SecretReseal reseal;

    @Test
    void shouldSealAgainWithTheCurrentKeyWhatARotatedOutKeySealedAndStillConnect() throws Exception {
        String rotated = register(alice, "rotated", FootballDb.databaseName("v1"));
        String broken = register(alice, "broken", FootballDb.databaseName("v1"));
        String unbound = register(alice, "unbound", FootballDb.databaseName("v1"));
        // As if registered before the rotation (sealed with the key now in previous-keys) and before secrets were
        // bound to their record (no associated data); and one no key opens.
        setSealed(rotated, new SecretCipher(OLD_TEST_KEY).seal(Postgres.PASSWORD));
        setSealed(unbound, new SecretCipher(Requests.TEST_KEY).seal(Postgres.PASSWORD));
        setSealed(broken, new SecretCipher("AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=").seal(Postgres.PASSWORD));

        int changed = reseal.resealNow();

        assertThat(changed).isEqualTo(2);
        SecretCipher currentOnly = new SecretCipher(Requests.TEST_KEY);
        assertThat(currentOnly.open(sealed(rotated), "database:" + rotated + ":password")).isEqualTo(Postgres.PASSWORD);
        assertThat(currentOnly.open(sealed(unbound), "database:" + unbound + ":password")).isEqualTo(Postgres.PASSWORD);
        assertThat(currentOnly.sealedWithCurrentKey(sealed(broken))).isFalse();
        assertThat(reseal.resealNow()).as("nothing left to re-seal").isZero();
        given().header(ApiKeys.HEADER, alice).post("/databases/" + rotated + "/test").then().statusCode(200)
                .body("ok", equalTo(true));
    }

    private static final String OLD_TEST_KEY = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=";

    private static void setSealed(String id, String sealed) throws Exception {
        try (Connection c = LocalStack.postgres().connect(Postgres.PLATFORM_DATABASE); PreparedStatement s = c.prepareStatement(
                "UPDATE executor.target_database SET sealedpassword = ? WHERE id = ?::uuid")) {
            s.setString(1, sealed);
            s.setString(2, id);
            assertThat(s.executeUpdate()).isEqualTo(1);
        }
    }

    private static String sealed(String id) throws Exception {
        try (Connection c = LocalStack.postgres().connect(Postgres.PLATFORM_DATABASE); PreparedStatement s = c.prepareStatement(
                "SELECT sealedpassword FROM executor.target_database WHERE id = ?::uuid")) {
            s.setString(1, id);
            ResultSet rs = s.executeQuery();
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    @Test
    void shouldHideOneTenantsDatabaseFromAnother() {
        String id = register(alice, "private", FootballDb.databaseName("v2"));

        given().header(ApiKeys.HEADER, bob).get("/databases/" + id).then().statusCode(404)
                .body("status", equalTo(404)).body("error", containsString(id));
        given().header(ApiKeys.HEADER, bob).post("/databases/" + id + "/test").then().statusCode(404)
                .body("status", equalTo(404)).body("error", containsString(id));
        given().header(ApiKeys.HEADER, bob).get("/databases/" + id + "/schema").then().statusCode(404)
                .body("status", equalTo(404)).body("error", containsString(id));
        given().header(ApiKeys.HEADER, bob).delete("/databases/" + id).then().statusCode(404)
                .body("status", equalTo(404)).body("error", containsString(id));
        given().header(ApiKeys.HEADER, bob).get("/databases").then().statusCode(200).body("id", not(hasItems(id)));
        given().header(ApiKeys.HEADER, alice).get("/databases/" + id).then().statusCode(200);
    }

    @Test
    void shouldRefuseCallsWithoutAValidApiKey() {
        given().get("/databases").then().statusCode(401).body("error", containsString(ApiKeys.HEADER));
        given().header(ApiKeys.HEADER, "sb_not-a-key").get("/databases").then().statusCode(401)
                .body("error", equalTo("invalid API key"));
        given().contentType(ContentType.JSON).body(Map.of("name", "x")).post("/databases").then().statusCode(401)
                .body("status", equalTo(401)).body("field", equalTo(ApiKeys.HEADER))
                .body("error", containsString(ApiKeys.HEADER));
    }

    @Test
    void shouldTestTheConnectionOfARegisteredDatabase() {
        String good = register(alice, "good", FootballDb.databaseName("v1"));
        String wrongPassword = given().header(ApiKeys.HEADER, alice).contentType(ContentType.JSON)
                .body(Map.of("name", "bad", "kind", "postgresql", "jdbcUrl",
                        LocalStack.targets().jdbcUrl("footballdb_v1"), "user", "nobody_here", "password", "nope"))
                .post("/databases").then().statusCode(201).extract().path("id");

        given().header(ApiKeys.HEADER, alice).post("/databases/" + good + "/test").then().statusCode(200)
                .body("ok", equalTo(true)).body("databaseProduct", equalTo("PostgreSQL"));
        // A category, not the driver's text (which names the login, the host and the port).
        given().header(ApiKeys.HEADER, alice).post("/databases/" + wrongPassword + "/test").then().statusCode(200)
                .body("ok", equalTo(false)).body("category", equalTo("authentication_failed"))
                .body("error", equalTo("authentication failed: check user and password"))
                .body("error", not(containsString("nobody_here"))).body("sqlState", equalTo("28000"))
                .body("elapsedMillis", equalTo(null));
    }

    @Test
    void shouldDescribeTheSchemaWithKeysAndSampleValues() {
        String id = register(alice, "schema", FootballDb.databaseName("v1"));

        JsonPath schema = given().header(ApiKeys.HEADER, alice).get("/databases/" + id + "/schema?samples=3")
                .then().statusCode(200).extract().jsonPath();

        List<String> tables = schema.getList("tables.name");
        assertThat(tables).contains("national_team", "club", "stadium").doesNotContain("match_fact", "pg_class");
        Map<String, Object> team = schema.getMap("tables.find { it.name == 'national_team' }");
        assertThat(team.get("schema")).isEqualTo("exp_v1");
        assertThat((List<?>) team.get("primaryKey")).isNotEmpty();
        JsonPath teamJson = new JsonPath(schema.prettify());
        List<Map<String, Object>> columns = teamJson.getList("tables.find { it.name == 'national_team' }.columns");
        Map<String, Object> teamname = columns.stream().filter(c -> c.get("name").equals("teamname")).findFirst()
                .orElseThrow();
        assertThat(teamname.get("valueType")).isEqualTo("TEXT");
        assertThat((List<?>) teamname.get("samples")).hasSize(3);
        List<Map<String, Object>> fks = schema.getList("tables.foreignKeys.flatten()");
        assertThat(fks).isNotEmpty().allSatisfy(fk -> assertThat(fk.get("refTable")).isNotNull());

        given().header(ApiKeys.HEADER, alice).get("/databases/" + id + "/schema?samples=1000").then()
                .statusCode(400).body("field", equalTo("samples"));
    }

    @Test
    void shouldNameTheFieldOfInvalidRegistrations() {
        String url = LocalStack.targets().jdbcUrl("footballdb_v1");
        invalid(Map.of("kind", "postgresql", "jdbcUrl", url, "user", "u", "password", "p"), "name");
        invalid(Map.of("name", "n", "kind", "oracle", "jdbcUrl", url, "user", "u", "password", "p"), "kind");
        invalid(Map.of("name", "n", "kind", "sqlserver", "jdbcUrl", url, "user", "u", "password", "p"), "jdbcUrl");
        invalid(Map.of("name", "n", "kind", "postgresql", "jdbcUrl", url + "?socketFactory=x.Evil", "user", "u",
                "password", "p"), "jdbcUrl");
        invalid(Map.of("name", "n", "kind", "postgresql", "jdbcUrl", url, "password", "p"), "user");
        invalid(Map.of("name", "n", "kind", "postgresql", "jdbcUrl", url, "user", "u"), "password");
        invalid(Map.of("name", "n", "kind", "postgresql", "jdbcUrl", url, "user", "u", "password", "p", "options",
                Map.of("sslfactory", "x.Evil")), "options.sslfactory");
    }

    private static void invalid(Map<String, Object> body, String field) {
        given().header(ApiKeys.HEADER, alice).contentType(ContentType.JSON).body(body).post("/databases").then()
                .statusCode(400).body("field", equalTo(field)).body("error", containsString(field));
    }

    static String register(String apiKey, String name, String database) {
        return given().header(ApiKeys.HEADER, apiKey).contentType(ContentType.JSON)
                .body(Map.of("name", name, "kind", "postgresql", "jdbcUrl", LocalStack.targets().jdbcUrl(database),
                        "user", Postgres.USER, "password", Postgres.PASSWORD, "options",
                        Map.of("sslmode", "disable")))
                .post("/databases").then().statusCode(201).header("Location", containsString("/databases/"))
                .body("password", equalTo(null)).extract().path("id");
    }

}
