package dev.snailbench.scorer.service.stats;

import dev.snailbench.model.domain.NaturalnessLevel;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The naturalness level of a database's native identifiers, from the SNAILS crosswalks
 * ({@code <data-dir>/snails/crosswalks/<database>.csv}, column {@code native_level}). Databases without a
 * crosswalk (FootballDB, a tenant's own) have no levels. Files are read once, lazily.
 */
@ApplicationScoped
public class NaturalnessLookup {

    private final Path crosswalks;
    private final Map<String, Optional<Map<String, NaturalnessLevel>>> cache = new ConcurrentHashMap<>();

    public NaturalnessLookup(
            @ConfigProperty(name = "snailbench.data-dir", defaultValue = "../shared/data") String dataDir) {
        this.crosswalks = Path.of(dataDir).resolve("snails").resolve("crosswalks");
    }

    /** identifier (lower case) → level, for a database name such as {@code ATBI}. */
    public Optional<Map<String, NaturalnessLevel>> levels(String database) {
        if (database == null || database.isBlank() || database.contains("/") || database.contains("\\")) {
            return Optional.empty();
        }
        return cache.computeIfAbsent(database, this::load);
    }

    private Optional<Map<String, NaturalnessLevel>> load(String database) {
        Path file = crosswalks.resolve(database + ".csv");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            Map<String, NaturalnessLevel> out = new HashMap<>();
            List<String> lines = Files.readAllLines(file);
            for (int i = 1; i < lines.size(); i++) {
                List<String> f = csv(lines.get(i));
                if (f.size() < 3) {
                    continue;
                }
                try {
                    out.putIfAbsent(f.get(1).toLowerCase(Locale.ROOT), NaturalnessLevel.fromLabel(f.get(2)));
                } catch (IllegalArgumentException unknownLevel) {
                    // The source has one UNK and one empty level: such identifiers stay unclassified.
                }
            }
            return Optional.of(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    static List<String> csv(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
