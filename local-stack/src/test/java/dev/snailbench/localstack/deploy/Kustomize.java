package dev.snailbench.localstack.deploy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Renders a kustomization the way {@code kustomize build} does, for the subset of features Snailbench's
 * {@code k8s/} uses: resources (files and directories), components, strategic-merge patches from files,
 * images, namespace, and secret/config-map generators with name hashes disabled. Any other field fails
 * loudly, so a manifest never passes the tests because a feature was silently skipped. Where kubectl is
 * installed, {@code KustomizeTest} compares this renderer's output with {@code kubectl kustomize}.
 */
final class Kustomize {

    private static final Set<String> SUPPORTED_FIELDS = Set.of(
            "apiVersion",
            "kind",
            "resources",
            "components",
            "patches",
            "images",
            "namespace",
            "secretGenerator",
            "configMapGenerator",
            "generatorOptions");
    private static final Set<String> CLUSTER_SCOPED_KINDS = Set.of(
            "Namespace",
            "ClusterRole",
            "ClusterRoleBinding",
            "CustomResourceDefinition",
            "PersistentVolume",
            "StorageClass",
            "PriorityClass");

    private Kustomize() {}

    /** The resources {@code kustomize build dir} prints, as YAML mappings. */
    static List<Map<String, Object>> build(Path dir) {
        Map<String, Object> kustomization = kustomization(dir, "Kustomization");
        List<Map<String, Object>> resources = new ArrayList<>();
        apply(dir, kustomization, resources);
        return resources;
    }

    static Map<String, Object> kustomization(Path dir, String expectedKind) {
        Path file = dir.resolve("kustomization.yaml");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("No kustomization.yaml in " + dir);
        }
        Map<String, Object> kustomization = ProjectFiles.yaml(file);
        Object kind = kustomization.getOrDefault("kind", "Kustomization");
        if (!expectedKind.equals(kind)) {
            throw new IllegalArgumentException(file + " is a " + kind + ", expected a " + expectedKind);
        }
        for (String field : kustomization.keySet()) {
            if (!SUPPORTED_FIELDS.contains(field)) {
                throw new IllegalArgumentException(
                        file + " uses '" + field + "', which this renderer does not support");
            }
        }
        return kustomization;
    }

    private static void apply(Path dir, Map<String, Object> kustomization, List<Map<String, Object>> resources) {
        for (String resource : strings(kustomization.get("resources"))) {
            Path path = dir.resolve(resource).normalize();
            if (Files.isDirectory(path)) {
                resources.addAll(build(path));
            } else if (Files.isRegularFile(path)) {
                resources.addAll(ProjectFiles.yamlDocuments(path));
            } else {
                throw new IllegalArgumentException(dir + ": resource " + resource + " does not exist");
            }
        }
        for (String component : strings(kustomization.get("components"))) {
            Path path = dir.resolve(component).normalize();
            apply(path, kustomization(path, "Component"), resources);
        }
        generate(dir, kustomization, resources);
        for (Map<String, Object> patch : maps(kustomization.get("patches"))) {
            if (patch.keySet().stream().anyMatch(key -> !key.equals("path"))) {
                throw new IllegalArgumentException(dir + ": only 'path' patches are supported, got " + patch);
            }
            Path path = dir.resolve((String) patch.get("path")).normalize();
            for (Map<String, Object> document : ProjectFiles.yamlDocuments(path)) {
                patch(resources, document, path);
            }
        }
        for (Map<String, Object> image : maps(kustomization.get("images"))) {
            setImage(resources, image);
        }
        Object namespace = kustomization.get("namespace");
        if (namespace != null) {
            for (Map<String, Object> resource : resources) {
                if (!CLUSTER_SCOPED_KINDS.contains(resource.get("kind"))) {
                    metadata(resource).put("namespace", namespace);
                }
            }
        }
    }

    private static void generate(Path dir, Map<String, Object> kustomization, List<Map<String, Object>> resources) {
        boolean generators =
                kustomization.containsKey("secretGenerator") || kustomization.containsKey("configMapGenerator");
        if (!generators) {
            return;
        }
        Map<String, Object> options = map(kustomization.get("generatorOptions"));
        if (!Boolean.TRUE.equals(options.get("disableNameSuffixHash")) || options.size() != 1) {
            throw new IllegalArgumentException(dir + ": generators need generatorOptions.disableNameSuffixHash: true"
                    + " (and nothing else) here, so that references need no rewriting");
        }
        for (Map<String, Object> generator : maps(kustomization.get("secretGenerator"))) {
            resources.add(generated("Secret", dir, generator, true));
        }
        for (Map<String, Object> generator : maps(kustomization.get("configMapGenerator"))) {
            resources.add(generated("ConfigMap", dir, generator, false));
        }
    }

    private static Map<String, Object> generated(String kind, Path dir, Map<String, Object> generator, boolean base64) {
        if (!Set.of("name", "literals").containsAll(generator.keySet())) {
            throw new IllegalArgumentException(dir + ": only name and literals are supported in " + generator);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        for (String literal : strings(generator.get("literals"))) {
            int equals = literal.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException(dir + ": literal without KEY=value: " + literal);
            }
            String value = literal.substring(equals + 1);
            if (value.isEmpty()) {
                throw new IllegalArgumentException(dir + ": kustomize drops the empty literal " + literal);
            }
            data.put(
                    literal.substring(0, equals),
                    base64 ? Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) : value);
        }
        Map<String, Object> resource = new LinkedHashMap<>();
        resource.put("apiVersion", "v1");
        resource.put("kind", kind);
        resource.put("metadata", new LinkedHashMap<>(Map.of("name", generator.get("name"))));
        if (base64) {
            resource.put("type", "Opaque");
        }
        resource.put("data", data);
        return resource;
    }

    private static void patch(List<Map<String, Object>> resources, Map<String, Object> patch, Path file) {
        String kind = (String) patch.get("kind");
        String name = (String) metadata(patch).get("name");
        List<Integer> matches = new ArrayList<>();
        for (int i = 0; i < resources.size(); i++) {
            Map<String, Object> resource = resources.get(i);
            if (Objects.equals(kind, resource.get("kind"))
                    && Objects.equals(name, metadata(resource).get("name"))) {
                matches.add(i);
            }
        }
        if (matches.size() != 1) {
            throw new IllegalArgumentException(
                    file + " patches " + kind + "/" + name + ", which matches " + matches.size() + " resources");
        }
        int index = matches.get(0);
        resources.set(index, castMap(merge(resources.get(index), patch)));
    }

    /**
     * Strategic merge: mappings merge key by key ({@code null} deletes), lists whose items all have a
     * {@code name} merge item by item (containers, env, ports, volumes), other lists and scalars are replaced.
     */
    static Object merge(Object base, Object patch) {
        if (patch instanceof Map<?, ?> patchMap && base instanceof Map<?, ?> baseMap) {
            Map<String, Object> merged = new LinkedHashMap<>(castMap(baseMap));
            for (Map.Entry<?, ?> entry : patchMap.entrySet()) {
                String key = (String) entry.getKey();
                if (key.startsWith("$")) {
                    throw new IllegalArgumentException("Patch directive " + key + " is not supported");
                }
                if (entry.getValue() == null) {
                    merged.remove(key);
                } else {
                    merged.put(key, merge(merged.get(key), entry.getValue()));
                }
            }
            return merged;
        }
        if (patch instanceof List<?> patchList
                && base instanceof List<?> baseList
                && named(patchList)
                && named(baseList)) {
            List<Object> merged = new ArrayList<>(baseList);
            for (Object item : patchList) {
                Object itemName = ((Map<?, ?>) item).get("name");
                int existing = -1;
                for (int i = 0; i < merged.size(); i++) {
                    if (itemName.equals(((Map<?, ?>) merged.get(i)).get("name"))) {
                        existing = i;
                    }
                }
                if (existing >= 0) {
                    merged.set(existing, merge(merged.get(existing), item));
                } else {
                    merged.add(item);
                }
            }
            return merged;
        }
        return patch;
    }

    private static boolean named(List<?> list) {
        return list.stream().allMatch(item -> item instanceof Map<?, ?> map && map.get("name") != null);
    }

    private static void setImage(List<Map<String, Object>> resources, Map<String, Object> image) {
        if (!Set.of("name", "newName", "newTag").containsAll(image.keySet())) {
            throw new IllegalArgumentException("Only name, newName and newTag are supported in images: " + image);
        }
        String name = (String) image.get("name");
        for (Map<String, Object> resource : resources) {
            Map<String, Object> podSpec =
                    map(map(map(resource.get("spec")).get("template")).get("spec"));
            for (String field : List.of("containers", "initContainers")) {
                for (Map<String, Object> container : maps(podSpec.get(field))) {
                    String current = (String) container.get("image");
                    int slash = current.lastIndexOf('/');
                    int colon = current.lastIndexOf(':');
                    String repository = colon > slash ? current.substring(0, colon) : current;
                    String tag = colon > slash ? current.substring(colon + 1) : null;
                    if (repository.equals(name)) {
                        String newName = (String) image.getOrDefault("newName", repository);
                        Object newTag = image.getOrDefault("newTag", tag);
                        container.put("image", newTag == null ? newName : newName + ":" + newTag);
                    }
                }
            }
        }
    }

    static Map<String, Object> metadata(Map<String, Object> resource) {
        Object metadata = resource.get("metadata");
        if (metadata == null) {
            metadata = new LinkedHashMap<String, Object>();
            resource.put("metadata", metadata);
        }
        return castMap(metadata);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> castMap(Object value) {
        return (Map<String, Object>) value;
    }

    static Map<String, Object> map(Object value) {
        return value == null ? Map.of() : castMap(value);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> maps(Object value) {
        return value == null ? List.of() : (List<Map<String, Object>>) value;
    }

    @SuppressWarnings("unchecked")
    static List<String> strings(Object value) {
        return value == null ? List.of() : (List<String>) value;
    }
}
