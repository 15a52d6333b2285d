package dev.snailbench.generator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.generator.repository.TenantNameSql;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A tenant name is taken in the platform database, not by a lock of one process: concurrent creations of one name
 * (any case) give one tenant and 409s, however many replicas they reach (here one replica, whose requests race in
 * the database as any replicas' would; PipelineReliabilityIT does it on two).
 * Beyond the in-memory tier: the race decided by PostgreSQL (the name table's primary key).
 */
@QuarkusTest
@RealInfrastructure
class TenantNamesTest {

    private static final int CONCURRENT = 8;

    @Inject
    Pool pool;

    @Test
    void shouldCreateOneTenantAndRefuseTheOthersWhenOneNameIsCreatedConcurrently() throws Exception {
        String name = "team-race-" + UUID.randomUUID();
        List<Response> answers = concurrently(name);

        List<Integer> statuses = answers.stream().map(Response::statusCode).toList();
        assertThat(statuses).as("statuses").containsOnlyOnce(201).containsOnly(201, 409);
        String created = answers.stream()
                .filter(a -> a.statusCode() == 201)
                .findFirst()
                .orElseThrow()
                .path("tenantId");
        for (Response refused :
                answers.stream().filter(a -> a.statusCode() == 409).toList()) {
            assertThat(refused.<String>path("field")).isEqualTo("name");
            assertThat(refused.<String>path("error")).contains(created);
        }
    }

    @Test
    void shouldSayANameIsBeingCreatedWhileAnotherCreationHoldsIt() {
        String name = "team-held-" + UUID.randomUUID();
        String holder = UUID.randomUUID().toString();
        hold(name, holder, Instant.now());

        given().header("X-Admin-Key", TestTenants.ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", name.toUpperCase(Locale.ROOT)))
                .post("/tenants")
                .then()
                .statusCode(409)
                .body("field", equalTo("name"))
                .body(
                        "error",
                        equalTo("a tenant named '" + name + "' is being created (" + holder
                                + "): choose another name"));
    }

    @Test
    void shouldFreeTheNameOfACreationWhoseTenantNeverAppeared() {
        String name = "team-abandoned-" + UUID.randomUUID();
        hold(
                name,
                UUID.randomUUID().toString(),
                Instant.now().minus(TenantNameSql.ABANDONED_AFTER).minusSeconds(1));

        String key = TestTenants.create(name);

        given().header("X-API-Key", key)
                .get("/tenants/me")
                .then()
                .statusCode(200)
                .body("name", equalTo(name));
        given().header("X-Admin-Key", TestTenants.ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", name))
                .post("/tenants")
                .then()
                .statusCode(409)
                .body("error", containsString("a tenant named '" + name + "' already exists"));
    }

    private void hold(String name, String tenantId, Instant at) {
        pool.preparedQuery("INSERT INTO generator.tenant_name (namekey, tenantid, name, reservedat) "
                        + "VALUES ($1, $2, $3, $4)")
                .execute(Tuple.of(TenantNameSql.keyOf(name), tenantId, name, at.atOffset(ZoneOffset.UTC)))
                .await()
                .indefinitely();
    }

    private static List<Response> concurrently(String name) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(CONCURRENT);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<CompletableFuture<Response>> calls = new ArrayList<>();
            for (int i = 0; i < CONCURRENT; i++) {
                // Every spelling differs in case only: one name.
                String spelling = i % 2 == 0 ? name : name.toUpperCase(Locale.ROOT);
                calls.add(CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                start.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                throw new IllegalStateException(e);
                            }
                            return given().header("X-Admin-Key", TestTenants.ADMIN_KEY)
                                    .contentType(ContentType.JSON)
                                    .body(Map.of("name", spelling))
                                    .post("/tenants")
                                    .andReturn();
                        },
                        threads));
            }
            start.countDown();
            List<Response> answers = new ArrayList<>();
            for (CompletableFuture<Response> call : calls) {
                answers.add(call.get(60, TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            threads.shutdownNow();
        }
    }
}
