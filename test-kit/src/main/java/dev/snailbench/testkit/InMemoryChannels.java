package dev.snailbench.testkit;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Starts a {@code @QuarkusTest} with no broker and no database: the channels named by the init args
 * {@code incoming} and {@code outgoing} (comma-separated) on {@link MemoryChannels}, the datasource and Hibernate
 * Reactive inactive (a bean that reaches the database is mocked). A service's in-memory tier declares it once, in one annotation, so that its
 * tests share one application start.
 */
public class InMemoryChannels implements QuarkusTestResourceLifecycleManager {

    /** Init arg: the incoming channels to put on the in-memory connector. */
    public static final String INCOMING = "incoming";
    /** Init arg: the outgoing channels to put on the in-memory connector. */
    public static final String OUTGOING = "outgoing";

    private final Map<String, String> config = new HashMap<>();

    @Override
    public void init(Map<String, String> args) {
        names(args.get(INCOMING)).forEach(channel -> config.put(
                "mp.messaging.incoming." + channel + ".connector", MemoryChannels.NAME));
        names(args.get(OUTGOING)).forEach(channel -> config.put(
                "mp.messaging.outgoing." + channel + ".connector", MemoryChannels.NAME));
        config.put("quarkus.datasource.active", "false");
        config.put("quarkus.hibernate-orm.active", "false");
    }

    @Override
    public Map<String, String> start() {
        return config;
    }

    @Override
    public void stop() {
    }

    private static Stream<String> names(String list) {
        return list == null || list.isBlank() ? Stream.empty()
                : Arrays.stream(list.split(",")).map(String::strip);
    }
}
