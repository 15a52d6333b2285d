package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.generator.repository.TenantKeyLookup;
import dev.snailbench.generator.repository.TenantNameSql;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.TenantRegistered;
import dev.snailbench.tenancy.TenantKey;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.testkit.MemoryChannels;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /tenants} with the real tenant service on in-memory channels, the platform database mocked (the names taken,
 * the stored registrations): the operators' key guards creation and rotation; a new tenant's registration goes out
 * on tenants-out with its key's hash and the key is shown once; a name taken is a 409 naming its tenant; a rotated
 * key is published; a tenant asks who it is. The registration read back over the broker by every service, and the
 * old key refused after a rotation, are {@code TenantKeyRotationTest}'s and {@code TenantNamesTest}'s (real stack).
 */
@QuarkusTest
@InMemoryTier
class TenantResourceInMemoryTest extends InMemoryTenantTest {

    private static final String ADMIN_KEY = "test-admin-key";

    @Inject
    @Any
    MemoryChannels channels;

    @InjectMock
    TenantKeyLookup registrations;

    @InjectMock
    TenantNameSql names;

    @BeforeEach
    void aDatabaseThatStoresWhatTheTenantsTopicCarries() {
        channels.clear(Channels.TENANTS_OUT);
        when(names.reserve(anyString(), anyString()))
                .thenReturn(Uni.createFrom().item(true));
        when(names.release(anyString(), anyString()))
                .thenReturn(Uni.createFrom().voidItem());
        // As the tenants consumer stores them: the latest registration sent for the tenant, or the in-memory tenant.
        when(registrations.find(anyString()))
                .thenAnswer(call -> Uni.createFrom().item(stored(call.getArgument(0))));
    }

    private TenantKey stored(String tenantId) {
        List<TenantRegistered> sent = registered().stream()
                .filter(event -> event.tenantId().equals(tenantId))
                .toList();
        if (sent.isEmpty() && !InMemoryTenant.TENANT.equals(tenantId)) {
            return null;
        }
        TenantKey key = new TenantKey();
        key.tenantId = tenantId;
        key.name = sent.isEmpty() ? "team in memory" : sent.get(sent.size() - 1).name();
        key.apiKeySha256 = sent.isEmpty()
                ? ApiKeys.sha256(key())
                : sent.get(sent.size() - 1).apiKeySha256();
        return key;
    }

    @Test
    void shouldPublishANewTenantAndShowItsKeyOnce() {
        Map<String, Object> created = given().header("X-Admin-Key", ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "  team-created  "))
                .post("/tenants")
                .then()
                .statusCode(201)
                .body("name", equalTo("team-created"))
                .extract()
                .as(Map.class);

        String apiKey = (String) created.get("apiKey");
        assertThat(apiKey).startsWith("sb_");
        assertThat(registered()).singleElement().satisfies(event -> {
            assertThat(event.tenantId()).isEqualTo(created.get("tenantId"));
            assertThat(event.name()).isEqualTo("team-created");
            assertThat(event.apiKeySha256()).isEqualTo(ApiKeys.sha256(apiKey)).isNotEqualTo(apiKey);
        });
        verify(names).reserve("team-created", (String) created.get("tenantId"));
        assertThat(channels.sent(Channels.TENANTS_OUT).get(0).getPayload().toString())
                .doesNotContain(apiKey);
    }

    @Test
    void shouldRefuseANameTakenByAnotherTenantNamingIt() {
        when(names.reserve(eq("Team-Taken"), anyString()))
                .thenReturn(Uni.createFrom().item(false));
        when(names.holder("Team-Taken"))
                .thenReturn(Uni.createFrom().item(new TenantNameSql.Holder("tenant-42", "team-taken", true)));

        given().header("X-Admin-Key", ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "Team-Taken"))
                .post("/tenants")
                .then()
                .statusCode(409)
                .body("field", equalTo("name"))
                .body("error", containsString("a tenant named 'team-taken' already exists (tenant-42)"));
        assertThat(registered()).isEmpty();
    }

    @Test
    void shouldRefuseACreationWithoutTheOperatorsKeyOrAName() {
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "never"))
                .post("/tenants")
                .then()
                .statusCode(401)
                .body("field", equalTo(ApiKeys.ADMIN_HEADER));
        given().header("X-Admin-Key", "wrong")
                .contentType(ContentType.JSON)
                .body(Map.of("name", "never"))
                .post("/tenants")
                .then()
                .statusCode(401)
                .body("field", equalTo(ApiKeys.ADMIN_HEADER));
        // A tenant's API key is no operators' key.
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "never"))
                .post("/tenants")
                .then()
                .statusCode(401);
        given().header("X-Admin-Key", ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", " "))
                .post("/tenants")
                .then()
                .statusCode(400)
                .body("field", equalTo("name"));
        given().header("X-Admin-Key", ADMIN_KEY)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "n".repeat(201)))
                .post("/tenants")
                .then()
                .statusCode(400)
                .body("field", equalTo("name"))
                .body("error", containsString("at most 200 characters"));
        assertThat(registered()).isEmpty();
        verify(names, never()).reserve(anyString(), anyString());
    }

    @Test
    void shouldPublishARotatedKeyAndAnswerOnceItIsStored() {
        String newKey = given().header("X-Admin-Key", ADMIN_KEY)
                .post("/tenants/" + InMemoryTenant.TENANT + "/key")
                .then()
                .statusCode(200)
                .body("tenantId", equalTo(InMemoryTenant.TENANT))
                .body("name", equalTo("team in memory"))
                .extract()
                .path("apiKey");

        assertThat(newKey).isNotEqualTo(key());
        assertThat(registered()).singleElement().satisfies(event -> {
            assertThat(event.tenantId()).isEqualTo(InMemoryTenant.TENANT);
            assertThat(event.apiKeySha256()).isEqualTo(ApiKeys.sha256(newKey));
        });
    }

    @Test
    void shouldLetOnlyOperatorsRotateAndOnlyKnownTenants() {
        given().post("/tenants/" + InMemoryTenant.TENANT + "/key")
                .then()
                .statusCode(401)
                .body("error", containsString("X-Admin-Key"));
        given().header("X-Admin-Key", ADMIN_KEY)
                .post("/tenants/no-such-tenant/key")
                .then()
                .statusCode(404)
                .body("error", equalTo("no tenant no-such-tenant"));
        assertThat(registered()).isEmpty();
    }

    @Test
    void shouldTellATenantItsOwnNameAndNothingWithoutAValidKey() {
        given().header("X-API-Key", key())
                .get("/tenants/me")
                .then()
                .statusCode(200)
                .body("tenantId", equalTo(InMemoryTenant.TENANT))
                .body("name", equalTo("team in memory"))
                .body("$", not(hasKey("apiKey")));
        given().get("/tenants/me").then().statusCode(401).body("field", equalTo("X-API-Key"));
        given().header("X-API-Key", "sb_not-a-key").get("/tenants/me").then().statusCode(401);
        verify(registrations).find(InMemoryTenant.TENANT);
    }

    private List<TenantRegistered> registered() {
        return channels.sent(Channels.TENANTS_OUT).stream()
                .map(message -> {
                    Object payload = message.getPayload();
                    return (TenantRegistered)
                            (payload instanceof io.smallrye.reactive.messaging.kafka.Record<?, ?> record
                                    ? record.value()
                                    : payload);
                })
                .toList();
    }
}
