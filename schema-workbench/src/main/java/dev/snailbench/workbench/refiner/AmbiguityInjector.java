package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.sql.IdentifierWords;
import dev.snailbench.workbench.crosswalk.RuleAbbreviator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Amb-Spider-style robustness variants of a schema, with the ground truth kept. At {@code rate} r, about r × the
 * number of columns of each type are injected (at least one when the schema allows it), chosen with {@code seed}:
 * <ul>
 * <li>synonym: one occurrence of a name found in several tables gets another name for the same thing (a
 * thesaurus word, {@code Event_ID → Event_Key}, or else its Low abbreviation, {@code player_name → plyr_nm});
 * it and each other occurrence form a synonym pair;</li>
 * <li>homonym: two columns of different tables, each with a name of its own, both get one generic name
 * ({@code value}, {@code code}…) found nowhere in the schema;</li>
 * <li>irregular: a column with a natural name of its own gets its Least abbreviation ({@code height → HGT}).</li>
 * </ul>
 * No column is touched twice, and no new name collides with a name already in the schema.
 */
public final class AmbiguityInjector {

    /** Generic words for homonyms; thesaurus words are left out (they would make synonyms too). */
    static final List<String> GENERIC = Stream.of(
                    "value",
                    "code",
                    "kind",
                    "status",
                    "label",
                    "category",
                    "detail",
                    "flag",
                    "level",
                    "item",
                    "entry",
                    "data",
                    "measure",
                    "attribute",
                    "property",
                    "tag",
                    "class",
                    "state",
                    "field",
                    "content",
                    "figure",
                    "reading",
                    "mark",
                    "group_name",
                    "token",
                    "unit_value")
            .filter(w -> Lexicon.alternatives(w).isEmpty())
            .toList();

    private AmbiguityInjector() {}

    public static InjectedSchema inject(DatabaseSchema schema, double rate, long seed) {
        Random random = new Random(seed);
        List<ColumnRef> all = new ArrayList<>();
        Map<String, List<ColumnRef>> byName = new LinkedHashMap<>();
        Set<String> used = new HashSet<>();
        Map<ColumnRef, ResultColumn.ValueType> types = new HashMap<>();
        for (DatabaseSchema.Table t : schema.tables()) {
            for (DatabaseSchema.Column c : t.columns()) {
                ColumnRef ref = new ColumnRef(t.name(), c.name());
                types.put(ref, c.valueType() == null ? ResultColumn.ValueType.TEXT : c.valueType());
                all.add(ref);
                byName.computeIfAbsent(c.name().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(ref);
                used.add(c.name().toLowerCase(Locale.ROOT));
            }
        }
        int target = Math.max(1, (int) Math.round(rate * all.size()));
        Map<ColumnRef, String> renamed = new LinkedHashMap<>();
        Set<ColumnRef> touched = new HashSet<>();
        List<Ambiguity> truth = new ArrayList<>();

        // Synonyms: rename one occurrence of a shared name.
        List<List<ColumnRef>> shared = new ArrayList<>(byName.values().stream()
                .filter(l -> l.stream()
                                .map(r -> r.table().toLowerCase(Locale.ROOT))
                                .distinct()
                                .count()
                        > 1)
                .toList());
        Collections.shuffle(shared, random);
        int synonyms = 0;
        for (List<ColumnRef> group : shared) {
            if (synonyms == target) {
                break;
            }
            ColumnRef chosen = group.get(random.nextInt(group.size()));
            String name = synonymOf(chosen.column(), random);
            if (name == null || !used.add(name.toLowerCase(Locale.ROOT))) {
                continue;
            }
            renamed.put(chosen, name);
            touched.addAll(group);
            ColumnRef now = new ColumnRef(chosen.table(), name);
            for (ColumnRef other : group) {
                // Only a pair whose values could be compared is a synonym (the detector asks the same).
                if (!other.table().equalsIgnoreCase(chosen.table())
                        && AmbiguityDetector.compatible(types.get(other), types.get(chosen))) {
                    truth.add(new Ambiguity(
                            Ambiguity.Type.SYNONYM,
                            List.of(now, other),
                            1,
                            "injected: " + chosen + " renamed " + name));
                }
            }
            synonyms++;
        }

        // Homonyms and irregular names: only columns whose name is their own, also when spelled differently
        // (Capture_Method and CaptureMethod are one name).
        Map<String, Integer> spellings = new HashMap<>();
        all.forEach(r -> spellings.merge(spelling(r.column()), 1, Integer::sum));
        List<ColumnRef> unique = new ArrayList<>(all.stream()
                .filter(r -> spellings.get(spelling(r.column())) == 1)
                .toList());
        Collections.shuffle(unique, random);
        int homonyms = 0;
        int generic = 0;
        for (int i = 0; i < unique.size() && homonyms < target; i++) {
            ColumnRef a = unique.get(i);
            if (touched.contains(a)) {
                continue;
            }
            for (int j = i + 1; j < unique.size(); j++) {
                ColumnRef b = unique.get(j);
                if (touched.contains(b) || b.table().equalsIgnoreCase(a.table())) {
                    continue;
                }
                String name;
                do {
                    name = GENERIC.get(generic % GENERIC.size())
                            + (generic >= GENERIC.size() ? "_" + (1 + generic / GENERIC.size()) : "");
                    generic++;
                } while (used.contains(name));
                used.add(name);
                renamed.put(a, name);
                renamed.put(b, name);
                touched.add(a);
                touched.add(b);
                truth.add(new Ambiguity(
                        Ambiguity.Type.HOMONYM,
                        List.of(new ColumnRef(a.table(), name), new ColumnRef(b.table(), name)),
                        0,
                        "injected: " + a + " and " + b + " renamed " + name));
                homonyms++;
                break;
            }
        }
        int irregular = 0;
        for (ColumnRef c : unique) {
            if (irregular == target) {
                break;
            }
            if (touched.contains(c)
                    || c.column().length() < 4
                    || !Lexicon.words(c.column()).stream().allMatch(Lexicon::looksNatural)) {
                continue;
            }
            String name = RuleAbbreviator.abbreviate(c.column(), NaturalnessLevel.LEAST);
            if (name.equalsIgnoreCase(c.column()) || !used.add(name.toLowerCase(Locale.ROOT))) {
                continue;
            }
            renamed.put(c, name);
            touched.add(c);
            truth.add(new Ambiguity(
                    Ambiguity.Type.IRREGULAR,
                    List.of(new ColumnRef(c.table(), name)),
                    0,
                    "injected: " + c + " renamed " + name));
            irregular++;
        }

        Renaming renaming = new Renaming(renamed, all);
        List<DatabaseSchema.Table> tables = new ArrayList<>();
        for (DatabaseSchema.Table t : schema.tables()) {
            Map<String, String> names = new HashMap<>();
            List<DatabaseSchema.Column> columns = new ArrayList<>();
            for (DatabaseSchema.Column c : t.columns()) {
                String name = renaming.nameOf(new ColumnRef(t.name(), c.name()));
                names.put(c.name().toLowerCase(Locale.ROOT), name);
                columns.add(new DatabaseSchema.Column(name, c.type(), c.valueType(), c.nullable(), c.samples()));
            }
            List<String> pk = t.primaryKey() == null
                    ? List.of()
                    : t.primaryKey().stream()
                            .map(p -> names.getOrDefault(p.toLowerCase(Locale.ROOT), p))
                            .toList();
            List<DatabaseSchema.ForeignKey> fks = new ArrayList<>();
            for (DatabaseSchema.ForeignKey fk :
                    t.foreignKeys() == null ? List.<DatabaseSchema.ForeignKey>of() : t.foreignKeys()) {
                List<String> refColumns = fk.refColumns().stream()
                        .map(rc -> renaming.nameOf(new ColumnRef(fk.refTable(), rc)))
                        .toList();
                fks.add(new DatabaseSchema.ForeignKey(
                        fk.name(),
                        fk.columns().stream()
                                .map(fc -> names.getOrDefault(fc.toLowerCase(Locale.ROOT), fc))
                                .toList(),
                        fk.refSchema(),
                        fk.refTable(),
                        refColumns));
            }
            tables.add(new DatabaseSchema.Table(t.schema(), t.name(), t.type(), columns, pk, fks));
        }
        return new InjectedSchema(
                new DatabaseSchema(schema.databaseProduct(), schema.catalog(), tables, schema.truncated()),
                renaming,
                List.copyOf(truth));
    }

    private static String spelling(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    /** Another name for the same thing: one word swapped for a thesaurus word, else the Low abbreviation. */
    static String synonymOf(String name, Random random) {
        List<String> words = Lexicon.words(name);
        List<Integer> swappable = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (!Lexicon.alternatives(words.get(i)).isEmpty()) {
                swappable.add(i);
            }
        }
        if (!swappable.isEmpty()) {
            int i = swappable.get(random.nextInt(swappable.size()));
            List<String> alternatives = Lexicon.alternatives(words.get(i));
            List<String> tokens = new ArrayList<>(IdentifierWords.of(name).tokens());
            String alt = alternatives.get(random.nextInt(alternatives.size()));
            String original = tokens.get(i);
            tokens.set(
                    i,
                    Character.isUpperCase(original.charAt(0))
                            ? (original.chars().allMatch(ch -> !Character.isLowerCase(ch))
                                    ? alt.toUpperCase(Locale.ROOT)
                                    : Character.toUpperCase(alt.charAt(0)) + alt.substring(1))
                            : alt);
            return IdentifierWords.of(name).join(tokens);
        }
        String low = RuleAbbreviator.abbreviate(name, NaturalnessLevel.LOW);
        return low.equalsIgnoreCase(name) ? null : low;
    }
}
