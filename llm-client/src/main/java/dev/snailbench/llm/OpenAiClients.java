package dev.snailbench.llm;

import io.quarkus.runtime.ShutdownEvent;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The service's clients, one per configured backend name: its limits and connection pool are shared by every
 * caller of that backend, and closed at shutdown.
 */
@ApplicationScoped
public class OpenAiClients {

    private final Vertx vertx;
    private final Map<String, OpenAiClient> clients = new ConcurrentHashMap<>();

    public OpenAiClients(Vertx vertx) {
        this.vertx = vertx;
    }

    /**
     * The client of backend {@code name}, made on first use from {@code config}.
     *
     * @throws IllegalArgumentException when the backend has no base URL
     */
    public OpenAiClient client(String name, LlmBackendConfig config) {
        return clients.computeIfAbsent(name, n -> new OpenAiClient(vertx, n, config));
    }

    void close(@Observes ShutdownEvent event) {
        clients.values().forEach(OpenAiClient::close);
    }
}
