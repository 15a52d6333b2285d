package dev.snailbench.workbench.crosswalk;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * Turns classified identifiers into crosswalk rows (one per distinct identifier per kind, as in SNAILS):
 * the native name is kept at its own level; Regular comes from an expansion when one was made; Low and Least
 * are abbreviations. Every name is then made valid for the dialect and unique within its table (tables
 * unique within the schema), case-insensitively, by suffixing {@code _2}, {@code _3}, … to the later names.
 */
public final class CrosswalkPlanner {

    private static final List<NaturalnessLevel> TARGETS =
            List.of(NaturalnessLevel.REGULAR, NaturalnessLevel.LOW, NaturalnessLevel.LEAST);

    public record Plan(List<CrosswalkEntry> rows, BuildReport report) {}

    private CrosswalkPlanner() {}

    /**
     * @param labels      the classifier's label for each distinct identifier
     * @param expansions  Regular names for non-Regular identifiers (may be empty: native kept and reported)
     * @param abbreviator (name, Low|Least) → abbreviation
     */
    public static Plan plan(
            SchemaSpec schema,
            Map<String, NaturalnessLevel> labels,
            Map<String, String> expansions,
            BiFunction<String, NaturalnessLevel, String> abbreviator,
            SqlDialect dialect) {
        Map<String, CrosswalkEntry> rows = new LinkedHashMap<>();
        Set<String> keptNative = new TreeSet<>();
        for (SchemaSpec.Table t : schema.tables()) {
            rows.computeIfAbsent(
                    key(CrosswalkEntry.TABLE, t.name()),
                    k -> row(CrosswalkEntry.TABLE, t.name(), labels, expansions, abbreviator, dialect, keptNative));
            for (SchemaSpec.Column c : t.columns()) {
                rows.computeIfAbsent(
                        key(CrosswalkEntry.COLUMN, c.name()),
                        k -> row(
                                CrosswalkEntry.COLUMN, c.name(), labels, expansions, abbreviator, dialect, keptNative));
            }
        }
        Set<String> renamed = new TreeSet<>();
        for (NaturalnessLevel level : TARGETS) {
            resolveCollisions(schema, rows, level, dialect, renamed);
        }
        Set<String> reserved = new TreeSet<>();
        for (CrosswalkEntry r : rows.values()) {
            for (NaturalnessLevel level : TARGETS) {
                if (IdentifierRules.isReserved(r.name(level), dialect)) {
                    reserved.add(r.name(level));
                }
            }
        }
        return new Plan(
                List.copyOf(rows.values()),
                new BuildReport(List.copyOf(keptNative), List.copyOf(renamed), List.copyOf(reserved)));
    }

    private static CrosswalkEntry row(
            String kind,
            String nativeName,
            Map<String, NaturalnessLevel> labels,
            Map<String, String> expansions,
            BiFunction<String, NaturalnessLevel, String> abbreviator,
            SqlDialect dialect,
            Set<String> keptNative) {
        NaturalnessLevel label = labels.get(nativeName);
        if (label == null || label == NaturalnessLevel.NATIVE) {
            throw new IllegalStateException("no naturalness label for identifier '" + nativeName + "'");
        }
        String expansion = expansions.get(nativeName);
        boolean expanded = label != NaturalnessLevel.REGULAR && expansion != null && !expansion.isBlank();
        String regular;
        if (label == NaturalnessLevel.REGULAR) {
            regular = nativeName;
        } else if (expanded) {
            regular = IdentifierRules.sanitize(expansion, dialect);
        } else {
            regular = nativeName;
            keptNative.add(nativeName);
        }
        String low;
        if (label == NaturalnessLevel.LOW || (label == NaturalnessLevel.LEAST && !expanded)) {
            low = nativeName;
        } else {
            low = IdentifierRules.sanitize(abbreviator.apply(regular, NaturalnessLevel.LOW), dialect);
        }
        String least = label == NaturalnessLevel.LEAST
                ? nativeName
                : IdentifierRules.sanitize(
                        abbreviator.apply(expanded ? regular : nativeName, NaturalnessLevel.LEAST), dialect);
        return new CrosswalkEntry(kind, nativeName, label.label(), regular, low, least);
    }

    private static void resolveCollisions(
            SchemaSpec schema,
            Map<String, CrosswalkEntry> rows,
            NaturalnessLevel level,
            SqlDialect dialect,
            Set<String> renamed) {
        for (int pass = 0; pass < 50; pass++) {
            boolean changed = dedupe(
                    schema.tables().stream()
                            .map(t -> key(CrosswalkEntry.TABLE, t.name()))
                            .toList(),
                    rows,
                    level,
                    dialect,
                    renamed);
            for (SchemaSpec.Table t : schema.tables()) {
                changed |= dedupe(
                        t.columns().stream()
                                .map(c -> key(CrosswalkEntry.COLUMN, c.name()))
                                .distinct()
                                .toList(),
                        rows,
                        level,
                        dialect,
                        renamed);
            }
            if (!changed) {
                return;
            }
        }
        throw new IllegalStateException("could not make " + level.label() + " names unique after 50 passes");
    }

    /** Renames later members of a group whose names clash; a name equal to its native one never moves. */
    private static boolean dedupe(
            List<String> keys,
            Map<String, CrosswalkEntry> rows,
            NaturalnessLevel level,
            SqlDialect dialect,
            Set<String> renamed) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (String k : keys) {
            byName.computeIfAbsent(rows.get(k).name(level).toLowerCase(Locale.ROOT), n -> new ArrayList<>())
                    .add(k);
        }
        boolean changed = false;
        Set<String> used = new LinkedHashSet<>(byName.keySet());
        for (List<String> group : byName.values()) {
            if (group.size() < 2) {
                continue;
            }
            List<String> ordered = new ArrayList<>(group);
            // The one that keeps its native name stays; otherwise the first in schema order.
            ordered.sort((a, b) -> Boolean.compare(!isNative(rows.get(a), level), !isNative(rows.get(b), level)));
            for (String k : ordered.subList(1, ordered.size())) {
                CrosswalkEntry r = rows.get(k);
                String base = r.name(level);
                String candidate;
                int n = 2;
                do {
                    String suffix = "_" + n++;
                    int room = IdentifierRules.maxLength(dialect) - suffix.length();
                    candidate = (base.length() > room ? base.substring(0, room) : base) + suffix;
                } while (used.contains(candidate.toLowerCase(Locale.ROOT)));
                used.add(candidate.toLowerCase(Locale.ROOT));
                rows.put(k, r.with(level, candidate));
                renamed.add(level.label() + " " + r.kind() + " " + r.nativeName() + ": " + base + " -> " + candidate);
                changed = true;
            }
        }
        return changed;
    }

    private static boolean isNative(CrosswalkEntry r, NaturalnessLevel level) {
        return r.name(level).equals(r.nativeName());
    }

    static String key(String kind, String name) {
        return kind + "\u0000" + name;
    }

    /** Lookup of a crosswalk's names by kind and native identifier (exact first, then case-insensitive). */
    public static Map<String, CrosswalkEntry> index(List<CrosswalkEntry> rows) {
        Map<String, CrosswalkEntry> index = new HashMap<>();
        for (CrosswalkEntry r : rows) {
            index.putIfAbsent(key(r.kind(), r.nativeName().toLowerCase(Locale.ROOT)), r);
        }
        for (CrosswalkEntry r : rows) {
            index.put(key(r.kind(), r.nativeName()), r);
        }
        return index;
    }

    public static CrosswalkEntry lookup(Map<String, CrosswalkEntry> index, String kind, String nativeName) {
        CrosswalkEntry r = index.get(key(kind, nativeName));
        return r != null ? r : index.get(key(kind, nativeName.toLowerCase(Locale.ROOT)));
    }
}
