package dev.snailbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every code name a Markdown document of the project puts in backticks exists: Java types (and their {@code #member}),
 * configuration keys, endpoints ({@code GET /jobs/{id}}), files and directories. Spans of other shapes (commands,
 * SQL, values) are not code names and are not checked; the few backticked names that look like code and are not
 * (identifier examples, files the build or the datasets provide) are listed in {@code documented-names-allowed.txt}
 * with the reason.
 */
class DocumentedNamesTest {

    private static final Pattern FENCE = Pattern.compile("```.*?```", Pattern.DOTALL);
    private static final Pattern SPAN = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern TYPE =
            Pattern.compile("([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)(?:[#.]([a-z]\\w*)(?:\\(\\))?)?");
    private static final Pattern KEY = Pattern.compile("snailbench\\.[a-z][\\w.\\-]*[a-z0-9]");
    private static final Pattern ENDPOINT = Pattern.compile("(?:GET|POST|PUT|DELETE|PATCH) (/[^\\s?\\[…|]*).*");
    private static final Pattern FILE = Pattern.compile(
            "[\\w.\\-/]*\\w\\.(?:md|java|ya?ml|properties|sh|json|sql|html|js|xml|csv|tsv|txt)|[\\w.\\-]+(?:/[\\w.\\-]+)*/");
    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern PATH_ANNOTATION = Pattern.compile("@Path\\((?:\"([^\"]*)\"|\\w+\\.(\\w+))\\)");
    private static final Pattern STRING_CONSTANT = Pattern.compile("static final String (\\w+) = \"([^\"]*)\";");
    private static final Pattern TYPE_DECLARATION = Pattern.compile("\\b(?:class|interface|record|enum) [A-Z]");

    private final Path root = ProjectRoot.find();
    private final List<Path> files = walk(root);
    private final Path dataDir = dataDir(root);
    private final List<Path> dataFiles = Files.isDirectory(dataDir) ? walk(dataDir) : List.of();
    private final String sources = sources();
    private final Set<String> words = words();
    private final Set<String> allowed = allowed();

    @Test
    void everyBacktickedCodeNameExists() {
        Map<String, String> missing = new LinkedHashMap<>();
        Set<List<String>> endpoints = endpoints();
        for (Path doc : documents()) {
            for (String span : spans(doc)) {
                if (allowed.contains(span)) {
                    continue;
                }
                String problem = check(span, doc, endpoints);
                if (problem != null) {
                    missing.putIfAbsent(root.relativize(doc) + ": `" + span + "`", problem);
                }
            }
        }
        String report = missing.entrySet().stream()
                .map(e -> e.getKey() + " -- " + e.getValue())
                .collect(Collectors.joining("\n"));
        assertThat(report)
                .as("backticked names that exist nowhere in the project (fix the document, or list a name that is not"
                        + " code in test-kit/src/test/resources/documented-names-allowed.txt)")
                .isEmpty();
    }

    /** Null when the span is not a code name or names something that exists; else what is missing. */
    private String check(String span, Path doc, Set<List<String>> endpoints) {
        Matcher endpoint = ENDPOINT.matcher(span);
        if (endpoint.matches()) {
            return endpointExists(endpoint.group(1), endpoints) ? null : "no resource serves this path";
        }
        Matcher type = TYPE.matcher(span);
        if (type.matches()) {
            return typeExists(type.group(1), type.group(2));
        }
        if (KEY.matcher(span).matches()) {
            return keyExists(span) ? null : "no configuration key or mapping of this name";
        }
        if (FILE.matcher(span).matches() && !span.contains("target/") && !span.startsWith("../")) {
            return fileExists(span, doc) ? null : "no such file or directory";
        }
        return null;
    }

    private String typeExists(String name, String member) {
        if (!words.contains(name)) {
            return "no source mentions this type";
        }
        if (member == null) {
            return null;
        }
        List<Path> declaring = files.stream()
                .filter(f -> f.getFileName().toString().equals(name + ".java"))
                .toList();
        if (declaring.isEmpty()) {
            return words.contains(member) ? null : "no source mentions this member";
        }
        return declaring.stream().anyMatch(f -> read(f).contains(member)) ? null : "the type has no such member";
    }

    private boolean keyExists(String key) {
        if (sources.contains(key)) {
            return true;
        }
        // @ConfigMapping keys: a prefix the sources name, then each segment as the mapping's method (kebab → camel).
        String[] segments = key.split("\\.");
        for (int i = segments.length - 1; i >= 2; i--) {
            String prefix = String.join(".", List.of(segments).subList(0, i));
            if (sources.contains("\"" + prefix + "\"")) {
                return List.of(segments).subList(i, segments.length).stream()
                        .allMatch(s -> words.contains(camel(s)) || words.contains(s));
            }
        }
        return false;
    }

    private boolean fileExists(String name, Path doc) {
        String path = name.replace("vN", "v1").replaceAll("/$", "");
        if (Files.exists(doc.getParent().resolve(path)) || Files.exists(root.resolve(path))) {
            return true;
        }
        String suffix = "/" + path;
        return Stream.concat(
                        files.stream().map(f -> "/" + root.relativize(f)),
                        dataFiles.stream().map(f -> "/" + dataDir.relativize(f)))
                .map(f -> f.replace('\\', '/'))
                .anyMatch(f -> f.endsWith(suffix) || f.contains(suffix + "/"));
    }

    /** The datasets' directory, which documents name files of: {@code SNAILBENCH_DATA_DIR}, else ../shared/data. */
    private static Path dataDir(Path root) {
        String configured = System.getenv("SNAILBENCH_DATA_DIR");
        return configured != null
                ? Path.of(configured)
                : root.resolve("../shared/data").normalize();
    }

    private static boolean endpointExists(String path, Set<List<String>> endpoints) {
        if (path.startsWith("/q/")) {
            return true; // Quarkus's own endpoints (health, OpenAPI, Swagger UI)
        }
        List<String> wanted = segments(path);
        return endpoints.stream().anyMatch(served -> matches(served, wanted));
    }

    private static boolean matches(List<String> served, List<String> wanted) {
        if (served.size() != wanted.size()) {
            return false;
        }
        for (int i = 0; i < served.size(); i++) {
            String s = served.get(i);
            String w = wanted.get(i);
            boolean glob = w.contains("*") && s.matches(Pattern.quote(w).replace("*", "\\E.*\\Q"));
            if (!s.equals(w) && !s.startsWith("{") && !glob) {
                return false;
            }
        }
        return true;
    }

    /** The paths the JAX-RS resources serve (class path + method path) and the static files under META-INF/resources. */
    private Set<List<String>> endpoints() {
        Set<List<String>> served = new HashSet<>();
        Map<String, String> constants = new HashMap<>();
        Matcher constant = STRING_CONSTANT.matcher(sources);
        while (constant.find()) {
            constants.put(constant.group(1), constant.group(2));
        }
        for (Path file : files) {
            String relative = root.relativize(file).toString().replace('\\', '/');
            int resources = relative.indexOf("src/main/resources/META-INF/resources/");
            if (resources >= 0) {
                served.add(segments(relative.substring(resources + "src/main/resources/META-INF/resources".length())));
            }
            if (!relative.endsWith(".java") || !relative.contains("/src/main/")) {
                continue;
            }
            String text = read(file);
            Matcher declaration = TYPE_DECLARATION.matcher(text);
            int body = declaration.find() ? declaration.start() : 0;
            String base = "";
            List<String> methods = new ArrayList<>();
            Matcher annotation = PATH_ANNOTATION.matcher(text);
            while (annotation.find()) {
                String path = annotation.group(1) != null ? annotation.group(1) : constants.get(annotation.group(2));
                if (path == null) {
                    throw new IllegalStateException(
                            file + ": @Path names a constant no source declares: " + annotation.group());
                }
                if (annotation.start() < body) {
                    base = path;
                } else {
                    methods.add(path);
                }
            }
            if (!base.isEmpty() || !methods.isEmpty()) {
                served.add(segments(base));
                for (String method : methods) {
                    served.add(segments(base + "/" + method));
                }
            }
        }
        return served;
    }

    private static List<String> segments(String path) {
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                segments.add(segment.startsWith("{") || segment.startsWith("<") ? "{}" : segment);
            }
        }
        return segments;
    }

    private List<Path> documents() {
        return files.stream().filter(f -> f.toString().endsWith(".md")).toList();
    }

    private static Set<String> spans(Path doc) {
        String text = FENCE.matcher(read(doc)).replaceAll("");
        Set<String> spans = new TreeSet<>();
        Matcher span = SPAN.matcher(text);
        while (span.find()) {
            spans.add(span.group(1).trim());
        }
        return spans;
    }

    private String sources() {
        return files.stream()
                .filter(f -> {
                    String r = root.relativize(f).toString().replace('\\', '/');
                    // Sources, manifests, top-level files and every module's pom (its build properties).
                    return !r.endsWith(".md")
                            && (r.contains("/src/")
                                    || r.startsWith("k8s/")
                                    || !r.contains("/")
                                    || r.endsWith("/pom.xml"));
                })
                .filter(f -> f.toString().matches(".*\\.(java|properties|ya?ml|js|html|sql|xml|sh|json)$")
                        || !f.getFileName().toString().contains("."))
                .map(DocumentedNamesTest::read)
                .collect(Collectors.joining("\n"));
    }

    private Set<String> words() {
        Set<String> words = new HashSet<>();
        Matcher word = WORD.matcher(sources);
        while (word.find()) {
            words.add(word.group());
        }
        return words;
    }

    private static Set<String> allowed() {
        try (var in = DocumentedNamesTest.class.getResourceAsStream("/documented-names-allowed.txt")) {
            return new String(in.readAllBytes())
                    .lines()
                    .map(l -> l.replaceAll("#.*", "").trim())
                    .filter(l -> !l.isEmpty())
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String camel(String kebab) {
        return Pattern.compile("-(\\w)")
                .matcher(kebab)
                .replaceAll(m -> m.group(1).toUpperCase());
    }

    private static List<Path> walk(Path root) {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile)
                    .filter(f -> {
                        String r = root.relativize(f).toString().replace('\\', '/');
                        return !r.startsWith(".")
                                && !r.contains("/target/")
                                && !r.startsWith("target/")
                                && !r.contains("node_modules/")
                                && !r.contains("/.");
                    })
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return ""; // binary files (the classifier's word lists, images) hold no names
        }
    }
}
