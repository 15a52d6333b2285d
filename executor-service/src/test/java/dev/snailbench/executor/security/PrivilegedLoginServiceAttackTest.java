package dev.snailbench.executor.security;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.executor.support.Requests;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, privileged logins through the service (real PostgreSQL and broker; the tests' operator allows only the
 * test kit's superuser): registering a superuser, a member of a predefined role or a login that can write is a 400
 * naming {@code user} with the reason, a reader registers, and a job naming a privileged login inline runs nothing.
 * Every case of the class: {@link LoginPrivilegeAttackTest}.
 * Beyond the in-memory tier: real logins' privileges, through the REST API and a job over the broker.
 */
@QuarkusTest
@RealInfrastructure
class PrivilegedLoginServiceAttackTest {

    private static final String DB = "login_service_attack";
    private static final String PASSWORD = "login-service-pw";

    private static TopicClient topics;
    private static String key;

    @BeforeAll
    static void logins() throws SQLException {
        Postgres pg = LocalStack.targets();
        pg.createDatabase(DB);
        try (Connection c = pg.connect(DB);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS scores (id int, points int)");
            for (String role : List.of("ls_reader", "ls_super", "ls_files", "ls_stats", "ls_writer")) {
                s.execute("DO $$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role + "') THEN "
                        + "CREATE ROLE " + role + " LOGIN PASSWORD '" + PASSWORD + "'; END IF; END$$");
                s.execute("GRANT SELECT ON scores TO " + role);
            }
            s.execute("ALTER ROLE ls_super SUPERUSER");
            s.execute("GRANT pg_read_server_files TO ls_files");
            s.execute("GRANT pg_monitor TO ls_stats");
            s.execute("GRANT UPDATE ON scores TO ls_writer");
        }
        topics = new TopicClient();
    }

    @BeforeEach
    void tenant() {
        synchronized (PrivilegedLoginServiceAttackTest.class) {
            if (key == null) {
                key = TenantKeys.register("privileged-logins", answers("/databases", 200))
                        .apiKey();
            }
        }
    }

    @AfterAll
    static void disconnect() {
        topics.close();
    }

    @Test
    void shouldRefuseToRegisterALoginThatCanDoMoreThanReadNamingUserAndWhy() {
        Map<String, String> reasons = new LinkedHashMap<>();
        reasons.put("ls_super", "is a superuser");
        reasons.put("ls_files", "pg_read_server_files");
        reasons.put("ls_stats", "pg_monitor");
        reasons.put("ls_writer", "public.scores");
        reasons.forEach((role, reason) -> given().header(ApiKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(registration(role))
                .post("/databases")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("field", equalTo("user"))
                .body("error", containsString("the login " + role + " can do more than read"))
                .body("error", containsString(reason)));

        given().header(ApiKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(registration("ls_reader"))
                .post("/databases")
                .then()
                .statusCode(201);
        assertThat(given().header(ApiKeys.HEADER, key)
                        .get("/databases")
                        .then()
                        .statusCode(200)
                        .extract()
                        .<List<String>>path("user"))
                .containsExactly("ls_reader");
    }

    @Test
    void shouldRunNothingOfAJobThatNamesAPrivilegedLoginInline() {
        String tenant = "t-privileged";
        String url = LocalStack.targets().jdbcUrl(DB);
        ExecutionRequested privileged = Requests.request(
                UUID.randomUUID(),
                tenant,
                Requests.inline(tenant, url, "ls_files", PASSWORD),
                "SELECT count(*) FROM scores",
                Requests.predicted("SELECT count(*) FROM scores"));
        ExecutionRequested reader = Requests.request(
                UUID.randomUUID(),
                tenant,
                Requests.inline(tenant, url, "ls_reader", PASSWORD),
                "SELECT count(*) AS n FROM scores",
                Requests.predicted("SELECT count(*) AS n FROM scores"));
        topics.send(
                Topics.SQL_TO_EXECUTE, privileged.key(), EventJson.write(ExecutionsRequested.of(List.of(privileged))));
        topics.send(Topics.SQL_TO_EXECUTE, reader.key(), EventJson.write(ExecutionsRequested.of(List.of(reader))));

        ExecutionCompleted refused = await(privileged);
        ExecutionCompleted ran = await(reader);

        assertThat(refused.gold().status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(refused.gold().error())
                .contains("the login ls_files can do more than read")
                .contains("pg_read_server_files");
        assertThat(refused.gold().rows()).isEmpty();
        assertThat(refused.predicted().status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(refused.predicted().rows()).isEmpty();
        assertThat(ran.gold().status()).isEqualTo(ExecutionStatus.OK);
        assertThat(ran.predicted().status()).isEqualTo(ExecutionStatus.OK);
    }

    private static Map<String, Object> registration(String role) {
        return DatabaseRegistration.postgresql(
                "db-" + role, LocalStack.targets().jdbcUrl(DB), role, PASSWORD);
    }

    private static ExecutionCompleted await(ExecutionRequested request) {
        return Requests.resultOf(request);
    }
}
