package dev.snailbench.workbench.refiner;

import dev.snailbench.workbench.refiner.SchemaGraph.ColumnNode;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Semantic packages with no model: each word of a name is kept when it reads as a word, else expanded by the abbreviation rules or to the schema's own word it abbreviates
 * ({@code plyr → player} when {@code player} names something else in the schema); an abbreviated name used by no
 * other table reads as the longer column name of another table it shortens ({@code Rec → Recapture}). A name
 * with no word anything expands reads as its table's entity and value family ({@code MPD} in {@code tbl_Deadwood}
 * → {@code deadwood_number}). The
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
        SCHEMA,
        COMMUNITY,
        TABLE;

        public static Context parse(String s) {
            return s == null ? SCHEMA : valueOf(s.trim().toUpperCase(Locale.ROOT));
        }
    }

    /** Words that carry no meaning of their own in a name. */
    static final Set<String> FUNCTION_WORDS =
            Set.of("a", "an", "the", "of", "by", "to", "at", "on", "in", "is", "up", "as", "and", "or", "for", "per");

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
        Map<Object, Map<Character, List<NameUse>>> schemaNames = new HashMap<>();
        Map<Object, Map<Character, List<NameUse>>> scopedNames = new HashMap<>();
        Map<String, String> entityOfTable = new HashMap<>();
        Map<String, String> tableOfEntity = new HashMap<>();
        for (SchemaGraph.TableNode t : graph.tables()) {
            // A table's own words, not expanded: its entity must not change when its columns are renamed.
            String entity = Lexicon.entity(t.name());
            entityOfTable.put(t.name().toLowerCase(Locale.ROOT), entity);
            tableOfEntity.putIfAbsent(entity, t.name());
            tableOfEntity.putIfAbsent(Lexicon.singular(entity), t.name());
        }
        List<SemanticPackage> out = new ArrayList<>();
        for (ColumnNode c : graph.columns()) {
            String entity = entityOfTable.get(c.ref().table().toLowerCase(Locale.ROOT));
            Map<String, Integer> vocabulary = switch (context) {
                case SCHEMA -> schemaVocabulary;
                case TABLE ->
                    scoped.computeIfAbsent(
                            c.ref().table().toLowerCase(Locale.ROOT),
                            k -> vocabulary(graph, graph.columnsOf(c.ref().table())));
                case COMMUNITY ->
                    scoped.computeIfAbsent(
                            communities.of(c.index()),
                            k -> vocabulary(
                                    graph,
                                    communities.peers(c.index()).stream()
                                            .map(i -> graph.columns().get(i))
                                            .toList()));
            };
            List<String> words = Lexicon.words(c.ref().column());
            String canonical = null;
            if (readsAbbreviated(words)) {
                List<ColumnNode> scope = switch (context) {
                    case SCHEMA -> graph.columns();
                    case TABLE -> graph.columnsOf(c.ref().table());
                    case COMMUNITY ->
                        communities.peers(c.index()).stream()
                                .map(i -> graph.columns().get(i))
                                .toList();
                };
                Map<Character, List<NameUse>> names = context == Context.SCHEMA
                        ? schemaNames.computeIfAbsent("", k -> names(scope))
                        : scopedNames.computeIfAbsent(
                                context == Context.TABLE
                                        ? c.ref().table().toLowerCase(Locale.ROOT)
                                        : communities.of(c.index()),
                                k -> names(scope));
                NameUse whole = wholeName(c, names);
                if (whole != null
                        && readable(Lexicon.words(whole.representative().ref().column()), vocabulary)) {
                    ColumnNode r = whole.representative();
                    canonical = expandAll(
                            Lexicon.words(r.ref().column()),
                            vocabulary,
                            entityOfTable.get(r.ref().table().toLowerCase(Locale.ROOT)),
                            r.valueType().name().toLowerCase(Locale.ROOT));
                }
            }
            if (canonical == null) {
                canonical = expandAll(
                        words, vocabulary, entity, c.valueType().name().toLowerCase(Locale.ROOT));
            }
            String description = description(graph, c, canonical, entity, entityOfTable, tableOfEntity);
            out.add(new SemanticPackage(c.ref(), description, canonical));
        }
        return out;
    }

    /** A column name used in the scope: its letters only, how many columns carry it, in which tables, one of them. */
    record NameUse(String letters, int count, Set<String> tables, ColumnNode representative) {}

    private static String letters(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    /** The column names of a scope by first letter. */
    static Map<Character, List<NameUse>> names(List<ColumnNode> columns) {
        Map<String, List<ColumnNode>> by = new LinkedHashMap<>();
        for (ColumnNode c : columns) {
            String l = letters(c.ref().column());
            if (!l.isEmpty()) {
                by.computeIfAbsent(l, k -> new ArrayList<>()).add(c);
            }
        }
        Map<Character, List<NameUse>> out = new HashMap<>();
        by.forEach((l, cs) -> out.computeIfAbsent(l.charAt(0), k -> new ArrayList<>())
                .add(new NameUse(
                        l,
                        cs.size(),
                        cs.stream()
                                .map(c -> c.ref().table().toLowerCase(Locale.ROOT))
                                .collect(Collectors.toSet()),
                        cs.get(0))));
        return out;
    }

    /**
     * A name that reads as an abbreviation (every word short or not a word, and not a bare key word such as
     * {@code id}), the kind that stands for a longer name.
     */
    static boolean readsAbbreviated(List<String> words) {
        if (words.isEmpty() || words.stream().allMatch(w -> Lexicon.isKnownWord(w) || Lexicon.isKeyWord(w))) {
            return false;
        }
        int letters = words.stream().mapToInt(String::length).sum();
        return letters >= 3 && words.stream().allMatch(w -> w.length() <= 4 || !Lexicon.looksNatural(w));
    }

    /**
     * The schema's own evidence for an abbreviated name: a longer column name of another table that it
     * abbreviates ({@code Rec} → {@code Recapture}, {@code sub_temp} → {@code Substrate_Temperature},
     * {@code CAS} → {@code CASEWGT}), with a value family a comparison could join; the most used such name, then
     * the shortest. Null when none.
     */
    static NameUse wholeName(ColumnNode c, Map<Character, List<NameUse>> names) {
        String own = letters(c.ref().column());
        if (own.isEmpty()) {
            return null;
        }
        String table = c.ref().table().toLowerCase(Locale.ROOT);
        List<NameUse> sameLetter = names.getOrDefault(own.charAt(0), List.of());
        if (sameLetter.stream().anyMatch(n -> n.letters().equals(own) && n.count() > 1)) {
            return null; // a name several tables share already names one thing
        }
        List<String> ownWords = Lexicon.words(c.ref().column());
        NameUse best = null;
        for (NameUse n : sameLetter) {
            if (n.letters().length() <= own.length()
                    || n.tables().contains(table)
                    || !AmbiguityDetector.compatible(
                            c.valueType(), n.representative().valueType())
                    || !abbreviatesName(
                            ownWords,
                            own,
                            Lexicon.words(n.representative().ref().column()),
                            n.letters())) {
                continue;
            }
            if (best == null
                    || n.count() > best.count()
                    || n.count() == best.count()
                            && (n.letters().length() < best.letters().length()
                                    || n.letters().length() == best.letters().length()
                                            && n.letters().compareTo(best.letters()) < 0)) {
                best = n;
            }
        }
        return best;
    }

    /**
     * Word by word when both names have as many words ({@code sub_temp} → {@code Substrate_Temperature}), else the
     * letters as a prefix, or from four letters on a prefix of the consonant skeleton ({@code CAS} →
     * {@code CASEWGT}, {@code SpCd} → {@code spcode}; three consonants such as {@code TRM} fit too many names),
     * of a name with no more words: an abbreviation does not drop words ({@code GLS} is not
     * {@code goals_scored}).
     */
    static boolean abbreviatesName(List<String> words, String letters, List<String> otherWords, String otherLetters) {
        if (words.size() == otherWords.size() && words.size() > 1) {
            for (int i = 0; i < words.size(); i++) {
                if (!words.get(i).equals(otherWords.get(i)) && !Lexicon.abbreviates(words.get(i), otherWords.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return otherWords.size() <= words.size()
                && (otherLetters.startsWith(letters)
                        || letters.length() >= 4
                                && Lexicon.skeleton(otherLetters).startsWith(letters));
    }

    private static String description(
            SchemaGraph graph,
            ColumnNode c,
            String canonical,
            String entity,
            Map<String, String> entityOfTable,
            Map<String, String> tableOfEntity) {
        List<String> cw = List.of(AmbiguityDetector.meaningName(canonical).split("_"));
        String last = cw.get(cw.size() - 1);
        ColumnNode ref = graph.referenced(c);
        if (ref != null) {
            return "identifier of "
                    + entityOfTable
                            .get(ref.ref().table().toLowerCase(Locale.ROOT))
                            .replace('_', ' ');
        }
        if (Lexicon.isKeyWord(last)) {
            String prefix = String.join("_", cw.subList(0, cw.size() - 1));
            if (prefix.isEmpty()
                    || c.primaryKey() && (prefix.equals(entity) || prefix.equals(Lexicon.singular(entity)))) {
                return "identifier of " + entity.replace('_', ' ');
            }
            if (tableOfEntity.containsKey(prefix) || tableOfEntity.containsKey(Lexicon.singular(prefix))) {
                String t = tableOfEntity.getOrDefault(prefix, tableOfEntity.get(Lexicon.singular(prefix)));
                return "identifier of "
                        + entityOfTable.get(t.toLowerCase(Locale.ROOT)).replace('_', ' ');
            }
        }
        StringBuilder d = new StringBuilder(canonical.replace('_', ' '))
                .append(" of ")
                .append(entity.replace('_', ' '))
                .append(" (")
                .append(c.valueType().name().toLowerCase(Locale.ROOT))
                .append(')');
        if (!c.samples().isEmpty()) {
            d.append("; values: ")
                    .append(String.join(
                            ", ", c.samples().subList(0, Math.min(3, c.samples().size()))));
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
            Lexicon.words(t.name()).stream()
                    .filter(w -> w.length() > 3 && Lexicon.looksNatural(w))
                    .forEach(w -> v.merge(w, 1, Integer::sum));
        }
        for (ColumnNode c : columns) {
            Lexicon.words(c.ref().column()).stream()
                    .filter(w -> w.length() > 3 && Lexicon.looksNatural(w))
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
                // dg_id: "id" alone says nothing, nor fn_by's "by"
                known |= !Lexicon.isKeyWord(e) && !FUNCTION_WORDS.contains(e) || words.size() == 1;
                out.add(e);
            }
        }
        // A name with no readable word is all a reader can say of it: its table's entity and value family
        // (MPD → deadwood_number). The code itself is left out: it means nothing readable, and kept in the
        // canonical name it would make the name look close to its meaning (the view layer puts it back after,
        // deadwood_number_mpd, to keep the column recognisable). Only such a name gets its table in front:
        // SSMA_TimeStamp stays ssma_time_stamp, so the same column in every table keeps one canonical name.
        if (!known && !words.isEmpty() && entity != null && !entity.isEmpty()) {
            out.clear();
            out.add(entity);
            if (valueFamily != null) {
                out.add(valueFamily);
            }
        }
        return out.isEmpty() ? String.join("_", words) : String.join("_", out);
    }

    /** Whether some word of a name reads or expands to a word that says something (not a key or function word). */
    static boolean readable(List<String> words, Map<String, Integer> vocabulary) {
        for (String w : words) {
            String e = expand(w, vocabulary);
            if (e != null && (!Lexicon.isKeyWord(e) && !FUNCTION_WORDS.contains(e) || words.size() == 1)) {
                return true;
            }
        }
        return false;
    }

    /** A word's canonical form, or null when it reads as an abbreviation that nothing expands. */
    static String expand(String word, Map<String, Integer> vocabulary) {
        boolean natural = Lexicon.looksNatural(word);
        // A short word that reads as a word may still cut a longer word of the schema (Mod → module, Not → notes).
        // A short word is a word when English knows it or another name of the schema uses it too (its own name
        // counts once: STID alone says nothing).
        if (natural
                && (word.length() > 4
                        || vocabulary.getOrDefault(word, 0) > 1
                        || Lexicon.isKnownWord(word)
                        || EnglishWordList.contains(word))) {
            return word;
        }
        List<String> standard = Lexicon.expansions(word);
        String inSchema =
                standard.stream().filter(vocabulary::containsKey).findFirst().orElse(null);
        if (inSchema != null) {
            return inSchema;
        }
        String longer = vocabulary.entrySet().stream()
                .filter(e -> Lexicon.abbreviates(word, e.getKey()))
                .max(Comparator.<Map.Entry<String, Integer>>comparingInt(Map.Entry::getValue)
                        .thenComparing(e -> -e.getKey().length())
                        .thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
                .map(Map.Entry::getKey)
                .orElse(null);
        // The schema's own words first (Rec → recapture in a survey schema), then the general rules (rec → record).
        // A short token that only looks like a word must be an English one (site, mass), not a code (stid, emad).
        boolean readable = natural && (word.length() > 4 || EnglishWordList.contains(word));
        return longer != null ? longer : !standard.isEmpty() ? standard.get(0) : readable ? word : null;
    }
}
