package dev.snailbench.testkit;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Starts a {@code @QuarkusTest} with no broker and no database: the channels named by the init args
 * {@code incoming} and {@code outgoing} (comma-separated) on {@link MemoryChannels}, the datasource pointed at a
 * loopback port where nothing listens and no schema management (a bean that reaches the database is mocked). A
 * service's in-memory tier declares it once, in one annotation, so that its tests share one application start.
 */
public class InMemoryChannels implements QuarkusTestResourceLifecycleManager {

    /** Init arg: the incoming channels to put on the in-memory connector. */
    public static final String INCOMING = "incoming";
    /** Init arg: the outgoing channels to put on the in-memory connector. */
    public static final String OUTGOING = "outgoing";

    /** A port of loopback no test server listens on (TCP port 1, reserved), so a connection is refused. */
    private static final int NOTHING_LISTENS = 1;

    private final Map<String, String> config = new HashMap<>();

    @Override
    public void init(Map<String, String> args) {
        names(args.get(INCOMING))
                .forEach(channel -> config.put("mp.messaging.incoming." + channel + ".connector", MemoryChannels.NAME));
        names(args.get(OUTGOING))
                .forEach(channel -> config.put("mp.messaging.outgoing." + channel + ".connector", MemoryChannels.NAME));
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

    private static Stream<String> names(String list) {
        return list == null || list.isBlank()
                ? Stream.empty()
                : Arrays.stream(list.split(",")).map(String::strip);
    }
}
