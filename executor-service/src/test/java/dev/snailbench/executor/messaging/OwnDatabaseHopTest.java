package dev.snailbench.executor.messaging;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.snailbench.executor.support.OwnDb;
import dev.snailbench.executor.support.Requests;
import dev.snailbench.executor.support.Tasks;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.EvaluationOptions.GoldScreening;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.event.DatabaseLoginFailed;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.event.JobEnded;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.PostgresTestResource;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A team's own database over the real broker: tables in schema {@code sales}, registered with a read-only login that
 * has no preset search path. The items name the schema (the job's {@code nativeSchema}); gold, prediction and the gold
 * screening's probe all run with it first on the path, and an item whose schema the login cannot use says why. Views
 * the platform creates with the team's admin login are granted to the read-only login in the same transaction.
 * Beyond the in-memory tier: a team's schema, search path and admin-made views on a real PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
class OwnDatabaseHopTest {

    private static TopicClient topics;
    private static TenantKeys.Tenant team;
    private static String databaseId;

    @BeforeAll
    static void setUp() {
        OwnDb.create();
        topics = new TopicClient();
    }

    /** The team and its registration, made once (REST is served once the test's application runs). */
    @BeforeEach
    void register() {
        if (team == null) {
            team = TenantKeys.register("own-db-team", answers("/databases", 200));
            databaseId = given().header(ApiKeys.HEADER, team.apiKey())
                    .contentType(ContentType.JSON)
                    .body(DatabaseRegistration.postgresql("our shop", OwnDb.jdbcUrl(), OwnDb.READER, OwnDb.PASSWORD))
                    .post("/databases")
                    .then()
                    .statusCode(201)
                    .extract()
                    .path("id");
        }
    }

    @AfterAll
    static void disconnect() {
        topics.close();
    }

    @Test
    void shouldRunTheItemsUnqualifiedSqlInTheSchemaItsJobNames() {
        ExecutionCompleted inSales = run(
                Requests.registered(databaseId).withSchema(OwnDb.SCHEMA),
                "SELECT count(*) AS n FROM orders",
                "SELECT count(*) AS n FROM orders JOIN customers c " + "ON c.id = orders.customer_id",
                GoldScreening.FLAG);
        ExecutionCompleted onTheLoginsPath = run(
                Requests.registered(databaseId),
                "SELECT count(*) AS n FROM orders",
                "SELECT count(*) AS n FROM orders",
                GoldScreening.FLAG);

        assertThat(inSales.gold().status()).as(inSales.gold().error()).isEqualTo(ExecutionStatus.OK);
        assertThat(inSales.gold().rows()).containsExactly(List.of(Integer.toString(OwnDb.ORDERS)));
        assertThat(inSales.predicted().rows()).isEqualTo(inSales.gold().rows());
        assertThat(onTheLoginsPath.gold().error()).contains("relation \"orders\" does not exist");
    }

    @Test
    void shouldScreenTheGoldInTheSameSchema() {
        // Customer 1 has two orders: the probe that reads the rows around the cut must find them in sales.orders.
        ExecutionCompleted completed = run(
                Requests.registered(databaseId).withSchema(OwnDb.SCHEMA),
                "SELECT id FROM orders ORDER BY customer_id LIMIT 1",
                "SELECT 1",
                GoldScreening.FLAG);

        assertThat(completed.gold().status()).as(completed.gold().error()).isEqualTo(ExecutionStatus.OK);
        assertThat(completed.goldNondeterministic())
                .isEqualTo("LIMIT 1 cuts through rows tied on ORDER BY " + "customer_id (rows 1 and 2 share the keys)");
    }

    @Test
    void shouldSayWhichSchemaTheLoginCannotUse() {
        ExecutionCompleted completed = run(
                Requests.registered(databaseId).withSchema("hr"),
                "SELECT count(*) FROM staff",
                "SELECT count(*) FROM staff",
                GoldScreening.OFF);

        assertThat(completed.gold().status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(completed.gold().sqlState()).isEqualTo("3F000");
        assertThat(completed.gold().error())
                .isEqualTo("schema \"hr\" cannot be used by login \"own_reader\": it has "
                        + "no USAGE privilege on it (GRANT USAGE ON SCHEMA \"hr\" TO \"own_reader\")");
        assertThat(completed.predicted().error()).isEqualTo(completed.gold().error());
    }

    @Test
    void shouldLetTheReadOnlyLoginReadTheViewsTheAdminLoginCreated() {
        String withAdmin = given().header(ApiKeys.HEADER, team.apiKey())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        "our shop, views",
                        "kind",
                        "postgresql",
                        "jdbcUrl",
                        OwnDb.jdbcUrl(),
                        "user",
                        OwnDb.READER,
                        "password",
                        OwnDb.PASSWORD,
                        "adminUser",
                        OwnDb.ADMIN,
                        "adminPassword",
                        OwnDb.PASSWORD))
                .post("/databases")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        String views = "shop_nl_" + UUID.randomUUID().toString().substring(0, 8);
        // The platform's shapes (NaturalViewDdl, RefinedViews), applied with the admin login.
        List<String> ddl = List.of(
                "CREATE SCHEMA IF NOT EXISTS \"" + views + "\"",
                "DROP VIEW IF EXISTS \"" + views + "\".\"client\"",
                "CREATE VIEW \"" + views + "\".\"client\" AS SELECT \"id\" AS \"client_id\", \"name\" AS "
                        + "\"client_name\", \"city\" AS \"home_town\" FROM \"sales\".\"customers\"");

        DatabaseTaskCompleted applied = Tasks.ask(
                DatabaseTaskRequested.applyDdl(team.tenantId(), UUID.fromString(withAdmin), OwnDb.SCHEMA, ddl));
        // A natural-view job's prompt reads the view schema, samples included, with the read-only login ...
        DatabaseTaskCompleted prompt =
                Tasks.ask(DatabaseTaskRequested.promptSchema(team.tenantId(), UUID.fromString(withAdmin), views, 2));
        // ... and its items run there with it.
        ExecutionCompleted item = run(
                Requests.registered(withAdmin).withSchema(views),
                "SELECT client_name FROM client WHERE home_town = 'Basel'",
                "SELECT count(*) FROM client",
                GoldScreening.FLAG);

        assertThat(applied.error()).isNull();
        assertThat(applied.applied()).isEqualTo(3);
        assertThat(prompt.error()).isNull();
        assertThat(prompt.promptSchema().schema().tables()).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo("client");
            assertThat(t.columns())
                    .extracting(DatabaseSchema.Column::name)
                    .containsExactly("client_id", "client_name", "home_town");
            assertThat(t.columns().get(1).samples()).containsExactly("Ada", "Edsger");
        });
        assertThat(item.gold().status()).as(item.gold().error()).isEqualTo(ExecutionStatus.OK);
        assertThat(item.gold().rows()).containsExactly(List.of("Ada"));
        assertThat(item.predicted().rows()).containsExactly(List.of("3"));
    }

    @Test
    void shouldRefuseToDeleteADatabaseWhileAJobUsesItAndDeleteItOnceTheJobIsCancelled() {
        String used = register("in use " + UUID.randomUUID());
        String named = register("named by another " + UUID.randomUUID());
        UUID job = UUID.randomUUID();
        ExecutionCompleted item = run(
                job,
                team.tenantId(),
                Requests.registered(used).withSchema(OwnDb.SCHEMA),
                "SELECT count(*) FROM orders",
                "SELECT 1",
                GoldScreening.OFF);
        // Another tenant's item naming the team's database is refused, and holds nothing.
        ExecutionCompleted stranger = run(
                UUID.randomUUID(),
                "someone-else",
                Requests.registered(named),
                "SELECT 1",
                "SELECT 1",
                GoldScreening.OFF);

        assertThat(item.gold().status()).as(item.gold().error()).isEqualTo(ExecutionStatus.OK);
        assertThat(stranger.gold().error()).contains("is not registered for tenant someone-else");
        given().header(ApiKeys.HEADER, team.apiKey())
                .delete("/databases/" + used)
                .then()
                .statusCode(409)
                .body("field", equalTo("id"))
                .body("error", containsString("database " + used + " is in use by running job " + job));
        given().header(ApiKeys.HEADER, team.apiKey())
                .delete("/databases/" + named)
                .then()
                .statusCode(204);

        JobCancelled cancelled = JobCancelled.of(job, team.tenantId(), "cancelled by the tenant");
        topics.send(Topics.JOBS_CANCELLED, cancelled.key(), EventJson.write(cancelled));
        awaitDeleted(used);
    }

    @Test
    void shouldDeleteADatabaseRightAfterTheJobThatUsedItEnded() {
        String used = register("used by an ended job " + UUID.randomUUID());
        UUID job = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        ExecutionCompleted item = run(
                job,
                team.tenantId(),
                Requests.registered(used).withSchema(OwnDb.SCHEMA),
                "SELECT count(*) FROM orders",
                "SELECT 1",
                GoldScreening.OFF);
        assertThat(item.gold().status()).as(item.gold().error()).isEqualTo(ExecutionStatus.OK);
        given().header(ApiKeys.HEADER, team.apiKey())
                .delete("/databases/" + used)
                .then()
                .statusCode(409);

        // Another job's end releases nothing of this one's.
        JobEnded otherEnded = JobEnded.of(other, team.tenantId(), "completed");
        topics.send(Topics.JOBS_ENDED, otherEnded.key(), EventJson.write(otherEnded));
        JobEnded ended = JobEnded.of(job, team.tenantId(), "completed");
        topics.send(Topics.JOBS_ENDED, ended.key(), EventJson.write(ended));
        // Well within database-use.hold (10 min): the end released it, not the time.
        awaitDeleted(used);
    }

    @Test
    void shouldKeepADatabaseHeldWhileAnotherJobThatUsedItRuns() {
        String used = register("used by two jobs " + UUID.randomUUID());
        UUID ending = UUID.randomUUID();
        UUID running = UUID.randomUUID();
        for (UUID job : List.of(ending, running)) {
            ExecutionCompleted item = run(
                    job,
                    team.tenantId(),
                    Requests.registered(used).withSchema(OwnDb.SCHEMA),
                    "SELECT count(*) FROM orders",
                    "SELECT 1",
                    GoldScreening.OFF);
            assertThat(item.gold().status()).as(item.gold().error()).isEqualTo(ExecutionStatus.OK);
        }
        JobEnded ended = JobEnded.of(ending, team.tenantId(), "completed");
        topics.send(Topics.JOBS_ENDED, ended.key(), EventJson.write(ended));

        // Once the ended job is released, the running one alone holds it.
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().header(ApiKeys.HEADER, team.apiKey())
                        .delete("/databases/" + used)
                        .then()
                        .statusCode(409)
                        .body("error", containsString("in use by running job " + running))
                        .body("error", not(containsString(ending.toString()))));
    }

    @Test
    void shouldTellOnceThatAJobsDatabaseLoginFailedWhenItsPasswordChangesMidJob() throws Exception {
        String login = "own_rotating_" + UUID.randomUUID().toString().substring(0, 8);
        String id = registerOwnLogin(login);
        UUID job = UUID.randomUUID();
        DatabaseRef database = Requests.registered(id).withSchema(OwnDb.SCHEMA);
        ExecutionCompleted before =
                run(job, team.tenantId(), database, "SELECT count(*) FROM orders", "SELECT 2", GoldScreening.OFF);
        assertThat(before.gold().status()).as(before.gold().error()).isEqualTo(ExecutionStatus.OK);

        // The DBA changes the login's password mid-job: the pool's connections are refused from their next attempt.
        asTheDba(
                "ALTER ROLE " + login + " PASSWORD 'changed-by-the-dba'",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + login + "'");
        for (int i = 0; i < 4; i++) {
            ExecutionCompleted after = run(
                    job, team.tenantId(), database, "SELECT count(*) FROM customers", "SELECT 3", GoldScreening.OFF);
            assertThat(after.gold().status()).isEqualTo(ExecutionStatus.ERROR);
        }

        String key = job + "|" + id;
        List<DatabaseLoginFailed> told = TopicClient.awaitUntil(
                        Topics.DATABASE_LOGINS_FAILED,
                        r -> key.equals(r.key()),
                        found -> !found.isEmpty(),
                        Duration.ofSeconds(30))
                .stream()
                .map(r -> EventJson.read(r.value(), DatabaseLoginFailed.class))
                .toList();
        assertThat(told).singleElement().satisfies(event -> {
            assertThat(event.jobId()).isEqualTo(job);
            assertThat(event.tenantId()).isEqualTo(team.tenantId());
            assertThat(event.database()).isEqualTo(id);
            assertThat(event.reason())
                    .startsWith("the database login \"" + login + "\" failed: ")
                    .contains("authentication failed for login \"" + login + "\"")
                    .doesNotContain("changed-by-the-dba")
                    .doesNotContain(OwnDb.PASSWORD);
        });
    }

    @Test
    void shouldNotTakeAServerThatDoesNotAnswerForAFailedLoginEvenOnceItsCircuitIsOpen() throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(PostgresTestResource.DEAD_HOST))) {
            closedPort = probe.getLocalPort();
        }
        DatabaseRef unreachable = Requests.inline(
                team.tenantId(),
                "jdbc:postgresql://" + PostgresTestResource.DEAD_HOST + ":" + closedPort + "/shop",
                OwnDb.READER,
                OwnDb.PASSWORD);
        UUID job = UUID.randomUUID();
        // More failed connections than the circuit allows: the later items fail while it is open.
        for (int i = 0; i < 5; i++) {
            ExecutionCompleted refused =
                    run(job, team.tenantId(), unreachable, "SELECT " + i, "SELECT 1", GoldScreening.OFF);
            assertThat(refused.gold().status()).isEqualTo(ExecutionStatus.ERROR);
            assertThat(refused.gold().sqlState()).startsWith("08");
        }
        // The same job's item on a database whose login fails: the one event of the job there is to read.
        String login = "own_dropped_" + UUID.randomUUID().toString().substring(0, 8);
        String id = registerOwnLogin(login);
        asTheDba("ALTER ROLE " + login + " PASSWORD 'changed-by-the-dba'");
        run(job, team.tenantId(), Requests.registered(id), "SELECT 1", "SELECT 1", GoldScreening.OFF);

        String authentication = job + "|" + id;
        List<String> told = TopicClient.awaitUntil(
                        Topics.DATABASE_LOGINS_FAILED,
                        r -> r.key().startsWith(job + "|"),
                        found -> found.stream().anyMatch(r -> authentication.equals(r.key())),
                        Duration.ofSeconds(30))
                .stream()
                .map(r -> r.key())
                .toList();
        assertThat(told).containsExactly(authentication);
    }

    /** Deletes the registration as soon as nothing holds it (30 s at most); it is gone afterwards. */
    private static void awaitDeleted(String id) {
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().header(ApiKeys.HEADER, team.apiKey())
                        .delete("/databases/" + id)
                        .then()
                        .statusCode(204));
        given().header(ApiKeys.HEADER, team.apiKey())
                .get("/databases/" + id)
                .then()
                .statusCode(404);
    }

    /** A login of the DBA's making that reads the schema sales, registered by the team: its registration's id. */
    private static String registerOwnLogin(String login) throws Exception {
        asTheDba(
                "CREATE ROLE " + login + " LOGIN PASSWORD '" + OwnDb.PASSWORD + "'",
                "GRANT CONNECT ON DATABASE " + OwnDb.NAME + " TO " + login,
                "GRANT USAGE ON SCHEMA sales TO " + login,
                "GRANT SELECT ON ALL TABLES IN SCHEMA sales TO " + login);
        return given().header(ApiKeys.HEADER, team.apiKey())
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql("own login " + login, OwnDb.jdbcUrl(), login, OwnDb.PASSWORD))
                .post("/databases")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private static void asTheDba(String... statements) throws Exception {
        try (Connection c = LocalStack.targets().connect(OwnDb.NAME);
                Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    private static String register(String name) {
        return given().header(ApiKeys.HEADER, team.apiKey())
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql(name, OwnDb.jdbcUrl(), OwnDb.READER, OwnDb.PASSWORD))
                .post("/databases")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private static ExecutionCompleted run(DatabaseRef database, String gold, String predicted, GoldScreening mode) {
        return run(UUID.randomUUID(), team.tenantId(), database, gold, predicted, mode);
    }

    private static ExecutionCompleted run(
            UUID job, String tenantId, DatabaseRef database, String gold, String predicted, GoldScreening mode) {
        ExecutionRequested request = Requests.request(
                job, tenantId, database, gold, Requests.predicted(predicted), new EvaluationOptions(null, mode));
        topics.send(Topics.SQL_TO_EXECUTE, request.key(), EventJson.write(ExecutionsRequested.of(List.of(request))));
        return Requests.resultOf(request);
    }
}
