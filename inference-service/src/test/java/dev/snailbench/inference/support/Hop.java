package dev.snailbench.inference.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.ExecutionRequested;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.TenantKeys;
import dev.snailbench.testkit.TopicClient;
import io.restassured.RestAssured;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Puts work items on queries.to-infer the way the generator does and reads what the service forwards. */
public final class Hop {

    /** The API key of {@code tenant-a}, the tenant of every work item these tests send. */
    private static final String TENANT_KEY = ApiKeys.newKey();

    private static volatile boolean registered;

    private Hop() {}

    /**
     * The key of the tenant that owns the test work items, registered on the tenants topic the way the generator
     * does, once, and usable when this returns.
     */
    public static synchronized String tenantKey() {
        if (!registered) {
            TenantKeys.register(
                    WorkItems.TENANT,
                    "tenant a",
                    TENANT_KEY,
                    key -> RestAssured.given()
                                    .header("X-API-Key", key)
                                    .get("/inferences/" + UUID.randomUUID())
                                    .statusCode()
                            == 404);
            registered = true;
        }
        return TENANT_KEY;
    }

    public static ExecutionRequested infer(WorkItem item) {
        send(WorkItems.request(item));
        return await(item.workItemId(), 1).get(0);
    }

    /** Sends the requests in order, as one producer batch: they reach the hop in one fetch, so in one batch. */
    public static void send(InferenceRequested... requests) {
        TopicClient.sendInOneBatch(
                Topics.QUERIES_TO_INFER,
                Arrays.stream(requests)
                        .map(request -> Map.entry(request.key(), EventJson.write(InferenceBatch.of(request))))
                        .toList());
    }

    public static List<ExecutionRequested> await(UUID workItemId, int count) {
        List<TopicClient.Carried<ExecutionRequested>> found = TopicClient.awaitItems(
                Topics.SQL_TO_EXECUTE,
                ExecutionsRequested.class,
                (ExecutionRequested r) -> workItemId.equals(r.workItemId()),
                count,
                Duration.ofSeconds(60));
        assertThat(found).as("ExecutionRequested for %s", workItemId).hasSize(count);
        return found.stream().map(TopicClient.Carried::event).toList();
    }
}
