package dev.snailbench.localstack.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The kustomizations under k8s/ are complete, and the renderer the manifest tests use renders them faithfully. */
class KustomizeTest {

    @Test
    void shouldReferenceOnlyFilesThatExistFromEveryKustomization() throws IOException {
        List<Path> kustomizations = kustomizationDirs();
        assertThat(kustomizations).isNotEmpty();
        for (Path dir : kustomizations) {
            Map<String, Object> kustomization = ProjectFiles.yaml(dir.resolve("kustomization.yaml"));
            for (String field : List.of("resources", "components")) {
                for (String entry : Kustomize.strings(kustomization.get(field))) {
                    assertThat(dir.resolve(entry)).as("%s of %s", field, dir).exists();
                }
            }
            for (Map<String, Object> patch : Kustomize.maps(kustomization.get("patches"))) {
                assertThat(dir.resolve((String) patch.get("path")))
                        .as("patch of %s", dir)
                        .isRegularFile();
            }
        }
    }

    @Test
    void shouldLeaveNoManifestUnusedByAKustomization() throws IOException {
        Set<Path> used = new HashSet<>();
        for (Path dir : kustomizationDirs()) {
            used.add(dir.resolve("kustomization.yaml"));
            Map<String, Object> kustomization = ProjectFiles.yaml(dir.resolve("kustomization.yaml"));
            Kustomize.strings(kustomization.get("resources"))
                    .forEach(r -> used.add(dir.resolve(r).normalize()));
            Kustomize.maps(kustomization.get("patches"))
                    .forEach(p -> used.add(dir.resolve((String) p.get("path")).normalize()));
        }
        used.add(ProjectFiles.k8s().resolve("operator-provided.yaml"));
        try (Stream<Path> files = Files.walk(ProjectFiles.k8s())) {
            assertThat(files.filter(
                            f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml")))
                    .allSatisfy(file -> assertThat(used)
                            .as("a kustomization using %s", file)
                            .contains(file));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod", "kafka-topics", "kafka-users"})
    void shouldRenderLikeKubectlKustomizeWhereKubectlIsInstalled(String dir) throws Exception {
        Path kubectl = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .map(p -> Path.of(p, "kubectl"))
                .filter(Files::isExecutable)
                .findFirst()
                .orElse(null);
        assumeTrue(kubectl != null, "kubectl is not installed: the renderer is checked by the tests below only");
        Process process = new ProcessBuilder(
                        kubectl.toString(),
                        "kustomize",
                        ProjectFiles.k8s().resolve(dir).toString())
                .redirectErrorStream(false)
                .start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue())
                .as(new String(process.getErrorStream().readAllBytes()))
                .isZero();

        LoaderOptions options = new LoaderOptions();
        Set<String> expected = new TreeSet<>();
        for (Object document : new Yaml(new SafeConstructor(options)).loadAll(output)) {
            expected.add(canonical(document));
        }
        Set<String> rendered = Kustomize.build(ProjectFiles.k8s().resolve(dir)).stream()
                .map(KustomizeTest::canonical)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(rendered).isEqualTo(expected);
    }

    @Test
    void shouldMergeNamedListItemsAndReplaceEverythingElse() {
        Map<String, Object> base = Map.of(
                "spec",
                Map.of(
                        "replicas",
                        1,
                        "containers",
                        List.of(
                                Map.of("name", "a", "image", "x:1", "env", List.of(Map.of("name", "K", "value", "1"))),
                                Map.of("name", "b", "image", "y:1")),
                        "tolerations",
                        List.of(Map.of("key", "t1")),
                        "keep",
                        "me"));
        Map<String, Object> patch = Map.of(
                "spec",
                Map.of(
                        "replicas",
                        3,
                        "containers",
                        List.of(Map.of("name", "a", "env", List.of(Map.of("name", "L", "value", "2")))),
                        "tolerations",
                        List.of(Map.of("key", "t2"))));

        Object merged = Kustomize.merge(base, patch);

        assertThat(merged)
                .isEqualTo(Map.of(
                        "spec",
                        Map.of(
                                "replicas",
                                3,
                                "containers",
                                List.of(
                                        Map.of(
                                                "name",
                                                "a",
                                                "image",
                                                "x:1",
                                                "env",
                                                List.of(
                                                        Map.of("name", "K", "value", "1"),
                                                        Map.of("name", "L", "value", "2"))),
                                        Map.of("name", "b", "image", "y:1")),
                                "tolerations",
                                List.of(Map.of("key", "t2")),
                                "keep",
                                "me")));
    }

    @Test
    void shouldApplyComponentsGeneratorsImagesAndNamespace(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("base"));
        Files.createDirectories(dir.resolve("gpu"));
        Files.createDirectories(dir.resolve("overlay"));
        Files.writeString(dir.resolve("base/kustomization.yaml"), "resources: [app.yaml]\n");
        Files.writeString(dir.resolve("base/app.yaml"), """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: app}
                spec:
                  template:
                    spec:
                      containers: [{name: app, image: "acme/app:latest"}]
                """);
        Files.writeString(dir.resolve("gpu/kustomization.yaml"), """
                apiVersion: kustomize.config.k8s.io/v1alpha1
                kind: Component
                patches: [{path: gpu.yaml}]
                """);
        Files.writeString(dir.resolve("gpu/gpu.yaml"), """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: app}
                spec: {template: {spec: {containers: [{name: app, image: "acme/app-gpu:latest"}]}}}
                """);
        Files.writeString(dir.resolve("overlay/kustomization.yaml"), """
                namespace: team
                resources: [../base]
                components: [../gpu]
                images: [{name: acme/app-gpu, newTag: "1.2"}]
                generatorOptions: {disableNameSuffixHash: true}
                secretGenerator: [{name: keys, literals: [K=v]}]
                """);

        List<Map<String, Object>> rendered = Kustomize.build(dir.resolve("overlay"));

        assertThat(rendered).hasSize(2);
        assertThat(canonical(rendered.get(0)))
                .contains("image=acme/app-gpu:1.2")
                .contains("namespace=team");
        assertThat(rendered.get(1)).containsEntry("kind", "Secret").containsEntry("data", Map.of("K", "dg=="));
        assertThat(Kustomize.metadata(rendered.get(1))).containsEntry("namespace", "team");
    }

    @Test
    void shouldRefuseKustomizeFeaturesItDoesNotImplement(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kustomization.yaml"), "resources: []\ncommonLabels: {a: b}\n");

        assertThatThrownBy(() -> Kustomize.build(dir)).hasMessageContaining("commonLabels");
    }

    @Test
    void shouldRefuseAPatchThatMatchesNothing(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kustomization.yaml"), "patches: [{path: p.yaml}]\n");
        Files.writeString(dir.resolve("p.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: nope}\n");

        assertThatThrownBy(() -> Kustomize.build(dir)).hasMessageContaining("ConfigMap/nope, which matches 0");
    }

    private static List<Path> kustomizationDirs() throws IOException {
        try (Stream<Path> files = Files.walk(ProjectFiles.k8s())) {
            return files.filter(f -> f.getFileName().toString().equals("kustomization.yaml"))
                    .map(Path::getParent)
                    .sorted(Comparator.naturalOrder())
                    .toList();
        }
    }

    /** A key-sorted rendering, so documents compare regardless of key order. */
    private static String canonical(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream()
                    .sorted(Comparator.comparing(e -> String.valueOf(e.getKey())))
                    .map(e -> e.getKey() + "=" + canonical(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof List<?> list) {
            return list.stream().map(KustomizeTest::canonical).collect(Collectors.joining(", ", "[", "]"));
        }
        if (value instanceof String text && text.contains("\n") && text.matches("[A-Za-z0-9+/=\\s]+")) {
            // kubectl folds long base64 (a Secret's JAAS line) over lines; the line breaks mean nothing to base64.
            return text.replaceAll("\\s", "");
        }
        return String.valueOf(value);
    }
}
