package dev.snailbench.testkit;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts a {@code @QuarkusTest} with no broker and no database: the channels a subclass names (incoming and outgoing)
 * on {@link MemoryChannels}, the datasource pointed at a loopback port where nothing listens and no schema management
 * (a bean that reaches the database is mocked). A service's in-memory tier declares its subclass once, in one
 * annotation, so that its tests share one application start.
 */
public abstract class InMemoryChannels implements QuarkusTestResourceLifecycleManager {

    /** A port of loopback no test server listens on (TCP port 1, reserved), so a connection is refused. */
    private static final int NOTHING_LISTENS = 1;

    private final Map<String, String> config = new HashMap<>();

    /** The service's incoming and outgoing channels, all put on the in-memory connector. */
    protected InMemoryChannels(List<String> incoming, List<String> outgoing) {
        incoming.forEach(channel -> config.put("mp.messaging.incoming." + channel + ".connector", MemoryChannels.NAME));
        outgoing.forEach(channel -> config.put("mp.messaging.outgoing." + channel + ".connector", MemoryChannels.NAME));
        // A datasource that reaches nothing: pools connect lazily and Hibernate Reactive reads the configured version,
        // so the application starts; any query the test did not mock fails at once (nothing listens on that port).
        config.put("quarkus.datasource.reactive.url", "postgresql://127.0.0.1:" + NOTHING_LISTENS + "/in-memory-tier");
        config.put("quarkus.hibernate-orm.schema-management.strategy", "none");
    }

    @Override
    public Map<String, String> start() {
        return config;
    }

    @Override
    public void stop() {}
}
