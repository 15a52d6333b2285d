package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.workbench.refiner.SchemaGraph.ColumnNode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the schema says a homonym holds, as a name for the view layer, with no model: its key role, the key it
 * references, the values it shares with another table's column, or values that name its table's rows. A homonym's
 * own name is generic by definition ({@code value}, {@code code}); its table's entity in front of it says nothing of
 * what it holds and makes it look like the table's other columns ({@code match_kind} next to {@code match_id}), so
 * a homonym with no such evidence keeps its name (SQL tells it apart by its table).
 */
final class HomonymEvidence {

    /** Fewest sample values that may say a column names its table's rows. */
    static final int NAME_SAMPLES = 2;

    private HomonymEvidence() {}

    /**
     * The evidence name of every homonym column of {@code findings} that has one. A name another column of the
     * table carries already, or that two homonyms of one table would both get (four references to one key:
     * {@code team_id}, {@code team_id_2}…), is given to none: a number tells nothing apart.
     */
    static Map<ColumnRef, String> names(SchemaGraph graph, List<SemanticPackage> packages, List<Ambiguity> findings) {
        Map<String, String> canonical = new HashMap<>();
        packages.forEach(p -> canonical.put(p.column().key(), p.canonicalName()));
        Set<String> ambiguous = new HashSet<>();
        findings.forEach(a -> a.columns().forEach(c -> ambiguous.add(c.key())));
        Map<ColumnRef, String> wanted = new LinkedHashMap<>();
        for (Ambiguity a : findings) {
            if (a.type() != Ambiguity.Type.HOMONYM) {
                continue;
            }
            for (ColumnRef c : a.columns()) {
                ColumnNode node = graph.column(c.key());
                if (node == null) {
                    throw new IllegalArgumentException("finding names " + c + ", a column the schema lacks");
                }
                String name = name(graph, node, ambiguous, canonical);
                if (name != null) {
                    wanted.putIfAbsent(c, name.toLowerCase(Locale.ROOT));
                }
            }
        }
        Map<String, Integer> perTable = new HashMap<>();
        wanted.forEach((c, name) -> perTable.merge(c.table().toLowerCase(Locale.ROOT) + "." + name, 1, Integer::sum));
        Map<ColumnRef, String> out = new LinkedHashMap<>();
        wanted.forEach((c, name) -> {
            boolean taken = graph.columnsOf(c.table()).stream()
                    .anyMatch(o -> !o.ref().equals(c) && o.ref().column().equalsIgnoreCase(name));
            if (!taken && perTable.get(c.table().toLowerCase(Locale.ROOT) + "." + name) == 1) {
                out.put(c, name);
            }
        });
        return out;
    }

    /**
     * One homonym's evidence, strongest first: its table's primary key ({@code <entity>_id}); a reference to a
     * key (see {@link #referenceName}); the column of another table, not itself ambiguous, whose sample values it
     * shares most (text values only: numbers such as years are shared by columns that mean different things);
     * proper names as values in a table other tables reference (an entity, not an event such as a match) with no
     * other column read as a name ({@code canonical}: column key → the packager's canonical name, so that an
     * abbreviated {@code std_nm} read as a name counts) — {@code <entity>_name}. Null when none.
     */
    static String name(SchemaGraph graph, ColumnNode column, Set<String> ambiguous, Map<String, String> canonical) {
        String entity = Lexicon.entity(column.ref().table()).toLowerCase(Locale.ROOT);
        if (soleKey(graph, column)) {
            return entity + "_id";
        }
        ColumnNode key = graph.referenced(column);
        if (key != null) {
            return referenceName(key);
        }
        ColumnNode sharing = column.valueType() == ValueType.TEXT ? mostShared(graph, column, ambiguous) : null;
        if (sharing != null) {
            return sharing.ref().column();
        }
        if (properNames(column)
                && referenced(graph, column.ref().table())
                && graph.columnsOf(column.ref().table()).stream()
                        .noneMatch(o -> o != column
                                && (readsAsName(o.ref().column())
                                        || readsAsName(
                                                canonical.getOrDefault(o.ref().key(), ""))))) {
            return entity + "_name";
        }
        return null;
    }

    /** The column of another table, not itself ambiguous, whose sample values {@code column} shares most; or null. */
    private static ColumnNode mostShared(SchemaGraph graph, ColumnNode column, Set<String> ambiguous) {
        ColumnNode best = null;
        long bestShared = 0;
        for (ColumnNode other : graph.columns()) {
            if (other.ref().table().equalsIgnoreCase(column.ref().table())
                    || ambiguous.contains(other.ref().key())
                    || !AmbiguityDetector.sharedValues(column, other)) {
                continue;
            }
            long shared = sharedCount(column, other);
            if (shared > bestShared) {
                bestShared = shared;
                best = other;
            }
        }
        return best;
    }

    /** Whether the column is its table's whole primary key. */
    static boolean soleKey(SchemaGraph graph, ColumnNode column) {
        List<String> pk = graph.tables().stream()
                .filter(t -> t.name().equalsIgnoreCase(column.ref().table()))
                .findFirst()
                .map(SchemaGraph.TableNode::primaryKey)
                .orElse(List.of());
        return pk.size() == 1 && pk.get(0).equalsIgnoreCase(column.ref().column());
    }

    /**
     * The name of a reference to {@code key}: the key's own name when it names the referenced entity
     * ({@code team_id} of {@code national_team}), else entity and key ({@code world_cup_year}).
     */
    static String referenceName(ColumnNode key) {
        String entity = Lexicon.entity(key.ref().table()).toLowerCase(Locale.ROOT);
        Set<String> entityWords = new HashSet<>();
        Lexicon.words(entity).forEach(w -> entityWords.add(Lexicon.singular(w)));
        boolean namesEntity = Lexicon.words(key.ref().column()).stream()
                .map(Lexicon::singular)
                .anyMatch(entityWords::contains);
        return namesEntity ? key.ref().column() : entity + "_" + key.ref().column();
    }

    /** Whether a name has the word name or a thesaurus word for it ({@code title}, {@code label}). */
    private static boolean readsAsName(String identifier) {
        return Lexicon.words(identifier).stream()
                .anyMatch(w -> Lexicon.canonical(w).equals("name"));
    }

    /** Whether a foreign key of another table references {@code table}: its rows are things others point at. */
    static boolean referenced(SchemaGraph graph, String table) {
        String prefix = new ColumnRef(table, "").key();
        return graph.edges().stream()
                .anyMatch(e -> e.kind() == SchemaGraph.EdgeKind.FOREIGN_KEY
                        && e.to().startsWith(prefix)
                        && !e.from().startsWith(prefix));
    }

    /**
     * Text values that read as proper names: at least {@link #NAME_SAMPLES}, every one with a letter, starting
     * with a capital letter or a digit, and not a short code — a space or more than four characters
     * ({@code Estadio Centenario}, {@code 1. FC Köln}, {@code A. GUARDADO}; not {@code BRA}, not {@code f}).
     */
    static boolean properNames(ColumnNode column) {
        if (column.valueType() != ValueType.TEXT || column.samples().size() < NAME_SAMPLES) {
            return false;
        }
        return column.samples().stream()
                .map(String::strip)
                .allMatch(v -> !v.isEmpty()
                        && v.chars().anyMatch(Character::isLetter)
                        && (Character.isUpperCase(v.charAt(0)) || Character.isDigit(v.charAt(0)))
                        && (v.contains(" ") || v.length() > 4));
    }

    private static long sharedCount(ColumnNode a, ColumnNode b) {
        Set<String> values = new HashSet<>();
        a.samples().forEach(v -> values.add(v.trim().toLowerCase(Locale.ROOT)));
        return b.samples().stream()
                .map(v -> v.trim().toLowerCase(Locale.ROOT))
                .filter(values::contains)
                .count();
    }
}
