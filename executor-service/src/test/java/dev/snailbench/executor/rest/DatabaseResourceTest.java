package dev.snailbench.executor.rest;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;

import dev.snailbench.executor.service.SecretReseal;
import dev.snailbench.executor.support.OwnDb;
import dev.snailbench.executor.support.Requests;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.PostgresTestResource;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The database registry over HTTP, with API keys learnt from the real tenants topic.
 * Beyond the in-memory tier: one name among concurrent registrations, connection tests and search paths of real logins.
 */
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

        String listed = given().header(ApiKeys.HEADER, alice)
                .get("/databases")
                .then()
                .statusCode(200)
                .body("id", hasItems(id))
                .extract()
                .asString();
        given().header(ApiKeys.HEADER, alice)
                .get("/databases/" + id)
                .then()
                .statusCode(200)
                .body("name", equalTo("football v1"))
                .body("kind", equalTo("postgresql"))
                .body("user", equalTo(Postgres.USER))
                .body("options.sslmode", equalTo("disable"))
                .body("host", equalTo("127.0.0.1"))
                .body("database", equalTo(FootballDb.databaseName("v1")))
                .body("$", not(Matchers.hasKey("password")));
        assertThat(listed).doesNotContain("\"password\"").doesNotContain("sealedPassword");

        given().header(ApiKeys.HEADER, alice).delete("/databases/" + id).then().statusCode(204);
        given().header(ApiKeys.HEADER, alice)
                .get("/databases/" + id)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(id));
        given().header(ApiKeys.HEADER, alice)
                .delete("/databases/" + id)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(id));
    }

    @Test
    void shouldStoreThePasswordEncrypted() throws Exception {
        String id = register(alice, "sealed", FootballDb.databaseName("v1"));

        try (Connection c = LocalStack.postgres().connect(Postgres.PLATFORM_DATABASE);
                PreparedStatement s =
                        c.prepareStatement("SELECT sealedpassword FROM executor.target_database WHERE id = ?::uuid")) {
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
        assertThat(currentOnly.open(sealed(rotated), "database:" + rotated + ":password"))
                .isEqualTo(Postgres.PASSWORD);
        assertThat(currentOnly.open(sealed(unbound), "database:" + unbound + ":password"))
                .isEqualTo(Postgres.PASSWORD);
        assertThat(currentOnly.sealedWithCurrentKey(sealed(broken))).isFalse();
        assertThat(reseal.resealNow()).as("nothing left to re-seal").isZero();
        given().header(ApiKeys.HEADER, alice)
                .post("/databases/" + rotated + "/test")
                .then()
                .statusCode(200)
                .body("ok", equalTo(true));
    }

    private static final String OLD_TEST_KEY = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=";

    private static void setSealed(String id, String sealed) throws Exception {
        try (Connection c = LocalStack.postgres().connect(Postgres.PLATFORM_DATABASE);
                PreparedStatement s = c.prepareStatement(
                        "UPDATE executor.target_database SET sealedpassword = ? WHERE id = ?::uuid")) {
            s.setString(1, sealed);
            s.setString(2, id);
            assertThat(s.executeUpdate()).isEqualTo(1);
        }
    }

    private static String sealed(String id) throws Exception {
        try (Connection c = LocalStack.postgres().connect(Postgres.PLATFORM_DATABASE);
                PreparedStatement s =
                        c.prepareStatement("SELECT sealedpassword FROM executor.target_database WHERE id = ?::uuid")) {
            s.setString(1, id);
            ResultSet rs = s.executeQuery();
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    @Test
    void shouldHideOneTenantsDatabaseFromAnother() {
        String id = register(alice, "private", FootballDb.databaseName("v2"));

        given().header(ApiKeys.HEADER, bob)
                .get("/databases/" + id)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(id));
        given().header(ApiKeys.HEADER, bob)
                .post("/databases/" + id + "/test")
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(id));
        given().header(ApiKeys.HEADER, bob)
                .get("/databases/" + id + "/schema")
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(id));
        given().header(ApiKeys.HEADER, bob)
                .delete("/databases/" + id)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(id));
        given().header(ApiKeys.HEADER, bob)
                .get("/databases")
                .then()
                .statusCode(200)
                .body("id", not(hasItems(id)));
        given().header(ApiKeys.HEADER, alice).get("/databases/" + id).then().statusCode(200);
    }

    @Test
    void shouldRefuseCallsWithoutAValidApiKey() {
        given().get("/databases").then().statusCode(401).body("error", containsString(ApiKeys.HEADER));
        given().header(ApiKeys.HEADER, "sb_not-a-key")
                .get("/databases")
                .then()
                .statusCode(401)
                .body("error", equalTo("invalid API key"));
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "x"))
                .post("/databases")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo(ApiKeys.HEADER))
                .body("error", containsString(ApiKeys.HEADER));
    }

    @Test
    void shouldTestTheConnectionOfARegisteredDatabase() throws Exception {
        String login = "tested_" + UUID.randomUUID().toString().substring(0, 8);
        role(login, "first");
        String good = register(alice, "good", FootballDb.databaseName("v1"));
        String changing = registerAs(alice, "changing password", login, "first");

        given().header(ApiKeys.HEADER, alice)
                .post("/databases/" + good + "/test")
                .then()
                .statusCode(200)
                .body("ok", equalTo(true))
                .body("databaseProduct", equalTo("PostgreSQL"));
        // The DBA changes the password: a category and the executor's sentence naming the login, not the driver's text.
        sql("ALTER ROLE " + login + " PASSWORD 'second'");
        given().header(ApiKeys.HEADER, alice)
                .post("/databases/" + changing + "/test")
                .then()
                .statusCode(200)
                .body("ok", equalTo(false))
                .body("category", equalTo("auth_failed"))
                .body(
                        "error",
                        equalTo("authentication failed for login \"" + login + "\" on "
                                + LocalStack.targets().hostAndPort() + ": check the user and password"))
                .body("sqlState", equalTo("28000"))
                .body("elapsedMillis", equalTo(null));
    }

    @Test
    void shouldKeepNoRegistrationWhoseConnectionTestFailsAndSayWhatFailed() throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(PostgresTestResource.DEAD_HOST))) {
            closedPort = probe.getLocalPort();
        }
        String url = LocalStack.targets().jdbcUrl("footballdb_v1");

        given().header(ApiKeys.HEADER, alice)
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql("wrong password", url, "nobody_here", "nope"))
                .post("/databases")
                .then()
                .statusCode(400)
                .body("field", equalTo("password"))
                .body(
                        "error",
                        equalTo("the connection test failed (auth_failed): authentication failed for login "
                                + "\"nobody_here\" on " + LocalStack.targets().hostAndPort() + ": check the user and "
                                + "password; nothing was stored"));
        given().header(ApiKeys.HEADER, alice)
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql(
                        "nothing there",
                        "jdbc:postgresql://" + PostgresTestResource.DEAD_HOST + ":" + closedPort + "/shop",
                        "u",
                        "p"))
                .post("/databases")
                .then()
                .statusCode(400)
                .body("field", equalTo("jdbcUrl"))
                .body(
                        "error",
                        containsString("(refused): nothing listens on " + PostgresTestResource.DEAD_HOST + ":"
                                + closedPort + ": "))
                .body("error", not(containsString("allowed-networks")));
        given().header(ApiKeys.HEADER, alice)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        "wrong admin",
                        "kind",
                        "postgresql",
                        "jdbcUrl",
                        url,
                        "user",
                        Postgres.USER,
                        "password",
                        Postgres.PASSWORD,
                        "adminUser",
                        Postgres.USER,
                        "adminPassword",
                        "not-it"))
                .post("/databases")
                .then()
                .statusCode(400)
                .body("field", equalTo("adminPassword"))
                .body("error", containsString("the admin login's connection test failed (auth_failed)"));

        given().header(ApiKeys.HEADER, alice)
                .get("/databases")
                .then()
                .statusCode(200)
                .body("name", not(hasItems("wrong password")))
                .body("name", not(hasItems("nothing there")))
                .body("name", not(hasItems("wrong admin")));
    }

    @Test
    void shouldKeepATenantsDatabaseNamesUniqueInAnyCaseEvenWhenRegisteredAtOnce() throws Exception {
        String name = "Shop " + UUID.randomUUID().toString().substring(0, 8);
        register(alice, name, FootballDb.databaseName("v1"));

        given().header(ApiKeys.HEADER, alice)
                .contentType(ContentType.JSON)
                .body(body(" " + name.toUpperCase() + " "))
                .post("/databases")
                .then()
                .statusCode(409)
                .body("status", equalTo(409))
                .body("field", equalTo("name"))
                .body("error", containsString("already has a database named"));
        // Another tenant's names are its own.
        register(bob, name, FootballDb.databaseName("v1"));

        // Four registrations of one new name at once: the table's constraint lets exactly one through.
        String raced = "raced " + UUID.randomUUID().toString().substring(0, 8);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                answers.add(threads.submit(() -> given().header(ApiKeys.HEADER, alice)
                        .contentType(ContentType.JSON)
                        .body(body(raced))
                        .post("/databases")
                        .statusCode()));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get(120, TimeUnit.SECONDS));
            }
            assertThat(statuses).containsExactlyInAnyOrder(201, 409, 409, 409);
        } finally {
            threads.shutdownNow();
        }
        given().header(ApiKeys.HEADER, alice)
                .get("/databases")
                .then()
                .statusCode(200)
                .body("findAll { it.name == '" + raced + "' }.size()", equalTo(1));
    }

    @Test
    void shouldChangeANameALoginsPasswordAndTheAdminLoginTestingNewCredentialsFirst() throws Exception {
        String login = "updated_" + UUID.randomUUID().toString().substring(0, 8);
        role(login, "old-password");
        String id = registerAs(alice, "before " + login, login, "old-password");
        String other = register(alice, "taken " + login, FootballDb.databaseName("v1"));

        // A typo in the new password changes nothing, and never pauses the registration.
        for (int i = 0; i < 4; i++) {
            patch(alice, id, Map.of("password", "typo"))
                    .statusCode(400)
                    .body("field", equalTo("password"))
                    .body("error", containsString("(auth_failed): authentication failed for login \"" + login));
        }
        given().header(ApiKeys.HEADER, alice)
                .post("/databases/" + id + "/test")
                .then()
                .body("ok", equalTo(true));

        sql("ALTER ROLE " + login + " PASSWORD 'new-password'");
        patch(alice, id, Map.of("password", "new-password"))
                .statusCode(200)
                .body("user", equalTo(login))
                .body("path.searchPath", hasItems("public"));
        given().header(ApiKeys.HEADER, alice)
                .post("/databases/" + id + "/test")
                .then()
                .body("ok", equalTo(true));

        patch(alice, id, Map.of("name", "after " + login)).statusCode(200).body("name", equalTo("after " + login));
        patch(alice, id, Map.of("name", "TAKEN " + login)).statusCode(409).body("field", equalTo("name"));
        patch(alice, id, Map.of("adminUser", Postgres.USER, "adminPassword", "not-it"))
                .statusCode(400)
                .body("field", equalTo("adminPassword"));
        patch(alice, id, Map.of("adminUser", Postgres.USER, "adminPassword", Postgres.PASSWORD))
                .statusCode(200)
                .body("adminUser", equalTo(Postgres.USER));
        patch(alice, id, Map.of("adminUser", "")).statusCode(200).body("adminUser", equalTo(null));
        patch(alice, id, Map.of()).statusCode(400).body("field", equalTo("body"));
        patch(alice, id, Map.of("user", login)).statusCode(400).body("field", equalTo("password"));
        patch(bob, id, Map.of("name", "theirs")).statusCode(404);

        given().header(ApiKeys.HEADER, alice)
                .get("/databases/" + id)
                .then()
                .statusCode(200)
                .body("name", equalTo("after " + login))
                .body("adminUser", equalTo(null));
        given().header(ApiKeys.HEADER, alice).get("/databases/" + other).then().body("name", equalTo("taken " + login));
    }

    @Test
    void shouldSayWhichSchemasAreNotOnTheLoginsPathWhenRegisteredAndWhenTheSchemaIsRead() {
        OwnDb.create();
        Map<String, Object> own = DatabaseRegistration.postgresql(
                "own " + UUID.randomUUID(), OwnDb.jdbcUrl(), OwnDb.READER, OwnDb.PASSWORD);

        JsonPath registered = given().header(ApiKeys.HEADER, alice)
                .contentType(ContentType.JSON)
                .body(own)
                .post("/databases")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        JsonPath schema = given().header(ApiKeys.HEADER, alice)
                .get("/databases/" + registered.getString("id") + "/schema")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();

        for (JsonPath path : List.of(registered, schema)) {
            assertThat(path.getList("path.searchPath")).containsExactly("public");
            // (Other tests of the module add view schemas to this database.)
            assertThat(path.getList("path.offPath")).contains("sales").doesNotContain("public", "hr");
            assertThat(path.getList("path.notUsable")).containsExactly("hr");
            assertThat(path.getString("path.note"))
                    .containsPattern("the tables of schema (.+, )?sales(, .+)? are not "
                            + "on the search path of login own_reader \\(public\\)")
                    .contains("nativeSchema")
                    .contains("no USAGE on schema hr");
        }
        assertThat(schema.getList("tables.name")).contains("orders", "customers");
    }

    private static Map<String, Object> body(String name) {
        return DatabaseRegistration.postgresql(
                name, LocalStack.targets().jdbcUrl("footballdb_v1"), Postgres.USER, Postgres.PASSWORD);
    }

    private static io.restassured.response.ValidatableResponse patch(String apiKey, String id, Map<String, ?> body) {
        return given().header(ApiKeys.HEADER, apiKey)
                .contentType(ContentType.JSON)
                .body(body)
                .patch("/databases/" + id)
                .then();
    }

    private static String registerAs(String apiKey, String name, String user, String password) {
        return given().header(ApiKeys.HEADER, apiKey)
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql(
                        name, LocalStack.targets().jdbcUrl("footballdb_v1"), user, password))
                .post("/databases")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    /** A login that may read FootballDB v1, with this password. */
    private static void role(String login, String password) throws Exception {
        FootballDb.grantReader(LocalStack.targets(), "v1", login, password);
    }

    private static void sql(String statement) throws Exception {
        try (Connection c = LocalStack.targets().connect("footballdb_v1")) {
            c.createStatement().execute(statement);
        }
    }

    @Test
    void shouldDescribeTheSchemaWithKeysAndSampleValues() {
        String id = register(alice, "schema", FootballDb.databaseName("v1"));

        JsonPath schema = given().header(ApiKeys.HEADER, alice)
                .get("/databases/" + id + "/schema?samples=3")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();

        List<String> tables = schema.getList("tables.name");
        assertThat(tables).contains("national_team", "club", "stadium").doesNotContain("match_fact", "pg_class");
        Map<String, Object> team = schema.getMap("tables.find { it.name == 'national_team' }");
        assertThat(team.get("schema")).isEqualTo("exp_v1");
        assertThat((List<?>) team.get("primaryKey")).isNotEmpty();
        JsonPath teamJson = new JsonPath(schema.prettify());
        List<Map<String, Object>> columns = teamJson.getList("tables.find { it.name == 'national_team' }.columns");
        Map<String, Object> teamname = columns.stream()
                .filter(c -> c.get("name").equals("teamname"))
                .findFirst()
                .orElseThrow();
        assertThat(teamname.get("valueType")).isEqualTo("TEXT");
        assertThat((List<?>) teamname.get("samples")).hasSize(3);
        List<Map<String, Object>> fks = schema.getList("tables.foreignKeys.flatten()");
        assertThat(fks)
                .isNotEmpty()
                .allSatisfy(fk -> assertThat(fk.get("refTable")).isNotNull());

        given().header(ApiKeys.HEADER, alice)
                .get("/databases/" + id + "/schema?samples=1000")
                .then()
                .statusCode(400)
                .body("field", equalTo("samples"));
    }

    @Test
    void shouldNameTheFieldOfInvalidRegistrations() {
        String url = LocalStack.targets().jdbcUrl("footballdb_v1");
        invalid(Map.of("kind", "postgresql", "jdbcUrl", url, "user", "u", "password", "p"), "name");
        invalid(Map.of("name", "n", "kind", "oracle", "jdbcUrl", url, "user", "u", "password", "p"), "kind");
        invalid(Map.of("name", "n", "kind", "sqlserver", "jdbcUrl", url, "user", "u", "password", "p"), "jdbcUrl");
        invalid(DatabaseRegistration.postgresql("n", url + "?socketFactory=x.Evil", "u", "p"), "jdbcUrl");
        invalid(Map.of("name", "n", "kind", "postgresql", "jdbcUrl", url, "password", "p"), "user");
        invalid(Map.of("name", "n", "kind", "postgresql", "jdbcUrl", url, "user", "u"), "password");
        Map<String, Object> sslFactory = DatabaseRegistration.postgresql("n", url, "u", "p");
        sslFactory.put("options", Map.of("sslfactory", "x.Evil"));
        invalid(sslFactory, "options.sslfactory");
    }

    private static void invalid(Map<String, Object> body, String field) {
        given().header(ApiKeys.HEADER, alice)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/databases")
                .then()
                .statusCode(400)
                .body("field", equalTo(field))
                .body("error", containsString(field));
    }

    static String register(String apiKey, String name, String database) {
        return given().header(ApiKeys.HEADER, apiKey)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        name,
                        "kind",
                        "postgresql",
                        "jdbcUrl",
                        LocalStack.targets().jdbcUrl(database),
                        "user",
                        Postgres.USER,
                        "password",
                        Postgres.PASSWORD,
                        "options",
                        Map.of("sslmode", "disable")))
                .post("/databases")
                .then()
                .statusCode(201)
                .header("Location", containsString("/databases/"))
                .body("password", equalTo(null))
                .extract()
                .path("id");
    }
}
