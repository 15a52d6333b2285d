package dev.snailbench.localstack.deploy;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a service's {@code application.properties} says that deployment files must agree with: its name (the Kafka
 * consumer group), HTTP port, topics and the environment variables its production profile reads.
 */
record ServiceModule(
        String module,
        Path dir,
        String applicationName,
        int httpPort,
        Set<String> incomingTopics,
        Set<String> topics,
        Set<String> requiredEnvironment) {

    private static final Pattern INCOMING_TOPIC = Pattern.compile("mp\\.messaging\\.incoming\\.[^.]+\\.topic");
    private static final Pattern ANY_TOPIC =
            Pattern.compile("mp\\.messaging\\.(incoming|outgoing)\\.[^.]+\\.(topic|dead-letter-queue\\.topic)");
    /** {@code ${NAME}} without a default: the application does not start in prod unless NAME is set. */
    private static final Pattern REQUIRED_VARIABLE = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)}");

    static ServiceModule load(String module) {
        Path dir = ProjectFiles.root().resolve(module);
        Properties properties = configuration(module);
        Set<String> incoming = new TreeSet<>();
        Set<String> topics = new TreeSet<>();
        Set<String> environment = new TreeSet<>();
        for (String key : properties.stringPropertyNames()) {
            String value = properties.getProperty(key).trim();
            if (INCOMING_TOPIC.matcher(key).matches()) {
                incoming.add(value);
            }
            if (ANY_TOPIC.matcher(key).matches()) {
                topics.add(value);
            }
            if (!key.startsWith("%") || key.startsWith("%prod.")) {
                Matcher variable = REQUIRED_VARIABLE.matcher(value);
                while (variable.find()) {
                    environment.add(variable.group(1));
                }
            }
        }
        String name = properties.getProperty("quarkus.application.name");
        String port = properties.getProperty("quarkus.http.port");
        if (name == null || port == null) {
            throw new IllegalStateException(module + " sets no quarkus.application.name or quarkus.http.port");
        }
        return new ServiceModule(
                module, dir, name.trim(), Integer.parseInt(port.trim()), incoming, topics, environment);
    }

    /** What the service's channels read ({@code incoming}) or write (outgoing and dead-letter topics). */
    static Set<String> channelTopics(String module, boolean incoming) {
        Properties properties = configuration(module);
        Set<String> topics = new TreeSet<>();
        for (String key : properties.stringPropertyNames()) {
            String value = properties.getProperty(key).trim();
            boolean deadLetter = key.endsWith(".dead-letter-queue.topic");
            if (incoming && key.matches("mp\\.messaging\\.incoming\\.[^.]+\\.topics?")) {
                topics.addAll(List.of(value.split(",")));
            } else if (!incoming && (deadLetter || key.matches("mp\\.messaging\\.outgoing\\.[^.]+\\.topic"))) {
                topics.add(value);
            }
        }
        return topics;
    }

    /**
     * The topics this service's producers may write records larger than Kafka's default to (an outgoing channel's or a
     * dead-letter queue's {@code max.request.size}), with that size in bytes.
     */
    static Map<String, Long> largeRecordTopics(String module) {
        Properties properties = configuration(module);
        Map<String, Long> topics = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith("mp.messaging.") && key.endsWith(".max.request.size")) {
                String channel = key.substring(0, key.length() - ".max.request.size".length());
                String topic = properties.getProperty(channel + ".topic");
                if (topic == null) {
                    throw new IllegalStateException(module + ": " + key + " without " + channel + ".topic");
                }
                topics.merge(
                        topic.trim(),
                        Long.parseLong(
                                resolved(properties, properties.getProperty(key).trim())),
                        Math::max);
            }
        }
        return topics;
    }

    /** A value with its {@code ${property}} reference (the one form these sizes use) resolved. */
    private static String resolved(Properties properties, String value) {
        if (value.startsWith("${") && value.endsWith("}")) {
            String referenced = properties.getProperty(value.substring(2, value.length() - 1));
            if (referenced == null) {
                throw new IllegalStateException("unresolved " + value);
            }
            return resolved(properties, referenced.trim());
        }
        return value;
    }

    /**
     * The service's configuration as it runs: tenancy-support's defaults (the tenants channel, configured once for
     * every service in {@code META-INF/microprofile-config.properties}) under its own {@code application.properties}.
     */
    private static Properties configuration(String module) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(ProjectFiles.read(ProjectFiles.root()
                    .resolve("tenancy-support/src/main/resources/META-INF/microprofile-config.properties"))));
            properties.load(new StringReader(ProjectFiles.read(
                    ProjectFiles.root().resolve(module).resolve("src/main/resources/application.properties"))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
