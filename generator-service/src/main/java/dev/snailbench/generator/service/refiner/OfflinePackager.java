package dev.snailbench.generator.service.refiner;

import dev.snailbench.generator.service.refiner.SchemaGraph.ColumnNode;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Semantic packages with no model: each word of a name is kept when it reads as a word, else expanded by the abbreviation rules or to the schema's own word it abbreviates
 * ({@code plyr → player} when {@code player} names something else in the schema). A name with no word anything
 * expands is prefixed with its table's entity and value family ({@code MPD} in {@code tbl_Deadwood} → {@code deadwood_number_mpd}). The
 * description says what the column identifies when it is a key or a reference (declared, or by name:
 * {@code Event_ID} → the {@code tbl_Events} entity), else its meaning in its table, its value family and samples.
 * Thesaurus words stay as written in the canonical name ({@code begin_date} is a natural name); the detector
 * reads names through the thesaurus when it compares them.
 */
public final class OfflinePackager implements SemanticPackager {

    /**
     * Which words of the schema an abbreviation may expand to: the whole schema's (the default), the column's
     * community's (the context the LLM is given), or its own table's only — the baselines.
     */
    public enum Context {
        SCHEMA, COMMUNITY, TABLE;

        public static Context parse(String s) {
            return s == null ? SCHEMA : valueOf(s.trim().toUpperCase(java.util.Locale.ROOT));
        }
    }

    private final Context context;

    public OfflinePackager() {
        this(Context.SCHEMA);
    }

    public OfflinePackager(Context context) {
        this.context = context;
    }

    @Override
    public Uni<List<SemanticPackage>> packages(SchemaGraph graph, ColumnCommunities communities) {
        return Uni.createFrom().item(() -> describe(graph, communities));
    }

    /** Pure and synchronous, for benchmarks and tests (whole-schema context unless built with another). */
    public List<SemanticPackage> describe(SchemaGraph graph) {
        return describe(graph, context == Context.COMMUNITY ? ColumnCommunities.of(graph, 42) : null);
    }

    /** {@code communities} is read only for the community context. */
    public List<SemanticPackage> describe(SchemaGraph graph, ColumnCommunities communities) {
        Map<String, Integer> schemaVocabulary = vocabulary(graph);
        Map<Object, Map<String, Integer>> scoped = new HashMap<>();
        Map<String, String> entityOfTable = new HashMap<>();
        Map<String, String> tableOfEntity = new HashMap<>();
        for (SchemaGraph.TableNode t : graph.tables()) {
            // A table's own words, not expanded: its entity must not change when its columns are renamed.
            String entity = Lexicon.entity(t.name());
            entityOfTable.put(t.name().toLowerCase(java.util.Locale.ROOT), entity);
            tableOfEntity.putIfAbsent(entity, t.name());
            tableOfEntity.putIfAbsent(Lexicon.singular(entity), t.name());
        }
        List<SemanticPackage> out = new ArrayList<>();
        for (ColumnNode c : graph.columns()) {
            String entity = entityOfTable.get(c.ref().table().toLowerCase(java.util.Locale.ROOT));
            Map<String, Integer> vocabulary = switch (context) {
                case SCHEMA -> schemaVocabulary;
                case TABLE -> scoped.computeIfAbsent(c.ref().table().toLowerCase(java.util.Locale.ROOT),
                        k -> vocabulary(graph, graph.columnsOf(c.ref().table())));
                case COMMUNITY -> scoped.computeIfAbsent(communities.of(c.index()), k -> vocabulary(graph,
                        communities.peers(c.index()).stream().map(i -> graph.columns().get(i)).toList()));
            };
            List<String> words = Lexicon.words(c.ref().column());
            String canonical = expandAll(words, vocabulary, entity,
                    c.valueType().name().toLowerCase(java.util.Locale.ROOT));
            String description = description(graph, c, canonical, entity, entityOfTable, tableOfEntity);
            out.add(new SemanticPackage(c.ref(), description, canonical));
        }
        return out;
    }

    private static String description(SchemaGraph graph, ColumnNode c, String canonical, String entity,
            Map<String, String> entityOfTable, Map<String, String> tableOfEntity) {
        List<String> cw = List.of(AmbiguityDetector.meaningName(canonical).split("_"));
        String last = cw.get(cw.size() - 1);
        ColumnNode ref = graph.referenced(c);
        if (ref != null) {
            return "identifier of " + entityOfTable.get(ref.ref().table().toLowerCase(java.util.Locale.ROOT))
                    .replace('_', ' ');
        }
        if (Lexicon.isKeyWord(last)) {
            String prefix = String.join("_", cw.subList(0, cw.size() - 1));
            if (prefix.isEmpty() || c.primaryKey() && (prefix.equals(entity) || prefix.equals(Lexicon.singular(entity)))) {
                return "identifier of " + entity.replace('_', ' ');
            }
            if (tableOfEntity.containsKey(prefix) || tableOfEntity.containsKey(Lexicon.singular(prefix))) {
                String t = tableOfEntity.getOrDefault(prefix, tableOfEntity.get(Lexicon.singular(prefix)));
                return "identifier of " + entityOfTable.get(t.toLowerCase(java.util.Locale.ROOT)).replace('_', ' ');
            }
        }
        StringBuilder d = new StringBuilder(canonical.replace('_', ' ')).append(" of ").append(entity.replace('_', ' '))
                .append(" (").append(c.valueType().name().toLowerCase(java.util.Locale.ROOT)).append(')');
        if (!c.samples().isEmpty()) {
            d.append("; values: ").append(String.join(", ", c.samples().subList(0, Math.min(3, c.samples().size()))));
        }
        return d.toString();
    }

    /** Natural-looking words of every identifier, with their counts: what an abbreviation may stand for. */
    static Map<String, Integer> vocabulary(SchemaGraph graph) {
        return vocabulary(graph, graph.columns());
    }

    /** The words of every table name and of {@code columns}' names. */
    static Map<String, Integer> vocabulary(SchemaGraph graph, List<ColumnNode> columns) {
        Map<String, Integer> v = new HashMap<>();
        for (SchemaGraph.TableNode t : graph.tables()) {
            Lexicon.words(t.name()).stream().filter(w -> w.length() > 3 && Lexicon.looksNatural(w))
                    .forEach(w -> v.merge(w, 1, Integer::sum));
        }
        for (ColumnNode c : columns) {
            Lexicon.words(c.ref().column()).stream().filter(w -> w.length() > 3 && Lexicon.looksNatural(w))
                    .forEach(w -> v.merge(w, 1, Integer::sum));
        }
        return v;
    }

    /**
     * The canonical snake_case name of some words; a name no word of which reads or expands gets {@code entity}
     * and {@code valueFamily} in front (either may be null), all a reader can say of it.
     */
    static String expandAll(List<String> words, Map<String, Integer> vocabulary, String entity, String valueFamily) {
        List<String> out = new ArrayList<>();
        boolean known = false;
        for (String w : words) {
            String e = expand(w, vocabulary);
            if (e == null) {
                out.add(w);
            } else {
                known |= !Lexicon.isKeyWord(e) || words.size() == 1; // dg_id: "id" alone says nothing
                out.add(e);
            }
        }
        // Only a name with no readable word gets its table in front (MPD → deadwood_mpd): SSMA_TimeStamp stays
        // ssma_time_stamp, so the same column in every table keeps one canonical name.
        if (!known && !words.isEmpty() && entity != null && !entity.isEmpty()) {
            out.add(0, entity);
            if (valueFamily != null) {
                out.add(1, valueFamily);
            }
        }
        return out.isEmpty() ? String.join("_", words) : String.join("_", out);
    }

    /** A word's canonical form, or null when it reads as an abbreviation that nothing expands. */
    static String expand(String word, Map<String, Integer> vocabulary) {
        boolean natural = Lexicon.looksNatural(word);
        // A short word that reads as a word may still cut a longer word of the schema (Mod → module, Not → notes).
        if (natural && (word.length() > 4 || vocabulary.containsKey(word) || Lexicon.isKnownWord(word))) {
            return word;
        }
        List<String> standard = Lexicon.expansions(word);
        String inSchema = standard.stream().filter(vocabulary::containsKey).findFirst().orElse(null);
        if (inSchema != null) {
            return inSchema;
        }
        String longer = vocabulary.entrySet().stream().filter(e -> Lexicon.abbreviates(word, e.getKey()))
                .max(Comparator.<Map.Entry<String, Integer>>comparingInt(Map.Entry::getValue)
                        .thenComparing(e -> -e.getKey().length()).thenComparing(Map.Entry::getKey,
                                Comparator.reverseOrder()))
                .map(Map.Entry::getKey).orElse(null);
        // The schema's own words first (Rec → recapture in a survey schema), then the general rules (rec → record).
        return longer != null ? longer : !standard.isEmpty() ? standard.get(0) : natural ? word : null;
    }
}
