package dev.snailbench.localstack.deploy;

import static dev.snailbench.localstack.deploy.Kustomize.castMap;
import static dev.snailbench.localstack.deploy.Kustomize.map;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ProductionKeys;
import java.net.URI;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * docker-compose.yml cannot run here (no Docker engine), so it is checked as a file: what {@code docker compose up}
 * would start, in which order, with which settings, against what the services themselves declare.
 */
class ComposeFileTest {

    static final List<String> SERVICES = ProjectFiles.SERVICES;
    private static final Pattern VARIABLE =
            Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*)|:\\?([^}]*))?}");
    /** What {@link #interpolate} gives a {@code ${VAR:?message}}: compose up stops with the message unless VAR is set. */
    private static final String REQUIRED = "<required from the environment>";

    static Map<String, Object> services;

    @BeforeAll
    static void load() {
        services = castMap(ProjectFiles.yaml(ProjectFiles.root().resolve("docker-compose.yml"))
                .get("services"));
    }

    @Test
    void shouldRunOneKafkaBrokerInKraftModeFromTheApacheImage() {
        Map<String, Object> kafka = service("kafka");
        Map<String, String> env = environment("kafka");

        assertThat((String) kafka.get("image")).startsWith("apache/kafka:");
        assertThat(env.get("KAFKA_PROCESS_ROLES").split(",")).containsExactlyInAnyOrder("broker", "controller");
        // The controller listens inside the broker's container only.
        assertThat(env.get("KAFKA_CONTROLLER_QUORUM_VOTERS")).isEqualTo(env.get("KAFKA_NODE_ID") + "@localhost:9093");
        assertThat(env.get("KAFKA_LISTENERS")).contains("CONTROLLER://localhost:9093");
        assertThat(env.get("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR")).isEqualTo("1");
        // KRaft storage is formatted with this id: 16 bytes, base64url without padding.
        assertThat(Base64.getUrlDecoder().decode(env.get("CLUSTER_ID"))).hasSize(16);
        assertThat(healthTest("kafka")).contains("--bootstrap-server localhost:9092");
        // The broker's data survives `docker compose down` only where a volume is mounted.
        assertThat(service("kafka").get("volumes"))
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .contains("kafka-data:" + env.get("KAFKA_LOG_DIRS"));
    }

    @Test
    void shouldRunPostgresWithAReadinessHealthCheck() {
        assertThat((String) service("postgres").get("image")).startsWith("postgres:");
        assertThat(healthTest("postgres"))
                .contains("pg_isready")
                .contains("-d " + environment("postgres").get("POSTGRES_DB"));
    }

    @ParameterizedTest
    @FieldSource("SERVICES")
    void shouldBuildTheServiceFromItsJvmDockerfileAfterMavenPackage(String module) {
        Map<String, Object> build = map(service(module).get("build"));
        Path context =
                ProjectFiles.root().resolve((String) build.get("context")).normalize();
        Path dockerfile = context.resolve((String) build.get("dockerfile"));
        ServiceModule declared = ServiceModule.load(module);

        assertThat(context).isEqualTo(declared.dir());
        assertThat(dockerfile).isRegularFile().hasFileName("Dockerfile.jvm");
        String text = ProjectFiles.read(dockerfile);
        assertThat(text)
                .contains("COPY --chown=185:0 target/quarkus-app/lib/ /deployments/lib/")
                .contains("COPY --chown=185:0 target/quarkus-app/quarkus/ /deployments/quarkus/")
                .contains("ENTRYPOINT [\"java\", \"-jar\", \"/deployments/quarkus-run.jar\"]")
                .contains("EXPOSE " + declared.httpPort())
                .contains("USER 185");
        assertThat((String) service(module).get("image")).isEqualTo("snailbench/" + module + ":dev");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Dockerfile.jvm", "Dockerfile.jvm-cuda"})
    void shouldShipTheTrainedClassifierModelInsideTheClassifierImages(String dockerfile) {
        String text = ProjectFiles.read(ProjectFiles.root()
                .resolve("classifier-service/src/main/docker")
                .resolve(dockerfile));

        // The model is trained by the build into target/; the service finds it only where the image points it.
        assertThat(text)
                .contains("COPY --chown=185:0 target/naturalness-model/ /deployments/naturalness-model/")
                .contains("ENV SNAILBENCH_CLASSIFIER_MODEL_DIR=/deployments/naturalness-model")
                .contains("ENTRYPOINT [\"java\", \"-jar\", \"/deployments/quarkus-run.jar\"]");
    }

    @ParameterizedTest
    @FieldSource("SERVICES")
    void shouldPublishTheServiceOnItsHttpPortAndCheckItsReadiness(String module) {
        int port = ServiceModule.load(module).httpPort();

        assertThat(service(module).get("ports")).isEqualTo(List.of(port + ":" + port));
        assertThat(healthTest(module)).isEqualTo("CMD curl -fsS http://localhost:" + port + "/q/health/ready");
        Map<String, Object> health = map(service(module).get("healthcheck"));
        assertThat(health).containsKeys("interval", "timeout", "retries", "start_period");
    }

    @ParameterizedTest
    @FieldSource("SERVICES")
    void shouldGiveTheServiceEveryVariableItsProdProfileReads(String module) {
        Set<String> required = ServiceModule.load(module).requiredEnvironment();

        assertThat(required).contains("KAFKA_BOOTSTRAP_SERVERS", "SNAILBENCH_DB_URL");
        assertThat(environment(module).keySet()).containsAll(required);
        assertThat(environment(module))
                .allSatisfy((name, value) ->
                        assertThat(value).as("%s of %s", name, module).isNotNull());
    }

    @ParameterizedTest
    @FieldSource("SERVICES")
    void shouldPointTheServiceAtTheComposeKafkaListenerAndPostgresDatabase(String module) {
        Map<String, String> env = environment(module);
        Map<String, String> kafka = environment("kafka");
        Map<String, String> postgres = environment("postgres");

        assertThat(kafka.get("KAFKA_ADVERTISED_LISTENERS").split(","))
                .contains("SASL_PLAINTEXT://" + env.get("KAFKA_BOOTSTRAP_SERVERS"));
        URI database = URI.create(env.get("SNAILBENCH_DB_URL"));
        assertThat(database.getScheme()).isEqualTo("postgresql");
        assertThat(services).containsKey(database.getHost());
        assertThat(database.getPort()).isEqualTo(5432);
        assertThat(database.getPath()).isEqualTo("/" + postgres.get("POSTGRES_DB"));
        // The role postgres-init/ creates for the platform, not the image's superuser.
        assertThat(env.get("SNAILBENCH_DB_USER"))
                .isEqualTo(postgres.get("SNAILBENCH_DB_USER"))
                .isNotEqualTo(postgres.get("POSTGRES_USER"));
        assertThat(env.get("SNAILBENCH_DB_PASSWORD")).isEqualTo(postgres.get("SNAILBENCH_DB_PASSWORD"));
        if (env.containsKey("SNAILBENCH_SECRETS_KEY")
                && !env.get("SNAILBENCH_SECRETS_KEY").equals(REQUIRED)) {
            assertThat(Base64.getDecoder().decode(env.get("SNAILBENCH_SECRETS_KEY")))
                    .hasSize(32);
        }
    }

    @Test
    void shouldShipNoUsableSecretsOrAdminKeyButRequireThemFromTheEnvironmentWithAMessage() throws Exception {
        String compose = ProjectFiles.read(ProjectFiles.root().resolve("docker-compose.yml"));
        for (String published : ProductionKeys.PUBLISHED_SECRETS_KEYS) {
            assertThat(compose).doesNotContain(published);
        }
        for (String published : ProductionKeys.PUBLISHED_ADMIN_KEYS) {
            assertThat(compose).doesNotContain(published);
        }
        for (String module : List.of("generator-service", "executor-service")) {
            Object raw = map(service(module).get("environment")).get("SNAILBENCH_SECRETS_KEY");
            assertThat(String.valueOf(raw))
                    .as("SNAILBENCH_SECRETS_KEY of %s", module)
                    .matches("\\$\\{SNAILBENCH_SECRETS_KEY:\\?[^}]*openssl rand -base64 32[^}]*}");
        }
        assertThat(String.valueOf(
                        map(service("generator-service").get("environment")).get("SNAILBENCH_ADMIN_KEY")))
                .matches("\\$\\{SNAILBENCH_ADMIN_KEY:\\?[^}]*openssl rand -base64 24[^}]*}");
    }

    @ParameterizedTest
    @FieldSource("SERVICES")
    void shouldStartTheServiceOnlyOnceKafkaPostgresAndTheTopicsAreReady(String module) {
        Map<String, Object> dependsOn = map(service(module).get("depends_on"));

        assertThat(condition(dependsOn, "kafka")).isEqualTo("service_healthy");
        assertThat(condition(dependsOn, "postgres")).isEqualTo("service_healthy");
        assertThat(condition(dependsOn, "kafka-init")).isEqualTo("service_completed_successfully");
    }

    @Test
    void shouldWaitOnlyForServicesThatExistAndReportHealth() {
        services.forEach((name, definition) -> map(castMap(definition).get("depends_on"))
                .forEach((target, how) -> {
                    assertThat(services).as("%s depends on %s", name, target).containsKey(target);
                    if ("service_healthy".equals(map(how).get("condition"))) {
                        assertThat(map(service(target).get("healthcheck")))
                                .as("health check of %s", target)
                                .containsKey("test");
                    }
                }));
    }

    @Test
    void shouldCreateEveryTopicTheServicesUseBeforeTheyStart() {
        Map<String, Integer> created = new TreeMap<>();
        Matcher create = Pattern.compile("(?m)^\\s*create (\\S+) (\\d+)(?:\\s+--config \\S+)*\\s*$")
                .matcher(String.join("\n", commandOf("kafka-init")));
        while (create.find()) {
            created.put(create.group(1), Integer.parseInt(create.group(2)));
        }
        Set<String> used = new TreeSet<>();
        SERVICES.forEach(module -> used.addAll(ServiceModule.load(module).topics()));

        // The broker creates nothing by itself, so a topic missing here would fail the first send or poll.
        assertThat(environment("kafka").get("KAFKA_AUTO_CREATE_TOPICS_ENABLE")).isEqualTo("false");
        assertThat(created.keySet()).containsAll(used);
        assertThat(created.values())
                .allSatisfy(partitions -> assertThat(partitions).isPositive());
    }

    @Test
    void shouldPublishNeitherKafkaNorPostgresToTheHost() {
        assertThat(service("kafka")).doesNotContainKey("ports");
        assertThat(service("postgres")).doesNotContainKey("ports");
    }

    @Test
    void shouldAuthenticateEveryKafkaClientAndAuthorizeItByAcls() {
        Map<String, String> kafka = environment("kafka");

        // Every listener other services reach asks for SCRAM; PLAINTEXT only for the controller, on localhost.
        assertThat(kafka.get("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP").split(","))
                .containsExactlyInAnyOrder("CONTROLLER:PLAINTEXT", "SASL_PLAINTEXT:SASL_PLAINTEXT");
        assertThat(kafka.get("KAFKA_LISTENERS").split(","))
                .containsExactlyInAnyOrder("SASL_PLAINTEXT://:9092", "CONTROLLER://localhost:9093");
        assertThat(kafka.get("KAFKA_SASL_ENABLED_MECHANISMS")).isEqualTo("SCRAM-SHA-512");
        assertThat(kafka.get("KAFKA_AUTHORIZER_CLASS_NAME")).endsWith(".StandardAuthorizer");
        assertThat(kafka.get("KAFKA_ALLOW_EVERYONE_IF_NO_ACL_FOUND")).isEqualTo("false");
        assertThat(kafka.get("KAFKA_SUPER_USERS").split(";")).containsExactlyInAnyOrder("User:admin", "User:ANONYMOUS");
        assertThat(String.join("\n", commandOf("kafka"))).contains("--add-scram \"SCRAM-SHA-512=[name=admin,");
    }

    @ParameterizedTest
    @FieldSource("SERVICES")
    void shouldLogEachServiceInToKafkaAsItsOwnUserAllowedOnlyItsOwnTopicsAndGroups(String module) {
        Map<String, String> env = environment(module);
        String user = module.replace("-service", "");
        ServiceModule declared = ServiceModule.load(module);

        assertThat(env.get("KAFKA_SECURITY_PROTOCOL")).isEqualTo("SASL_PLAINTEXT");
        assertThat(env.get("KAFKA_SASL_MECHANISM")).isEqualTo("SCRAM-SHA-512");
        assertThat(env.get("KAFKA_SASL_JAAS_CONFIG"))
                .startsWith("org.apache.kafka.common.security.scram.ScramLoginModule")
                .contains("username=\"" + user + "\"");
        String init = String.join("\n", commandOf("kafka-init"));
        assertThat(init).contains("user " + user + " ");
        Map<String, Set<String>> granted = new TreeMap<>();
        Matcher grant = Pattern.compile("(?m)^\\s*grant " + user + " (\\S+) (read|write) (.+)$")
                .matcher(init);
        while (grant.find()) {
            assertThat(grant.group(1)).as("consumer groups of %s", user).isEqualTo(declared.applicationName());
            granted.computeIfAbsent(grant.group(2), k -> new TreeSet<>())
                    .addAll(List.of(grant.group(3).trim().split(" ")));
        }
        assertThat(granted.get("read")).as("%s reads", user).isEqualTo(ServiceModule.channelTopics(module, true));
        assertThat(granted.get("write")).as("%s writes", user).isEqualTo(ServiceModule.channelTopics(module, false));
    }

    @Test
    void shouldRunTheServicesAsTheDatabasesOwnerWithoutSuperuserRights() {
        Map<String, String> postgres = environment("postgres");
        assertThat(service("postgres").get("volumes"))
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .contains("./postgres-init:/docker-entrypoint-initdb.d:ro");
        assertThat(postgres.get("POSTGRES_HOST_AUTH_METHOD")).isEqualTo("scram-sha-256");
        String init = ProjectFiles.read(ProjectFiles.root().resolve("postgres-init/10-snailbench-role.sh"));
        assertThat(init)
                .contains("CREATE ROLE :\"role\" LOGIN PASSWORD :'password' NOSUPERUSER NOCREATEDB NOCREATEROLE")
                .contains("ALTER DATABASE :\"db\" OWNER TO :\"role\"");
    }

    private static Map<String, Object> service(String name) {
        assertThat(services).containsKey(name);
        return castMap(services.get(name));
    }

    /** The service's environment as compose would pass it, with {@code ${VAR:-default}} resolved to the default. */
    private static Map<String, String> environment(String name) {
        Map<String, String> resolved = new LinkedHashMap<>();
        map(service(name).get("environment")).forEach((key, value) -> resolved.put(key, interpolate(value)));
        return resolved;
    }

    static String interpolate(Object value) {
        if (value == null) {
            return null;
        }
        Matcher variable = VARIABLE.matcher(String.valueOf(value));
        StringBuilder out = new StringBuilder();
        while (variable.find()) {
            String fallback = variable.group(3);
            if (variable.group(4) != null) {
                fallback = REQUIRED;
            } else if (fallback == null) {
                throw new AssertionError("${" + variable.group(1) + "} has no default: compose up would need it set");
            }
            variable.appendReplacement(out, Matcher.quoteReplacement(fallback));
        }
        variable.appendTail(out);
        return out.toString().replace("$$", "$");
    }

    private static String healthTest(String name) {
        Object test = map(service(name).get("healthcheck")).get("test");
        assertThat(test).as("health check of %s", name).isInstanceOf(List.class);
        List<?> parts = (List<?>) test;
        return parts.get(0).equals("CMD-SHELL")
                ? String.valueOf(parts.get(1))
                : String.join(" ", parts.stream().map(String::valueOf).toList());
    }

    private static List<String> commandOf(String name) {
        Object command = service(name).get("command");
        return command instanceof List<?> list
                ? list.stream().map(String::valueOf).toList()
                : List.of(String.valueOf(command));
    }

    private static Object condition(Map<String, Object> dependsOn, String target) {
        return map(dependsOn.get(target)).get("condition");
    }
}
