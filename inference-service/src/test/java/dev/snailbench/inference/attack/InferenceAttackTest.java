package dev.snailbench.inference.attack;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.inference.support.Hop;
import dev.snailbench.inference.support.WorkItems;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.PromptOptions;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.testkit.FakeOpenAi;
import dev.snailbench.testkit.FakeOpenAi.Reply;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What one tenant could learn about another through the inference service: whether it asked a prompt (a response
 * cache answering across tenants, at no cost and flagged cached) and which models it uses (model names chosen in a
 * job as labels at the keyless /q/metrics). Real stack: the cache is a PostgreSQL query and the metric a model call
 * through the hop. The endpoints' key checks are {@code InferenceKeyAttackTest}'s (in-memory tier).
 * Beyond the in-memory tier: the response cache's PostgreSQL query and a model call through the hop.
 */
@QuarkusTest
@RealInfrastructure
class InferenceAttackTest {

    private static final FakeOpenAi FAKE = FakeOpenAi.instance();

    /** An item at temperature 0, whose answers the tenant's cache keeps (a sampled call is asked every time). */
    private static WorkItem item(String model, String question) {
        return WorkItems.item(
                "ATBI:1",
                question,
                "SELECT 1",
                SqlDialect.SQLSERVER,
                new ModelRef("label", "fake", model, 0.0, 64, 42L),
                NaturalnessLevel.NATIVE,
                PromptOptions.ZERO_SHOT,
                "ATBI");
    }

    private static ExecutionRequested inferAs(String tenant, WorkItem item) {
        Hop.send(InferenceRequested.of(UUID.randomUUID(), tenant, item));
        return Hop.await(item.workItemId(), 1).get(0);
    }

    private static long asked(String model, String question) {
        return FAKE.requests(model).stream()
                .filter(s -> s.body().toString().contains(question))
                .count();
    }

    @Test
    void shouldNeverAnswerATenantFromAnotherTenantsCachedPrompt() {
        String model = "priced-model";
        FAKE.script(model, Reply.ok("SELECT 5"));
        String question = "Same question of two tenants " + UUID.randomUUID();

        inferAs("tenant-a", item(model, question));
        ExecutionRequested other = inferAs("tenant-b-" + UUID.randomUUID(), item(model, question));

        // The second tenant's call went to the model: nothing told it that tenant-a had asked the same.
        assertThat(other.inference().predictedSql()).isEqualTo("SELECT 5");
        assertThat(asked(model, question)).isEqualTo(2);
        // A tenant's own rerun is still answered from its cache.
        WorkItem rerun = item(model, question);
        inferAs(WorkItems.TENANT, rerun);
        assertThat(asked(model, question)).isEqualTo(2);
        given().header("X-API-Key", Hop.tenantKey())
                .get("/inferences/" + rerun.workItemId())
                .then()
                .statusCode(200)
                .body("cached", equalTo(true));
    }

    @Test
    void shouldLabelMetricsOnlyWithConfiguredModelNames() {
        String secret = "team-secret-model-" + UUID.randomUUID();
        FAKE.script(secret, Reply.ok("SELECT 7"));

        assertThat(inferAs(WorkItems.TENANT, item(secret, "q " + UUID.randomUUID()))
                        .inference()
                        .predictedSql())
                .isEqualTo("SELECT 7");

        String metrics =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics)
                .doesNotContain(secret)
                .containsPattern("snailbench_llm_latency_seconds_count\\{backend=\"fake\",model=\"other\",?\\}");
    }
}
