package dev.snailbench.executor.security;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, registry over HTTP (the tests' operator allows the teams' PostgreSQL only): the platform's own
 * database, broker and HTTP port are refused; URL properties, credentials in URLs and internal addresses answer 400
 * naming the field; a failed connection test answers a category, not the driver's text. That platform endpoints are
 * refused even inside an allowed network: {@link PlatformEndpointAttackTest}.
 * Beyond the in-memory tier: the platform's own PostgreSQL and broker listening at the addresses registrations name.
 */
@QuarkusTest
@RealInfrastructure
class RegistryAttackTest {

    private static String key;

    @BeforeEach
    void tenant() {
        synchronized (RegistryAttackTest.class) {
            if (key == null) {
                key = TenantKeys.register("mallory", answers("/databases", 200)).apiKey();
            }
        }
    }

    @Test
    void shouldRefuseThePlatformsOwnDatabaseUnderEverySpellingOfLoopback() {
        Postgres platform = LocalStack.postgres();
        for (String host : new String[] {"127.0.0.1", "localhost", "127.0.0.2"}) {
            String url = "jdbc:postgresql://" + host + ":" + platform.port() + "/" + Postgres.PLATFORM_DATABASE;
            refused(url, Map.of(), "jdbcUrl").body("error", containsString(TargetPolicy.REFUSED));
        }
    }

    @Test
    void shouldRefuseTheBrokerAndTheExecutorsOwnHttpPort() {
        String broker = LocalStack.kafka().bootstrapServers().split(",")[0];
        refused("jdbc:postgresql://" + broker + "/x", Map.of(), "jdbcUrl");
        int http = ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class);
        refused("jdbc:postgresql://127.0.0.1:" + http + "/x", Map.of(), "jdbcUrl");
    }

    @Test
    void shouldRefuseUrlPropertiesCredentialsAndInternalAddresses() {
        String team = LocalStack.targets().jdbcUrl("footballdb_v1");
        refused(team + "?options=-c%20default_transaction_read_only=off&readOnlyMode=ignore", Map.of(), "jdbcUrl")
                .body("error", containsString("options"));
        refused(team + "?sslrootcert=/etc/passwd", Map.of(), "jdbcUrl").body("error", containsString("sslrootcert"));
        refused(team + "?service=platform", Map.of(), "jdbcUrl");
        refused(team + "?password=s3cret", Map.of(), "jdbcUrl")
                .body("error", containsString("credentials"))
                .body("error", not(containsString("s3cret")));
        refused(team, Map.of("options", "-c statement_timeout=0"), "options.options");
        refused(team, Map.of("readOnlyMode", "ignore"), "options.readOnlyMode");
        refused(
                "jdbc:sqlserver://127.0.0.1:1433;databaseName=x;authentication=ActiveDirectoryManagedIdentity",
                Map.of(),
                "jdbcUrl",
                "sqlserver");
        refused(
                "jdbc:sqlserver://127.0.0.1:1433;databaseName=x",
                Map.of("integratedSecurity", "true"),
                "options.integratedSecurity",
                "sqlserver");
        for (String internal : new String[] {"169.254.169.254", "10.0.0.1", "192.168.0.10", "[fd00::1]"}) {
            refused("jdbc:postgresql://" + internal + ":5432/x", Map.of(), "jdbcUrl")
                    .body("error", containsString(TargetPolicy.REFUSED));
        }
    }

    @Test
    void shouldReportACategoryNotTheDriversTextWhenTheConnectionFails() {
        String body = given().header(ApiKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql(
                        "probe", LocalStack.targets().jdbcUrl("no_such_database"), Postgres.USER, Postgres.PASSWORD))
                .post("/databases")
                .then()
                .statusCode(400)
                .body("field", equalTo("jdbcUrl"))
                .extract()
                .asString();

        // The executor's sentence, naming only what the tenant gave: none of the driver's text ("FATAL: …").
        assertThat(body)
                .contains("the connection test failed (database_does_not_exist): database \\\"no_such_database"
                        + "\\\" does not exist on " + LocalStack.targets().hostAndPort())
                .doesNotContain("FATAL")
                .doesNotContain("PSQL");
    }

    @Test
    void shouldNeverShowAPasswordOrARefusedPropertyOfARegistration() {
        String id = given().header(ApiKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql(
                        "shown",
                        LocalStack.targets().jdbcUrl("footballdb_v1") + "?sslmode=disable",
                        Postgres.USER,
                        Postgres.PASSWORD))
                .post("/databases")
                .then()
                .statusCode(201)
                .extract()
                .path("id");

        String shown = given().header(ApiKeys.HEADER, key)
                .get("/databases/" + id)
                .then()
                .statusCode(200)
                .body("jdbcUrl", equalTo(LocalStack.targets().jdbcUrl("footballdb_v1") + "?sslmode=disable"))
                .extract()
                .asString();
        assertThat(shown).doesNotContain(Postgres.PASSWORD).doesNotContain("sealed");
    }

    private static ValidatableResponse refused(String url, Map<String, String> options, String field) {
        return refused(url, options, field, "postgresql");
    }

    private static ValidatableResponse refused(String url, Map<String, String> options, String field, String kind) {
        Map<String, Object> registration = DatabaseRegistration.of(kind, "attack", url, "u", "p");
        registration.put("options", options);
        return given().header(ApiKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(registration)
                .post("/databases")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("field", equalTo(field));
    }
}
