package dev.snailbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layers of every module's main sources, read from their imports: a class of a {@code service} package never
 * imports one of a {@code rest} package (the REST resources sit on top and call down), and no import runs back up
 * from a package to an ancestor package that itself imports down into it (a package and its subpackage importing
 * each other).
 */
class LayersTest {

    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT =
            Pattern.compile("^import (?:static )?([\\w.]+)(?:\\.\\*)?;", Pattern.MULTILINE);

    private final Path root = ProjectRoot.find();

    @Test
    void noServiceClassImportsARestClass() {
        List<String> found = new ArrayList<>();
        for (Source source : sources()) {
            if (!layer(source.pkg(), "service")) {
                continue;
            }
            for (String imported : source.imports()) {
                if (imported.startsWith(source.base() + ".") && layer(packageOf(imported), "rest")) {
                    found.add(source.file() + " imports " + imported);
                }
            }
        }
        assertThat(found).as("service -> rest imports").isEmpty();
    }

    @Test
    void noImportRunsBackUpToAnAncestorPackageThatImportsDown() {
        // Per module: which packages each package imports.
        Map<String, Map<String, Set<String>>> imports = new TreeMap<>();
        Map<String, List<String>> examples = new TreeMap<>();
        for (Source source : sources()) {
            Map<String, Set<String>> module = imports.computeIfAbsent(source.module(), m -> new TreeMap<>());
            for (String imported : source.imports()) {
                String target = packageOf(imported);
                if (!target.equals(source.pkg()) && target.startsWith(source.base())) {
                    module.computeIfAbsent(source.pkg(), p -> new TreeSet<>()).add(target);
                    if (source.pkg().startsWith(target + ".")) {
                        examples.computeIfAbsent(
                                        source.module() + ": " + target + " <-> " + source.pkg(),
                                        k -> new ArrayList<>())
                                .add(source.file() + " imports " + imported);
                    }
                }
            }
        }
        Set<String> runningUp = new TreeSet<>();
        imports.forEach((module, edges) -> edges.forEach((from, targets) -> targets.forEach(ancestor -> {
            if (from.startsWith(ancestor + ".") && importsInto(edges, ancestor, from)) {
                runningUp.add(module + ": " + ancestor + " <-> " + from);
            }
        })));
        assertThat(runningUp.stream()
                        .map(pair -> pair + " " + examples.get(pair))
                        .toList())
                .as("imports running back up to an ancestor package that imports down")
                .isEmpty();
    }

    /** Whether {@code ancestor} imports {@code pkg} or one of its subpackages. */
    private static boolean importsInto(Map<String, Set<String>> edges, String ancestor, String pkg) {
        return edges.getOrDefault(ancestor, Set.of()).stream()
                .anyMatch(target -> target.equals(pkg) || target.startsWith(pkg + "."));
    }

    /** Whether a package is of the layer: one of its segments after the module's base is the layer's name. */
    private static boolean layer(String pkg, String name) {
        return Arrays.asList(pkg.split("\\."))
                .subList(2, pkg.split("\\.").length)
                .contains(name);
    }

    /** The package of an imported class (or of a static member's class): the segments before the first type. */
    static String packageOf(String imported) {
        String[] parts = imported.split("\\.");
        List<String> pkg = new ArrayList<>();
        for (String part : parts) {
            if (Character.isUpperCase(part.charAt(0))) {
                break;
            }
            pkg.add(part);
        }
        return String.join(".", pkg);
    }

    /** A main source file: its module, package, the module's base package and what it imports. */
    record Source(String module, String file, String pkg, String base, List<String> imports) {}

    private List<Source> sources() {
        List<Source> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java")))
                    .sorted()
                    .toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".java"))
                            .sorted()
                            .toList()) {
                        String text = Files.readString(file);
                        Matcher pkg = PACKAGE.matcher(text);
                        if (!pkg.find()) {
                            continue;
                        }
                        List<String> imports = new ArrayList<>();
                        Matcher imported = IMPORT.matcher(text);
                        while (imported.find()) {
                            imports.add(imported.group(1));
                        }
                        String[] segments = pkg.group(1).split("\\.");
                        String base = segments.length < 3
                                ? pkg.group(1)
                                : String.join(".", segments[0], segments[1], segments[2]);
                        sources.add(new Source(
                                module.getFileName().toString(),
                                root.relativize(file).toString(),
                                pkg.group(1),
                                base,
                                imports));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(sources).as("main sources under " + root).hasSizeGreaterThan(100);
        return sources;
    }
}
