package dev.snailbench.tenancy;

import dev.snailbench.model.Channels;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.KafkaConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once this service knows every key registered before it started: its tenants consumer has its partitions and
 * has read them up to where they ended then. Before that a key just returned by {@code POST /tenants} could wait
 * here for a consumer still joining its group or reading older registrations; with it, a service that reports ready
 * takes a new key within the promise. Once reached it stays true (later keys arrive as they are published).
 */
@Readiness
@ApplicationScoped
public class TenantKeysReadiness implements AsyncHealthCheck {

    static final String NAME = "tenant keys";

    private final KafkaClientService clients;
    private volatile boolean caughtUp;

    public TenantKeysReadiness(KafkaClientService clients) {
        this.clients = clients;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        if (caughtUp) {
            return Uni.createFrom().item(HealthCheckResponse.up(NAME));
        }
        KafkaConsumer<Object, Object> consumer = clients.getConsumer(Channels.TENANTS);
        if (consumer == null) {
            return Uni.createFrom().item(down("the tenants consumer has not started"));
        }
        return consumer.runOnPollingThread(c -> {
                    Set<TopicPartition> assigned = c.assignment();
                    if (assigned.isEmpty()) {
                        return "no partition of the tenants topic assigned yet";
                    }
                    Map<TopicPartition, Long> ends = c.endOffsets(assigned);
                    for (TopicPartition p : assigned) {
                        long position = c.position(p);
                        if (position < ends.getOrDefault(p, 0L)) {
                            return "reading registrations: " + p + " at " + position + " of " + ends.get(p);
                        }
                    }
                    return null;
                })
                .map(problem -> {
                    if (problem == null) {
                        caughtUp = true;
                        return HealthCheckResponse.up(NAME);
                    }
                    return down(problem);
                })
                .onFailure()
                .recoverWithItem(e -> down(String.valueOf(e.getMessage())));
    }

    private static HealthCheckResponse down(String why) {
        return HealthCheckResponse.named(NAME).down().withData("reason", why).build();
    }
}
