package dev.snailbench.localstack.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One rendered kustomization, typed with fabric8's Kubernetes model (custom resources stay generic). */
final class Manifests {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The built-in kinds Snailbench's manifests may use, with their model classes. */
    static final Map<String, Class<? extends HasMetadata>> KNOWN_KINDS = Map.of(
            "apps/v1/Deployment", Deployment.class,
            "v1/Service", Service.class,
            "v1/ConfigMap", ConfigMap.class,
            "v1/Secret", Secret.class,
            "v1/Namespace", Namespace.class,
            "autoscaling/v2/HorizontalPodAutoscaler", HorizontalPodAutoscaler.class,
            "policy/v1/PodDisruptionBudget", PodDisruptionBudget.class,
            "networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class);
    /** Custom resources of the operators Snailbench relies on. */
    static final List<String> CUSTOM_KINDS = List.of(
            "keda.sh/v1alpha1/ScaledObject",
            "kafka.strimzi.io/v1beta2/KafkaTopic",
            "kafka.strimzi.io/v1beta2/KafkaUser");

    final String name;
    final List<Map<String, Object>> raw;
    final List<HasMetadata> resources;

    private Manifests(String name, List<Map<String, Object>> raw) {
        this.name = name;
        this.raw = raw;
        this.resources = raw.stream().map(Manifests::typed).toList();
    }

    /** {@code kustomize build k8s/<relativeDir>}. */
    static Manifests build(String relativeDir) {
        Path dir = ProjectFiles.k8s().resolve(relativeDir);
        return new Manifests(relativeDir, Kustomize.build(dir));
    }

    static String typeOf(Map<String, Object> resource) {
        return resource.get("apiVersion") + "/" + resource.get("kind");
    }

    private static HasMetadata typed(Map<String, Object> resource) {
        String type = typeOf(resource);
        Class<? extends HasMetadata> model = KNOWN_KINDS.get(type);
        if (model != null) {
            return JSON.convertValue(resource, model);
        }
        if (CUSTOM_KINDS.contains(type)) {
            return JSON.convertValue(resource, GenericKubernetesResource.class);
        }
        throw new IllegalArgumentException("Unexpected kind " + type + " (add it to Manifests when it is meant)");
    }

    <T extends HasMetadata> List<T> all(Class<T> type) {
        return resources.stream().filter(type::isInstance).map(type::cast).toList();
    }

    List<GenericKubernetesResource> custom(String kind) {
        return all(GenericKubernetesResource.class).stream()
                .filter(r -> kind.equals(r.getKind()))
                .toList();
    }

    Deployment deployment(String name) {
        return find(Deployment.class, name)
                .orElseThrow(() -> new AssertionError(this.name + " has no Deployment " + name));
    }

    <T extends HasMetadata> Optional<T> find(Class<T> type, String name) {
        return all(type).stream()
                .filter(r -> name.equals(r.getMetadata().getName()))
                .findFirst();
    }

    static Container container(Deployment deployment) {
        List<Container> containers =
                deployment.getSpec().getTemplate().getSpec().getContainers();
        if (containers.size() != 1) {
            throw new AssertionError(deployment.getMetadata().getName() + " should run exactly one container");
        }
        return containers.get(0);
    }

    @Override
    public String toString() {
        return name;
    }
}
