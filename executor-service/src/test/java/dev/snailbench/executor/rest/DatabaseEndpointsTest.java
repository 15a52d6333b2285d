package dev.snailbench.executor.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.snailbench.executor.InMemoryTier;
import dev.snailbench.executor.repository.RegisteredDatabase;
import dev.snailbench.executor.service.DatabaseDtos.ConnectionCheck;
import dev.snailbench.executor.service.DatabaseDtos.RegisterDatabase;
import dev.snailbench.executor.service.DatabaseDtos.SchemaView;
import dev.snailbench.executor.service.DatabaseDtos.UpdateDatabase;
import dev.snailbench.executor.service.DatabaseRegistry;
import dev.snailbench.executor.service.LoginPath;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * {@link DatabaseResource} on the in-memory tier, {@link DatabaseRegistry} mocked: each endpoint asks the registry for
 * the caller's tenant and answers its view (never a password), its status and Location, or the registry's refusal as
 * a problem. The registry's work on real databases (connection tests, sealing, names kept unique, schemas) is
 * {@code DatabaseResourceTest}'s (real stack).
 */
@QuarkusTest
@InMemoryTier
class DatabaseEndpointsTest extends InMemoryTenantTest {

    private static final String TENANT = InMemoryTenant.TENANT;

    @InjectMock
    DatabaseRegistry registry;

    private RegisteredDatabase db;

    @BeforeEach
    void aRegisteredDatabase() {
        db = new RegisteredDatabase();
        db.id = UUID.randomUUID();
        db.tenantId = TENANT;
        db.name = "football";
        db.kind = SqlDialect.POSTGRESQL;
        db.jdbcUrl = "jdbc:postgresql://db.example:5432/football?password=secret";
        db.host = "db.example";
        db.port = 5432;
        db.databaseName = "football";
        db.username = "reader";
        db.sealedPassword = "sealed-secret";
        db.createdAt = Instant.parse("2026-01-02T03:04:05Z");
        when(registry.displayUrl(any())).thenReturn("jdbc:postgresql://db.example:5432/football");
        when(registry.options(any())).thenReturn(Map.of("sslmode", "require"));
    }

    @Test
    void shouldRegisterForTheCallersTenantAndAnswerTheViewWithItsLocationAndLoginPath() {
        LoginPath path = new LoginPath(List.of("public"), List.of("audit"), List.of(), "audit is not on the path");
        when(registry.register(eq(TENANT), any()))
                .thenReturn(Uni.createFrom().item(new DatabaseRegistry.Registration(db, path)));

        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body(DatabaseRegistration.postgresql(
                        "football", "jdbc:postgresql://db.example:5432/football", "reader", "secret"))
                .when()
                .post("/databases")
                .then()
                .statusCode(201)
                .header("Location", org.hamcrest.Matchers.endsWith("/databases/" + db.id))
                .body("id", equalTo(db.id.toString()))
                .body("name", equalTo("football"))
                .body("kind", equalTo("postgresql"))
                .body("jdbcUrl", equalTo("jdbc:postgresql://db.example:5432/football"))
                .body("host", equalTo("db.example"))
                .body("port", equalTo(5432))
                .body("database", equalTo("football"))
                .body("user", equalTo("reader"))
                .body("options.sslmode", equalTo("require"))
                .body("path.searchPath", equalTo(List.of("public")))
                .body("path.offPath", equalTo(List.of("audit")))
                .body("$", not(hasKey("password")))
                .body("$", not(hasKey("sealedPassword")));
        ArgumentCaptor<RegisterDatabase> body = ArgumentCaptor.forClass(RegisterDatabase.class);
        verify(registry).register(eq(TENANT), body.capture());
        org.assertj.core.api.Assertions.assertThat(body.getValue())
                .extracting(
                        RegisterDatabase::name,
                        RegisterDatabase::kind,
                        RegisterDatabase::user,
                        RegisterDatabase::password)
                .containsExactly("football", "postgresql", "reader", "secret");
    }

    @Test
    void shouldListShowChangeAndRemoveTheCallersDatabases() {
        when(registry.list(TENANT)).thenReturn(Uni.createFrom().item(List.of(db)));
        when(registry.owned(TENANT, db.id)).thenReturn(Uni.createFrom().item(db));
        when(registry.update(eq(TENANT), eq(db.id), any()))
                .thenReturn(Uni.createFrom().item(new DatabaseRegistry.Registration(db, null)));
        when(registry.remove(TENANT, db.id)).thenReturn(Uni.createFrom().voidItem());

        given().header(ApiKeys.HEADER, key())
                .when()
                .get("/databases")
                .then()
                .statusCode(200)
                .body("", hasSize(1))
                .body("[0].id", equalTo(db.id.toString()))
                .body("[0].createdAt", equalTo("2026-01-02T03:04:05Z"))
                .body("[0]", not(hasKey("path")))
                .body("[0]", not(hasKey("password")));
        given().header(ApiKeys.HEADER, key())
                .when()
                .get("/databases/{id}", db.id)
                .then()
                .statusCode(200)
                .body("name", equalTo("football"))
                .body("problem", nullValue());
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "football 2"))
                .when()
                .patch("/databases/{id}", db.id)
                .then()
                .statusCode(200)
                .body("id", equalTo(db.id.toString()));
        ArgumentCaptor<UpdateDatabase> change = ArgumentCaptor.forClass(UpdateDatabase.class);
        verify(registry).update(eq(TENANT), eq(db.id), change.capture());
        org.assertj.core.api.Assertions.assertThat(change.getValue().name()).isEqualTo("football 2");
        given().header(ApiKeys.HEADER, key())
                .when()
                .delete("/databases/{id}", db.id)
                .then()
                .statusCode(204);
        verify(registry).remove(TENANT, db.id);
    }

    @Test
    void shouldAnswerTheConnectionTestAndTheSchemaWithTheAskedSamples() {
        when(registry.test(TENANT, db.id))
                .thenReturn(Uni.createFrom()
                        .item(new ConnectionCheck(
                                false, null, null, null, "the server refused the login", "28P01", "auth_failed")));
        DatabaseSchema schema = new DatabaseSchema("PostgreSQL", "football", List.of(), false);
        when(registry.schema(TENANT, db.id, 3))
                .thenReturn(Uni.createFrom()
                        .item(new SchemaView(schema, new LoginPath(List.of("public"), List.of(), List.of(), null))));

        given().header(ApiKeys.HEADER, key())
                .when()
                .post("/databases/{id}/test", db.id)
                .then()
                .statusCode(200)
                .body("ok", equalTo(false))
                .body("category", equalTo("auth_failed"))
                .body("error", equalTo("the server refused the login"))
                .body("elapsedMillis", nullValue());
        given().header(ApiKeys.HEADER, key())
                .queryParam("samples", 3)
                .when()
                .get("/databases/{id}/schema", db.id)
                .then()
                .statusCode(200)
                .body("databaseProduct", equalTo("PostgreSQL"))
                .body("catalog", equalTo("football"))
                .body("path.searchPath", equalTo(List.of("public")));
        verify(registry).schema(TENANT, db.id, 3);
    }

    @Test
    void shouldAnswerTheRegistrysRefusalsAsProblems() {
        when(registry.owned(TENANT, db.id)).thenReturn(Uni.createFrom().failure(new NotFound("no database " + db.id)));
        when(registry.remove(TENANT, db.id))
                .thenReturn(Uni.createFrom().failure(new Conflict("database football is in use by running job j1")));
        when(registry.register(eq(TENANT), any()))
                .thenReturn(Uni.createFrom()
                        .failure(new InvalidInput("jdbcUrl", "jdbcUrl must start with jdbc:postgresql://")));

        given().header(ApiKeys.HEADER, key())
                .when()
                .get("/databases/{id}", db.id)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", equalTo("no database " + db.id));
        given().header(ApiKeys.HEADER, key())
                .when()
                .delete("/databases/{id}", db.id)
                .then()
                .statusCode(409)
                .body("status", equalTo(409))
                .body("error", equalTo("database football is in use by running job j1"));
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "x", "kind", "postgresql", "jdbcUrl", "mysql://x"))
                .when()
                .post("/databases")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("field", equalTo("jdbcUrl"))
                .body("error", equalTo("jdbcUrl must start with jdbc:postgresql://"));
    }

    @Test
    void shouldRefuseAnUnknownFieldAndACallerWithoutAKeyBeforeAskingTheRegistry() {
        given().header(ApiKeys.HEADER, key())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "x", "passwrd", "p"))
                .when()
                .post("/databases")
                .then()
                .statusCode(400)
                .body("field", equalTo("passwrd"));
        given().when()
                .get("/databases")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo(ApiKeys.HEADER));
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "x"))
                .when()
                .post("/databases")
                .then()
                .statusCode(401);
        given().when().delete("/databases/{id}", db.id).then().statusCode(401);
        verifyNoInteractions(registry);
    }
}
