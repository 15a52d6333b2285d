package dev.snailbench.executor.config;

import dev.snailbench.executor.service.targets.TargetPolicy.Endpoint;
import io.quarkus.runtime.LaunchMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The platform endpoints this service knows without being told: its own database
 * ({@code quarkus.datasource.reactive.url}), the Kafka bootstrap servers and its own HTTP port. Team databases may
 * never be one of them (TargetPolicy).
 */
final class PlatformEndpoints {

    private static final Pattern URL_HOST_PORT = Pattern.compile("//(\\[[^]]+]|[^/:?,]+)(?::(\\d+))?");

    private PlatformEndpoints() {}

    static List<Endpoint> ofThisService() {
        Config config = ConfigProvider.getConfig();
        List<Endpoint> out = new ArrayList<>();
        config.getOptionalValue("quarkus.datasource.reactive.url", String.class).ifPresent(url -> {
            Matcher m = URL_HOST_PORT.matcher(url);
            if (m.find()) {
                out.add(Endpoint.of(bare(m.group(1)), m.group(2) == null ? 5432 : Integer.parseInt(m.group(2))));
            }
        });
        config.getOptionalValue("kafka.bootstrap.servers", String.class).ifPresent(servers -> {
            for (String server : servers.split(",")) {
                String s = server.trim().replaceFirst("^[A-Za-z_]+://", "");
                if (!s.isEmpty()) {
                    out.add(Endpoint.parse(s));
                }
            }
        });
        // The HTTP port is read at each check: a test's is chosen when the server starts, after this bean exists.
        out.add(new Endpoint("localhost", PlatformEndpoints::httpPort));
        return out;
    }

    private static Integer httpPort() {
        String name = LaunchMode.current() == LaunchMode.TEST ? "quarkus.http.test-port" : "quarkus.http.port";
        String fromSystem = System.getProperty(name);
        Optional<Integer> configured = fromSystem != null
                ? Optional.of(Integer.parseInt(fromSystem))
                : ConfigProvider.getConfig().getOptionalValue(name, Integer.class);
        return configured.filter(p -> p > 0).orElse(null);
    }

    private static String bare(String host) {
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }
}
