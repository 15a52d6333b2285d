package dev.snailbench.localstack.deploy;

import static dev.snailbench.localstack.deploy.Kustomize.castMap;
import static dev.snailbench.localstack.deploy.Kustomize.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every overlay under k8s/overlays, rendered like {@code kustomize build} and read with fabric8's Kubernetes
 * model, checked for what makes a deployment run: probes, resources, resolvable configuration, matching labels,
 * autoscalers within the topics' partitions, the classifier's GPU and CPU variants.
 */
class KubernetesManifestsTest {

    /** The topic each lag-scaled service works off; its partitions bound the service's replicas. */
    static final Map<String, String> SCALED_WORK_TOPICS = Map.of(
            "inference-service", "snailbench.queries.to-infer",
            "executor-service", "snailbench.sql.to-execute");

    private static final Map<String, Manifests> RENDERED = new ConcurrentHashMap<>();
    /** A topic's record limit when its KafkaTopic sets none: the broker's {@code message.max.bytes} default. */
    private static final long KAFKA_DEFAULT_MAX_MESSAGE_BYTES = 1_048_588;

    static Manifests overlay(String name) {
        return RENDERED.computeIfAbsent(name, Manifests::build);
    }

    static Map<String, Integer> topicPartitions() {
        Map<String, Integer> partitions = new TreeMap<>();
        for (GenericKubernetesResource topic : overlay("kafka-topics").custom("KafkaTopic")) {
            Map<String, Object> spec = castMap(topic.getAdditionalProperties().get("spec"));
            partitions.put((String) spec.get("topicName"), (Integer) spec.get("partitions"));
        }
        return partitions;
    }

    /** Secret name -> keys the operator creates (k8s/operator-provided.yaml). */
    static Map<String, Set<String>> operatorProvidedSecrets() {
        Map<String, Set<String>> secrets = new TreeMap<>();
        map(ProjectFiles.yaml(ProjectFiles.k8s().resolve("operator-provided.yaml"))
                        .get("secrets"))
                .forEach((name, keys) ->
                        secrets.put(name, new TreeSet<>(map(keys).keySet())));
        return secrets;
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldRunEveryServiceAsOneDeploymentWithItsPortAndService(String overlay) {
        Manifests manifests = overlay(overlay);

        assertThat(manifests.all(Deployment.class))
                .extracting(d -> d.getMetadata().getName())
                .containsExactlyInAnyOrderElementsOf(ProjectFiles.SERVICES);
        for (String module : ProjectFiles.SERVICES) {
            int port = ServiceModule.load(module).httpPort();
            Container container = Manifests.container(manifests.deployment(module));
            assertThat(container.getPorts())
                    .extracting(ContainerPort::getName, ContainerPort::getContainerPort)
                    .containsExactly(Tuple.tuple("http", port));
            Service service =
                    manifests.find(Service.class, module).orElseThrow(() -> new AssertionError("no Service " + module));
            assertThat(service.getSpec().getPorts())
                    .extracting(ServicePort::getPort)
                    .containsExactly(port);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldProbeReadinessAndLivenessOnQuarkusHealthEndpoints(String overlay) {
        for (Deployment deployment : overlay(overlay).all(Deployment.class)) {
            Container container = Manifests.container(deployment);
            assertProbe(container.getReadinessProbe(), "/q/health/ready", container, deployment);
            assertProbe(container.getLivenessProbe(), "/q/health/live", container, deployment);
            assertProbe(container.getStartupProbe(), "/q/health/started", container, deployment);
        }
    }

    private static void assertProbe(Probe probe, String path, Container container, Deployment deployment) {
        String name = deployment.getMetadata().getName();
        assertThat(probe).as("%s probe of %s", path, name).isNotNull();
        assertThat(probe.getHttpGet()).as("%s probe of %s", path, name).isNotNull();
        assertThat(probe.getHttpGet().getPath()).isEqualTo(path);
        String port = probe.getHttpGet().getPort().getStrVal();
        assertThat(container.getPorts())
                .as("port %s probed on %s", port, name)
                .anyMatch(p -> p.getName().equals(port));
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldRequestAndLimitCpuAndMemoryForEveryContainer(String overlay) {
        for (Deployment deployment : overlay(overlay).all(Deployment.class)) {
            for (Container container :
                    deployment.getSpec().getTemplate().getSpec().getContainers()) {
                String name = deployment.getMetadata().getName() + "/" + container.getName();
                Map<String, Quantity> requests = container.getResources().getRequests();
                Map<String, Quantity> limits = container.getResources().getLimits();
                assertThat(requests).as("requests of %s", name).containsKeys("cpu", "memory");
                assertThat(limits).as("limits of %s", name).containsKeys("cpu", "memory");
                for (String resource : List.of("cpu", "memory")) {
                    assertThat(Quantity.getAmountInBytes(requests.get(resource)))
                            .as("%s request <= limit in %s", resource, name)
                            .isLessThanOrEqualTo(Quantity.getAmountInBytes(limits.get(resource)));
                }
                // The JVM sizes its heap from the limit: below 256Mi a Quarkus service does not start reliably.
                assertThat(Quantity.getAmountInBytes(limits.get("memory")))
                        .isGreaterThanOrEqualTo(Quantity.getAmountInBytes(new Quantity("256Mi")));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldResolveEveryConfigurationReferenceToADefinedKey(String overlay) {
        Manifests manifests = overlay(overlay);
        Map<String, Set<String>> configMaps = new HashMap<>();
        manifests
                .all(ConfigMap.class)
                .forEach(c -> configMaps.put(
                        c.getMetadata().getName(),
                        c.getData() == null ? Set.of() : c.getData().keySet()));
        Map<String, Set<String>> secrets = new HashMap<>(operatorProvidedSecrets());
        for (Secret secret : manifests.all(Secret.class)) {
            Set<String> keys = new TreeSet<>();
            if (secret.getData() != null) {
                keys.addAll(secret.getData().keySet());
            }
            if (secret.getStringData() != null) {
                keys.addAll(secret.getStringData().keySet());
            }
            secrets.merge(secret.getMetadata().getName(), keys, (a, b) -> {
                Set<String> union = new TreeSet<>(a);
                union.addAll(b);
                return union;
            });
        }
        List<String> unresolved = new ArrayList<>();
        for (Deployment deployment : manifests.all(Deployment.class)) {
            PodSpec pod = deployment.getSpec().getTemplate().getSpec();
            for (Container container : pod.getContainers()) {
                String where = deployment.getMetadata().getName() + " env ";
                for (EnvVar env : container.getEnv()) {
                    if (env.getValueFrom() == null) {
                        continue;
                    }
                    var configMapRef = env.getValueFrom().getConfigMapKeyRef();
                    var secretRef = env.getValueFrom().getSecretKeyRef();
                    if (configMapRef != null
                            && !configMaps
                                    .getOrDefault(configMapRef.getName(), Set.of())
                                    .contains(configMapRef.getKey())) {
                        unresolved.add(where + env.getName() + " -> ConfigMap " + configMapRef.getName() + "/"
                                + configMapRef.getKey());
                    }
                    if (secretRef != null
                            && !secrets.getOrDefault(secretRef.getName(), Set.of())
                                    .contains(secretRef.getKey())) {
                        unresolved.add(
                                where + env.getName() + " -> Secret " + secretRef.getName() + "/" + secretRef.getKey());
                    }
                    if (configMapRef == null
                            && secretRef == null
                            && env.getValueFrom().getFieldRef() == null) {
                        unresolved.add(where + env.getName() + " -> unsupported valueFrom");
                    }
                }
                for (EnvFromSource from : container.getEnvFrom()) {
                    if (from.getConfigMapRef() != null
                            && !configMaps.containsKey(from.getConfigMapRef().getName())) {
                        unresolved.add(where + "from ConfigMap "
                                + from.getConfigMapRef().getName());
                    }
                    if (from.getSecretRef() != null
                            && !secrets.containsKey(from.getSecretRef().getName())) {
                        unresolved.add(
                                where + "from Secret " + from.getSecretRef().getName());
                    }
                }
            }
        }
        assertThat(unresolved).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldGiveEveryServiceTheVariablesItsProdProfileReads(String overlay) {
        for (String module : ProjectFiles.SERVICES) {
            Container container = Manifests.container(overlay(overlay).deployment(module));
            assertThat(container.getEnv())
                    .extracting(EnvVar::getName)
                    .as("environment of %s", module)
                    .doesNotHaveDuplicates()
                    .containsAll(ServiceModule.load(module).requiredEnvironment());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldTakeKafkaAndPostgresSettingsFromThePlatformConfigMapAndSecretOnly(String overlay) {
        Manifests manifests = overlay(overlay);
        ConfigMap platform =
                manifests.find(ConfigMap.class, "snailbench-platform").orElseThrow();
        assertThat(platform.getData().get("KAFKA_BOOTSTRAP_SERVERS")).matches("[a-z0-9.-]+:\\d+(,[a-z0-9.-]+:\\d+)*");
        assertThat(platform.getData().get("SNAILBENCH_DB_URL")).matches("postgresql://[a-z0-9.-]+:\\d+/\\w+");
        for (Deployment deployment : manifests.all(Deployment.class)) {
            Map<String, EnvVar> env = new HashMap<>();
            Manifests.container(deployment).getEnv().forEach(e -> env.put(e.getName(), e));
            for (String name : List.of("KAFKA_BOOTSTRAP_SERVERS", "SNAILBENCH_DB_URL")) {
                assertThat(env.get(name).getValueFrom().getConfigMapKeyRef().getName())
                        .as("%s of %s", name, deployment.getMetadata().getName())
                        .isEqualTo("snailbench-platform");
            }
            for (String name : List.of("SNAILBENCH_DB_USER", "SNAILBENCH_DB_PASSWORD")) {
                assertThat(env.get(name).getValueFrom().getSecretKeyRef().getName())
                        .as("%s of %s", name, deployment.getMetadata().getName())
                        .isEqualTo("snailbench-platform");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldSelectEachDeploymentsPodsWithItsServiceAndOnlyThem(String overlay) {
        Manifests manifests = overlay(overlay);
        List<Deployment> deployments = manifests.all(Deployment.class);
        for (Deployment deployment : deployments) {
            Map<String, String> podLabels =
                    deployment.getSpec().getTemplate().getMetadata().getLabels();
            assertThat(podLabels)
                    .containsAllEntriesOf(deployment.getSpec().getSelector().getMatchLabels());
        }
        for (Service service : manifests.all(Service.class)) {
            Map<String, String> selector = service.getSpec().getSelector();
            assertThat(selector)
                    .as("selector of Service %s", service.getMetadata().getName())
                    .isNotEmpty();
            List<Deployment> selected = deployments.stream()
                    .filter(d -> d.getSpec()
                            .getTemplate()
                            .getMetadata()
                            .getLabels()
                            .entrySet()
                            .containsAll(selector.entrySet()))
                    .toList();
            assertThat(selected)
                    .as(
                            "Deployments selected by Service %s",
                            service.getMetadata().getName())
                    .hasSize(1);
            Container container = Manifests.container(selected.get(0));
            for (ServicePort port : service.getSpec().getPorts()) {
                String target = port.getTargetPort().getStrVal();
                assertThat(container.getPorts())
                        .as(
                                "target port %s of %s",
                                target, service.getMetadata().getName())
                        .anyMatch(p -> p.getName().equals(target));
            }
        }
        for (PodDisruptionBudget budget : manifests.all(PodDisruptionBudget.class)) {
            Map<String, String> selector = budget.getSpec().getSelector().getMatchLabels();
            assertThat(deployments)
                    .as("pods of PodDisruptionBudget %s", budget.getMetadata().getName())
                    .anyMatch(d -> d.getSpec()
                                    .getTemplate()
                                    .getMetadata()
                                    .getLabels()
                                    .entrySet()
                                    .containsAll(selector.entrySet())
                            && d.getSpec().getReplicas()
                                    > budget.getSpec().getMinAvailable().getIntVal());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldAttachExactlyOneAutoscalerToInferenceAndExecutorWithinTheirTopicPartitions(String overlay) {
        Manifests manifests = overlay(overlay);
        Map<String, Integer> partitions = topicPartitions();
        Map<String, List<String>> autoscalers = new TreeMap<>();
        for (GenericKubernetesResource scaled : manifests.custom("ScaledObject")) {
            Map<String, Object> spec = castMap(scaled.getAdditionalProperties().get("spec"));
            String target = (String) map(spec.get("scaleTargetRef")).get("name");
            autoscalers.computeIfAbsent(target, t -> new ArrayList<>()).add("ScaledObject");
            Deployment deployment = manifests.deployment(target);
            ServiceModule module = ServiceModule.load(target);
            List<Map<String, Object>> triggers = Kustomize.maps(spec.get("triggers"));
            assertThat(triggers).hasSize(1);
            Map<String, Object> trigger = triggers.get(0);
            Map<String, Object> metadata = map(trigger.get("metadata"));
            assertThat(trigger.get("type")).isEqualTo("kafka");
            // Quarkus' Kafka consumer group defaults to quarkus.application.name.
            assertThat(metadata.get("consumerGroup")).isEqualTo(module.applicationName());
            assertThat(metadata.get("topic")).isEqualTo(SCALED_WORK_TOPICS.get(target));
            assertThat(module.incomingTopics()).contains((String) metadata.get("topic"));
            assertThat(Manifests.container(deployment).getEnv())
                    .extracting(EnvVar::getName)
                    .contains((String) metadata.get("bootstrapServersFromEnv"));
            assertThat((Integer) spec.get("maxReplicaCount"))
                    .as("maxReplicaCount of %s", target)
                    .isLessThanOrEqualTo(partitions.get((String) metadata.get("topic")))
                    .isGreaterThanOrEqualTo((Integer) spec.get("minReplicaCount"));
        }
        for (HorizontalPodAutoscaler hpa : manifests.all(HorizontalPodAutoscaler.class)) {
            String target = hpa.getSpec().getScaleTargetRef().getName();
            autoscalers.computeIfAbsent(target, t -> new ArrayList<>()).add("HorizontalPodAutoscaler");
            manifests.deployment(target);
            assertThat(hpa.getSpec().getMetrics())
                    .extracting(m -> m.getResource().getName())
                    .containsOnly("cpu");
            assertThat(hpa.getSpec().getMaxReplicas())
                    .as("maxReplicas of %s", target)
                    .isLessThanOrEqualTo(partitions.get(SCALED_WORK_TOPICS.get(target)));
        }
        assertThat(autoscalers)
                .containsOnlyKeys(SCALED_WORK_TOPICS.keySet())
                .allSatisfy((target, kinds) -> assertThat(kinds).hasSize(1));
        // A fixed replica count would reset the autoscaler's choice on every apply.
        SCALED_WORK_TOPICS
                .keySet()
                .forEach(target -> assertThat(
                                manifests.deployment(target).getSpec().getReplicas())
                        .as("replicas of autoscaled %s", target)
                        .isNull());
    }

    @Test
    void shouldScaleOnConsumerLagWithKedaInProduction() {
        assertThat(overlay("overlays/prod").custom("ScaledObject"))
                .extracting(r -> r.getMetadata().getName())
                .containsExactlyInAnyOrderElementsOf(SCALED_WORK_TOPICS.keySet());
    }

    @Test
    void shouldRunTheClassifierOnAGpuWithCudaInProduction() {
        Manifests prod = overlay("overlays/prod");
        Deployment classifier = prod.deployment("classifier-service");
        PodSpec pod = classifier.getSpec().getTemplate().getSpec();
        Container container = Manifests.container(classifier);

        assertThat(container.getResources().getLimits().get("nvidia.com/gpu")).isEqualTo(new Quantity("1"));
        assertThat(pod.getNodeSelector()).containsEntry("nvidia.com/gpu.present", "true");
        assertThat(pod.getTolerations())
                .anyMatch(t ->
                        t.getKey().equals("nvidia.com/gpu") && t.getEffect().equals("NoSchedule"));
        assertThat(container.getImage()).startsWith("snailbench/classifier-service-cuda:");
        assertThat(resolve(prod, container, "SNAILBENCH_CLASSIFIER_EXECUTION_PROVIDER"))
                .isEqualTo("cuda");
        assertThat(ProjectFiles.root().resolve("classifier-service/src/main/docker/Dockerfile.jvm-cuda"))
                .isRegularFile();
    }

    @Test
    void shouldRunTheClassifierOnCpuInDevelopment() {
        Manifests dev = overlay("overlays/dev");
        Deployment classifier = dev.deployment("classifier-service");
        Container container = Manifests.container(classifier);

        assertThat(container.getResources().getLimits()).doesNotContainKey("nvidia.com/gpu");
        assertThat(classifier.getSpec().getTemplate().getSpec().getTolerations())
                .isEmpty();
        assertThat(container.getImage()).startsWith("snailbench/classifier-service:");
        assertThat(resolve(dev, container, "SNAILBENCH_CLASSIFIER_EXECUTION_PROVIDER"))
                .isEqualTo("cpu");
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldAskForGpusOnlyForTheClassifier(String overlay) {
        for (Deployment deployment : overlay(overlay).all(Deployment.class)) {
            if (!deployment.getMetadata().getName().equals("classifier-service")) {
                assertThat(Manifests.container(deployment).getResources().getLimits())
                        .as("limits of %s", deployment.getMetadata().getName())
                        .doesNotContainKey("nvidia.com/gpu");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldPinImageTagsAndNamespaceInEveryOverlay(String overlay) {
        Manifests manifests = overlay(overlay);
        for (Deployment deployment : manifests.all(Deployment.class)) {
            String image = Manifests.container(deployment).getImage();
            assertThat(image)
                    .as("image of %s", deployment.getMetadata().getName())
                    .startsWith("snailbench/")
                    .doesNotEndWith(":latest")
                    .matches(".+:[\\w.-]+");
        }
        String namespace = manifests.all(Namespace.class).get(0).getMetadata().getName();
        assertThat(manifests.resources)
                .filteredOn(r -> !r.getKind().equals("Namespace"))
                .allSatisfy(r -> assertThat(r.getMetadata().getNamespace()).isEqualTo(namespace));
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldPublishMetricsForScrapingOnEveryPod(String overlay) {
        for (Deployment deployment : overlay(overlay).all(Deployment.class)) {
            Map<String, String> annotations =
                    deployment.getSpec().getTemplate().getMetadata().getAnnotations();
            int port = ServiceModule.load(deployment.getMetadata().getName()).httpPort();
            assertThat(annotations)
                    .containsEntry("prometheus.io/path", "/q/metrics")
                    .containsEntry("prometheus.io/port", String.valueOf(port));
        }
    }

    @Test
    void shouldKeepSecretValuesOutOfTheProductionManifests() {
        assertThat(overlay("overlays/prod").all(Secret.class)).isEmpty();
    }

    @Test
    void shouldListOnlyOperatorProvidedSecretKeysThatAreUsed() {
        Set<String> referenced = new TreeSet<>();
        for (String overlay : List.of("overlays/dev", "overlays/prod")) {
            for (Deployment deployment : overlay(overlay).all(Deployment.class)) {
                Manifests.container(deployment).getEnv().stream()
                        .filter(e ->
                                e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                        .forEach(e -> referenced.add(
                                e.getValueFrom().getSecretKeyRef().getName() + "/"
                                        + e.getValueFrom().getSecretKeyRef().getKey()));
                Manifests.container(deployment).getEnvFrom().stream()
                        .filter(from -> from.getSecretRef() != null)
                        .forEach(from -> referenced.add(from.getSecretRef().getName() + "/*"));
            }
        }
        Set<String> declared = new TreeSet<>();
        // A Secret read whole (envFrom) uses every key the operator puts in it.
        operatorProvidedSecrets()
                .forEach((name, keys) -> keys.forEach(
                        key -> declared.add(referenced.contains(name + "/*") ? name + "/*" : name + "/" + key)));

        assertThat(referenced).containsAll(declared);
    }

    @Test
    void shouldDeclareAKafkaTopicForEveryTopicTheServicesUse() {
        Manifests topics = overlay("kafka-topics");
        Set<String> used = new TreeSet<>();
        ProjectFiles.SERVICES.forEach(
                module -> used.addAll(ServiceModule.load(module).topics()));

        assertThat(topicPartitions().keySet()).containsAll(used);
        assertThat(topics.custom("KafkaTopic")).allSatisfy(topic -> {
            assertThat(topic.getMetadata().getName()).matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
            assertThat(topic.getMetadata().getLabels()).containsKey("strimzi.io/cluster");
            assertThat(topic.getMetadata().getNamespace()).isNotBlank();
        });
        assertThat(topicPartitions().values())
                .allSatisfy(partitions -> assertThat(partitions).isPositive());
        assertThat(topics.custom("KafkaTopic"))
                .extracting(t -> t.getMetadata().getName())
                .doesNotHaveDuplicates();
    }

    @Test
    void shouldLetEveryTopicTakeTheLargestRecordItsProducersMaySend() {
        Map<String, Long> allowed = new TreeMap<>();
        for (GenericKubernetesResource topic : overlay("kafka-topics").custom("KafkaTopic")) {
            Map<String, Object> spec = castMap(topic.getAdditionalProperties().get("spec"));
            Object limit = spec.get("config") == null
                    ? null
                    : castMap(spec.get("config")).get("max.message.bytes");
            allowed.put(
                    (String) spec.get("topicName"),
                    limit == null ? KAFKA_DEFAULT_MAX_MESSAGE_BYTES : Long.parseLong(limit.toString()));
        }

        ProjectFiles.SERVICES.forEach(module -> ServiceModule.largeRecordTopics(module)
                .forEach((topic, bytes) -> assertThat(allowed.get(topic))
                        .as("max.message.bytes of %s, which %s may send %d bytes to", topic, module, bytes)
                        .isGreaterThanOrEqualTo(bytes)));
    }

    @Test
    void shouldPointKafkaClientsAtTheStrimziClusterThatOwnsTheTopics() {
        GenericKubernetesResource anyTopic =
                overlay("kafka-topics").custom("KafkaTopic").get(0);
        String cluster = anyTopic.getMetadata().getLabels().get("strimzi.io/cluster");
        String namespace = anyTopic.getMetadata().getNamespace();
        String bootstrap = cluster + "-kafka-bootstrap." + namespace + ".svc:9092";

        for (String overlay : List.of("overlays/dev", "overlays/prod")) {
            assertThat(overlay(overlay)
                            .find(ConfigMap.class, "snailbench-platform")
                            .orElseThrow()
                            .getData()
                            .get("KAFKA_BOOTSTRAP_SERVERS"))
                    .as(overlay)
                    .isEqualTo(bootstrap);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod", "kafka-topics", "kafka-users"})
    void shouldUseOnlyFieldsTheKubernetesApiKnows(String overlay) {
        Manifests manifests = overlay(overlay);
        for (int i = 0; i < manifests.raw.size(); i++) {
            Map<String, Object> raw = manifests.raw.get(i);
            String where = Manifests.typeOf(raw) + " " + Kustomize.metadata(raw).get("name");
            if (Manifests.KNOWN_KINDS.containsKey(Manifests.typeOf(raw))) {
                assertThat(UnknownFields.of(manifests.resources.get(i)))
                        .as("unknown fields in %s", where)
                        .isEmpty();
            }
            if (raw.get("kind").equals("ConfigMap")) {
                assertThat(map(raw.get("data")).values())
                        .as("data of %s", where)
                        .allSatisfy(value -> assertThat(value).isInstanceOf(String.class));
            }
        }
        for (Deployment deployment : manifests.all(Deployment.class)) {
            Manifests.container(deployment).getEnv().stream()
                    .filter(e -> e.getValueFrom() == null)
                    .forEach(e -> assertThat(e.getValue()).as(e.getName()).isNotNull());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldLogEveryServiceInToKafkaAsItsOwnUser(String overlay) {
        Manifests manifests = overlay(overlay);
        ConfigMap platform =
                manifests.find(ConfigMap.class, "snailbench-platform").orElseThrow();
        assertThat(platform.getData())
                .containsEntry("KAFKA_SECURITY_PROTOCOL", "SASL_PLAINTEXT")
                .containsEntry("KAFKA_SASL_MECHANISM", "SCRAM-SHA-512");
        for (String module : ProjectFiles.SERVICES) {
            Map<String, EnvVar> env = new HashMap<>();
            Manifests.container(manifests.deployment(module)).getEnv().forEach(e -> env.put(e.getName(), e));
            var jaas = env.get("KAFKA_SASL_JAAS_CONFIG").getValueFrom().getSecretKeyRef();
            assertThat(jaas.getName()).as(module).isEqualTo("snailbench-kafka-" + module.replace("-service", ""));
            assertThat(jaas.getKey()).isEqualTo("sasl.jaas.config");
            for (String name : List.of("KAFKA_SECURITY_PROTOCOL", "KAFKA_SASL_MECHANISM")) {
                assertThat(env.get(name).getValueFrom().getConfigMapKeyRef().getName())
                        .as("%s of %s", name, module)
                        .isEqualTo("snailbench-platform");
            }
        }
    }

    @Test
    void shouldAllowEachKafkaUserOnlyItsOwnTopicsAndConsumerGroups() {
        Map<String, GenericKubernetesResource> users = new TreeMap<>();
        overlay("kafka-users")
                .custom("KafkaUser")
                .forEach(u -> users.put(u.getMetadata().getName(), u));
        assertThat(users.keySet())
                .containsExactlyInAnyOrder("generator", "classifier", "inference", "executor", "scorer");
        String cluster = overlay("kafka-topics")
                .custom("KafkaTopic")
                .get(0)
                .getMetadata()
                .getLabels()
                .get("strimzi.io/cluster");
        for (String module : ProjectFiles.SERVICES) {
            GenericKubernetesResource user = users.get(module.replace("-service", ""));
            assertThat(user.getMetadata().getLabels()).containsEntry("strimzi.io/cluster", cluster);
            Map<String, Object> spec = castMap(user.getAdditionalProperties().get("spec"));
            assertThat(map(spec.get("authentication"))).containsEntry("type", "scram-sha-512");
            Set<String> reads = new TreeSet<>();
            Set<String> writes = new TreeSet<>();
            Set<String> groups = new TreeSet<>();
            for (Object entry : (List<?>) map(spec.get("authorization")).get("acls")) {
                Map<String, Object> acl = castMap(entry);
                Map<String, Object> resource = map(acl.get("resource"));
                List<Object> operations = List.copyOf((List<?>) acl.get("operations"));
                switch ((String) resource.get("type")) {
                    case "topic" -> {
                        assertThat(resource.get("patternType")).isEqualTo("literal");
                        (operations.contains("Read") ? reads : writes).add((String) resource.get("name"));
                        assertThat(operations)
                                .as("%s on %s", module, resource)
                                .hasSize(2)
                                .contains("Describe");
                    }
                    case "group" -> {
                        assertThat(operations).containsExactly("Read");
                        groups.add((String) resource.get("name"));
                    }
                    case "cluster" -> assertThat(operations).containsExactly("Describe");
                    default -> throw new AssertionError(module + ": unexpected ACL " + acl);
                }
            }
            assertThat(reads).as("%s reads", module).isEqualTo(ServiceModule.channelTopics(module, true));
            assertThat(writes).as("%s writes", module).isEqualTo(ServiceModule.channelTopics(module, false));
            assertThat(groups)
                    .as("%s groups", module)
                    .contains(ServiceModule.load(module).applicationName());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldDenyAllTrafficByDefaultAndLetOnlyTheExecutorReachTeamDatabases(String overlay) {
        var policies = overlay(overlay).all(NetworkPolicy.class);
        var deny = policies.stream()
                .filter(p -> p.getMetadata().getName().equals("snailbench-default-deny"))
                .findFirst()
                .orElseThrow();
        assertThat(deny.getSpec().getPodSelector().getMatchLabels()).isNullOrEmpty();
        assertThat(deny.getSpec().getPolicyTypes()).containsExactlyInAnyOrder("Ingress", "Egress");
        assertThat(deny.getSpec().getIngress()).isNullOrEmpty();
        assertThat(deny.getSpec().getEgress()).isNullOrEmpty();
        // Only the executor's pods may open connections to database ports outside the platform's namespaces.
        for (var policy : policies) {
            boolean databasePorts = policy.getSpec().getEgress() != null
                    && policy.getSpec().getEgress().stream()
                            .anyMatch(rule -> rule.getTo().stream().anyMatch(peer -> peer.getIpBlock() != null)
                                    && rule.getPorts().stream()
                                            .anyMatch(port -> port.getPort().getIntVal() != null
                                                    && List.of(5432, 1433)
                                                            .contains(port.getPort()
                                                                    .getIntVal())));
            if (databasePorts) {
                assertThat(policy.getSpec().getPodSelector().getMatchLabels())
                        .as(policy.getMetadata().getName())
                        .isEqualTo(Map.of("app.kubernetes.io/name", "executor-service"));
            }
        }
        // Ingress only to the HTTP port.
        policies.stream()
                .filter(p -> p.getSpec().getIngress() != null)
                .flatMap(p -> p.getSpec().getIngress().stream())
                .forEach(rule -> assertThat(rule.getPorts())
                        .allSatisfy(
                                port -> assertThat(port.getPort().getStrVal()).isEqualTo("http")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod"})
    void shouldTellTheExecutorWhereTeamDatabasesMayBeAndWhichEndpointsAreThePlatforms(String overlay) {
        Manifests manifests = overlay(overlay);
        Container executor = Manifests.container(manifests.deployment("executor-service"));
        assertThat(resolve(manifests, executor, "SNAILBENCH_EXECUTOR_TARGETS_ALLOWED_NETWORKS"))
                .isNotNull();
        assertThat(resolve(manifests, executor, "SNAILBENCH_EXECUTOR_TARGETS_PLATFORM_ENDPOINTS")
                        .split(","))
                .containsExactlyInAnyOrder(
                        "generator-service:8080",
                        "classifier-service:8081",
                        "inference-service:8082",
                        "scorer-service:8084");
    }

    /** The value a container sees for an environment variable, following ConfigMap references. */
    private static String resolve(Manifests manifests, Container container, String name) {
        EnvVar env = container.getEnv().stream()
                .filter(e -> e.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not set"));
        if (env.getValueFrom() == null) {
            return env.getValue();
        }
        var ref = Objects.requireNonNull(env.getValueFrom().getConfigMapKeyRef(), name + " is not from a ConfigMap");
        return manifests
                .find(ConfigMap.class, ref.getName())
                .orElseThrow()
                .getData()
                .get(ref.getKey());
    }
}
