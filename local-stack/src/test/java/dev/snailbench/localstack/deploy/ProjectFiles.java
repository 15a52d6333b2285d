package dev.snailbench.localstack.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The project's deployment files, read from the project root (local-stack's parent directory). */
final class ProjectFiles {

    /** The five service modules, in pipeline order. */
    static final List<String> SERVICES = List.of(
            "generator-service", "classifier-service", "inference-service", "executor-service", "scorer-service");

    private ProjectFiles() {}

    static Path root() {
        Path moduleDir = Path.of("").toAbsolutePath();
        Path root = moduleDir.getFileName().toString().equals("local-stack") ? moduleDir.getParent() : moduleDir;
        if (!Files.isRegularFile(root.resolve("pom.xml")) || !Files.isDirectory(root.resolve("local-stack"))) {
            throw new IllegalStateException("Not the Snailbench project root: " + root);
        }
        return root;
    }

    static Path k8s() {
        return root().resolve("k8s");
    }

    /** A YAML mapping; duplicate keys are an error (compose and kubectl would silently keep one of them). */
    @SuppressWarnings("unchecked")
    static Map<String, Object> yaml(Path file) {
        Object loaded = yamlParser().load(read(file));
        if (!(loaded instanceof Map)) {
            throw new IllegalArgumentException(file + " is not a YAML mapping");
        }
        return (Map<String, Object>) loaded;
    }

    /** Every non-empty document of a multi-document YAML file, as mappings. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> yamlDocuments(Path file) {
        List<Map<String, Object>> documents = new ArrayList<>();
        for (Object document : yamlParser().loadAll(read(file))) {
            if (document == null) {
                continue;
            }
            if (!(document instanceof Map)) {
                throw new IllegalArgumentException(file + " holds a document that is not a mapping: " + document);
            }
            documents.add((Map<String, Object>) document);
        }
        return documents;
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Yaml yamlParser() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        return new Yaml(new SafeConstructor(options));
    }
}
