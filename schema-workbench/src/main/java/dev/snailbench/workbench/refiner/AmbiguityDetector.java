package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.workbench.refiner.SchemaGraph.ColumnNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Homonyms, synonyms and irregular names from the semantic packages and an embedding of each text, with no I/O:
 * <ul>
 * <li>homonyms: two columns of different tables with the same name whose descriptions are dissimilar;</li>
 * <li>synonyms: two columns of different tables with different names and compatible value families that are one
 * key concept, or whose names are similar, or whose names agree and the schema backs them with a reference
 * (declared, or read from values) or shared values ({@link SynonymEvidence}); candidates are pairs whose
 * canonical names share their words, references, value-sharing pairs and, in smaller schemas, every pair;</li>
 * <li>irregular: a name far from its canonical name, unless the column is already a homonym or synonym.</li>
 * </ul>
 */
public final class AmbiguityDetector {

    private AmbiguityDetector() {}

    /** Every text whose vector detection needs: names, canonical names, descriptions. */
    public static Set<String> texts(List<SemanticPackage> packages) {
        Set<String> texts = new HashSet<>();
        for (SemanticPackage p : packages) {
            texts.add(nameText(p.column().column()));
            texts.add(nameText(p.canonicalName()));
            texts.add(nameText(meaningName(p.canonicalName())));
            texts.add(p.description());
            texts.add(keyText(p.column()));
        }
        return texts;
    }

    /**
     * A canonical name read through the thesaurus ({@code club_key} → {@code club_id}): what synonyms are compared
     * on, and the one name a synonym pair gets in the view layer.
     */
    public static String meaningName(String canonical) {
        return String.join(
                "_", Lexicon.words(canonical).stream().map(Lexicon::canonical).toList());
    }

    /** Identifiers are embedded as their words ({@code HomeTeamID} → "home team id"). */
    static String nameText(String identifier) {
        return String.join(" ", Lexicon.words(identifier));
    }

    /**
     * A column's name as the key of an entity, for comparing a reference with the key it references: its words
     * other than key words, or its table's entity when it has none, then "id" ({@code patron_no} → "patron id",
     * {@code member.id} → "member id").
     */
    static String keyText(ColumnRef column) {
        List<String> words = new ArrayList<>(Lexicon.words(column.column()).stream()
                .filter(w -> !Lexicon.isKeyWord(w) && !Lexicon.isKeyWord(Lexicon.canonical(w)))
                .toList());
        if (words.isEmpty()) {
            words.addAll(Lexicon.words(Lexicon.entity(column.table())));
        }
        words.add("id");
        return String.join(" ", words);
    }

    /**
     * One candidate: a pair (or, for irregular names, one column) with its similarity score and, for a synonym,
     * the schema's evidence besides names ({@link Ambiguity.Ground}).
     */
    public record Candidate(
            Ambiguity.Type type, List<Integer> columns, double sss, String evidence, List<Ambiguity.Ground> grounds) {

        public Candidate(Ambiguity.Type type, List<Integer> columns, double sss, String evidence) {
            this(type, columns, sss, evidence, List.of());
        }

        /** A reference or shared values back the pair: its names need only agree ({@link #CORROBORATION_MARGIN}). */
        boolean corroborated() {
            return grounds.contains(Ambiguity.Ground.FOREIGN_KEY)
                    || grounds.contains(Ambiguity.Ground.VALUE_INCLUSION)
                    || grounds.contains(Ambiguity.Ground.SHARED_VALUES)
                    || grounds.contains(Ambiguity.Ground.SIMILAR_VALUES);
        }
    }

    /**
     * How far below σ_syn the names of a pair may be when the schema backs it with a reference or shared values
     * (0.65 at the paper's 0.90): names of one meaning under different words ({@code shopper_id} /
     * {@code customer_id}, {@code region} / {@code area}) score 0.65–0.85 in MiniLM, a role played by a key
     * ({@code winner_id} / {@code team_id}, {@code captain_id} / {@code player_id}) and related words of other
     * meanings ({@code birthplace} / {@code hometown}) 0.55–0.62.
     */
    static final double CORROBORATION_MARGIN = 0.25;

    /**
     * How far below σ_syn the names of a pair may be when every value of one is among the other's
     * ({@link Ambiguity.Ground#VALUE_SUBSET}; 0.40 at the paper's 0.90): one set of things under another word
     * ({@code vendor} / {@code company} 0.52, a screening's {@code location} / {@code venue_name} 0.40).
     */
    static final double SUBSET_MARGIN = 0.5;

    /** Schemas up to this many columns have every cross-table pair of compatible columns scored as synonyms. */
    static final int ALL_PAIRS_MAX_COLUMNS = 3000;

    /** Synonym candidates below this similarity are not kept (no fitted threshold goes this low). */
    static final double SYNONYM_FLOOR = 0.5;

    /**
     * Every candidate with its score, thresholds not yet applied:
     * <ul>
     * <li>homonym candidates: same-named pairs of different tables, except pairs that are one concept (a foreign key
     * and the key it references, two references to one key) or share sample values (the same kind of thing, e.g.
     * {@code country} of a club and of a stadium); values of different families score 0;</li>
     * <li>synonym candidates: differently named pairs of compatible values that are one key concept (scored 1:
     * a foreign key and its key, or two keys whose descriptions identify the same entity, when the names say
     * nothing but that entity and key words; a role such as {@code home_team_id} or {@code winner} for
     * {@code team_id} is not a synonym), and pairs scored on
     * the similarity of their names (same words, references, pairs sharing values, or, up to
     * {@link #ALL_PAIRS_MAX_COLUMNS} columns, every cross-table pair), with the schema's evidence as grounds;</li>
     * <li>irregular candidates: every column's name against its canonical name; a generic placeholder
     * ({@code col1}, {@code misc}) scores 0 and a name made only of English words or standard schema terms
     * scores 1, whatever its spelling distance.</li>
     * </ul>
     */
    public static List<Candidate> candidates(
            SchemaGraph graph, List<SemanticPackage> packages, Function<String, float[]> vectors) {
        List<Candidate> out = new ArrayList<>();
        List<ColumnNode> cols = graph.columns();
        Map<String, List<Integer>> byName = new LinkedHashMap<>();
        Map<String, List<Integer>> byWords = new LinkedHashMap<>();
        for (ColumnNode c : cols) {
            byName.computeIfAbsent(c.ref().column().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(c.index());
            TreeSet<String> words = new TreeSet<>();
            for (String w : meaningName(packages.get(c.index()).canonicalName()).split("_")) {
                words.add(Lexicon.singular(w));
            }
            byWords.computeIfAbsent(String.join(" ", words), k -> new ArrayList<>())
                    .add(c.index());
        }
        Map<String, Double> cache = new HashMap<>();
        for (List<Integer> same : byName.values()) {
            for (int i = 0; i < same.size(); i++) {
                for (int j = i + 1; j < same.size(); j++) {
                    ColumnNode ca = cols.get(same.get(i));
                    ColumnNode cb = cols.get(same.get(j));
                    SemanticPackage a = packages.get(same.get(i));
                    SemanticPackage b = packages.get(same.get(j));
                    if (a.column().table().equalsIgnoreCase(b.column().table())
                            || linked(graph, ca, cb)
                            || sharedValues(ca, cb)) {
                        continue;
                    }
                    var ka = ValueKinds.of(ca);
                    var kb = ValueKinds.of(cb);
                    double sss;
                    String why;
                    Ambiguity.Ground ground;
                    if (!compatible(ca.valueType(), cb.valueType())) {
                        // values of different families cannot mean the same thing
                        sss = 0;
                        ground = Ambiguity.Ground.VALUE_FAMILIES;
                        why = "values of different families (" + family(ca.valueType()) + " vs "
                                + family(cb.valueType()) + "): ";
                    } else if (ka != null && kb != null) {
                        // the values say what the column holds; descriptions only repeat the table's entity
                        boolean one = ValueKinds.same(ka, kb);
                        sss = one ? 1 : 0;
                        ground = Ambiguity.Ground.VALUE_KINDS;
                        why = (one
                                        ? "values of one kind (" + ka.describe()
                                        : "values of different kinds (" + ka.describe() + " vs " + kb.describe())
                                + "): ";
                    } else {
                        sss = a.description().equals(b.description())
                                ? 1
                                : cache.computeIfAbsent(
                                        a.description() + "\u0000" + b.description(),
                                        k -> cosine(vectors.apply(a.description()), vectors.apply(b.description())));
                        ground = Ambiguity.Ground.DESCRIPTIONS;
                        why = "";
                    }
                    why += "'" + a.description() + "' vs '" + b.description() + "'";
                    out.add(new Candidate(
                            Ambiguity.Type.HOMONYM,
                            List.of(same.get(i), same.get(j)),
                            sss,
                            "same name, different meanings: " + why,
                            List.of(ground)));
                }
            }
        }
        Set<Long> seen = new HashSet<>();
        Synonyms syn = new Synonyms(graph, packages, vectors, SynonymEvidence.of(graph), seen, out);
        for (List<Integer> block : byWords.values()) {
            for (int i = 0; i < block.size(); i++) {
                for (int j = i + 1; j < block.size(); j++) {
                    syn.pair(cols.get(block.get(i)), cols.get(block.get(j)), false);
                }
            }
        }
        for (ColumnNode c : cols) {
            ColumnNode ref = graph.referenced(c);
            if (ref != null) {
                syn.pair(c, ref, false);
            }
        }
        for (SynonymEvidence.Reference r : syn.evidence.inferred()) {
            syn.pair(r.from(), r.to(), false);
        }
        for (long[] pair : syn.evidence.sharingPairs()) {
            syn.pair(cols.get((int) pair[0]), cols.get((int) pair[1]), false);
        }
        Map<String, List<ColumnNode>> byEntity = new LinkedHashMap<>();
        for (ColumnNode c : cols) {
            String identified = identified(packages.get(c.index()));
            if (identified != null) {
                byEntity.computeIfAbsent(identified, k -> new ArrayList<>()).add(c);
            }
        }
        for (List<ColumnNode> keys : byEntity.values()) {
            for (int i = 0; i < keys.size(); i++) {
                for (int j = i + 1; j < keys.size(); j++) {
                    syn.pair(keys.get(i), keys.get(j), false);
                }
            }
        }
        if (cols.size() <= ALL_PAIRS_MAX_COLUMNS) {
            for (int i = 0; i < cols.size(); i++) {
                for (int j = i + 1; j < cols.size(); j++) {
                    syn.pair(cols.get(i), cols.get(j), true);
                }
            }
        }
        for (ColumnNode c : cols) {
            SemanticPackage p = packages.get(c.index());
            String name = c.ref().column();
            double sss;
            String evidence;
            Ambiguity.Ground ground;
            if (placeholder(name)) {
                sss = 0;
                ground = Ambiguity.Ground.PLACEHOLDER;
                evidence = "a generic placeholder name: '" + name + "' says nothing of what it holds";
            } else if (wordsOnly(name)) {
                sss = 1;
                ground = Ambiguity.Ground.ENGLISH_WORDS;
                evidence = "'" + name + "' is made of English words and standard schema terms";
            } else if (unreadableKept(name, p.canonicalName()) != null) {
                // the canonical name keeps a token no word list reads: close to the name in spelling, it says no
                // more than the name does
                sss = 0;
                ground = Ambiguity.Ground.NAME_FAR_FROM_MEANING;
                evidence = "name far from its meaning: '" + unreadableKept(name, p.canonicalName())
                        + "' is no word and reads as nothing longer ('" + p.canonicalName() + "')";
            } else {
                sss = cosine(vectors.apply(nameText(name)), vectors.apply(nameText(p.canonicalName())));
                ground = Ambiguity.Ground.NAME_FAR_FROM_MEANING;
                evidence = "name far from its meaning: '" + name + "' reads as '" + p.canonicalName() + "'";
            }
            out.add(new Candidate(Ambiguity.Type.IRREGULAR, List.of(c.index()), sss, evidence, List.of(ground)));
        }
        return out;
    }

    /** Scores synonym candidates: names, and what the schema says besides names ({@link SynonymEvidence}). */
    private static final class Synonyms {

        final SynonymEvidence evidence;
        private final SchemaGraph graph;
        private final List<SemanticPackage> packages;
        private final Function<String, float[]> vectors;
        private final Set<Long> seen;
        private final List<Candidate> out;
        private final Map<Integer, ColumnNode> bestNamedKey = new HashMap<>();
        private final Set<Integer> referencedKeys = new HashSet<>();

        Synonyms(
                SchemaGraph graph,
                List<SemanticPackage> packages,
                Function<String, float[]> vectors,
                SynonymEvidence evidence,
                Set<Long> seen,
                List<Candidate> out) {
            this.graph = graph;
            this.packages = packages;
            this.vectors = vectors;
            this.evidence = evidence;
            this.seen = seen;
            this.out = out;
            for (ColumnNode c : graph.columns()) {
                ColumnNode to = graph.referenced(c);
                if (to != null) {
                    referencedKeys.add(to.index());
                }
            }
        }

        void pair(ColumnNode ca, ColumnNode cb, boolean onlyAboveFloor) {
            if (ca.ref().table().equalsIgnoreCase(cb.ref().table())
                    || ca.ref().column().equalsIgnoreCase(cb.ref().column())
                    || !compatible(ca.valueType(), cb.valueType())) {
                return;
            }
            long key = SynonymEvidence.key(ca.index(), cb.index());
            if (seen.contains(key)) {
                return;
            }
            SemanticPackage a = packages.get(ca.index());
            SemanticPackage b = packages.get(cb.index());
            SynonymEvidence.Reference ref = evidence.reference(ca, cb);
            if (ref != null && !ref.declared() && !ref.distinctive() && bestNamedKey(ref.from()) != ref.to()) {
                ref = null; // small numbers fall inside many keys: only the key its name is closest to counts
            }
            boolean soleKey = ref != null && !ref.declared() && !ref.distinctive() && soleKeyNamed(ref);
            List<Ambiguity.Ground> grounds = new ArrayList<>();
            String oneKey = oneKeyConcept(graph, ref, ca, cb, a, b);
            double sss;
            String why;
            if (oneKey != null) {
                sss = 1;
                grounds.add(
                        oneKey.startsWith(BOTH_IDENTIFY) ? Ambiguity.Ground.SAME_ENTITY : Ambiguity.Ground.KEY_NAMES);
                if (ref != null) {
                    grounds.add(ref.declared() ? Ambiguity.Ground.FOREIGN_KEY : Ambiguity.Ground.VALUE_INCLUSION);
                }
                why = oneKey;
            } else {
                sss = similarity(nameText(meaningName(a.canonicalName())), nameText(meaningName(b.canonicalName())));
                StringBuilder w = new StringBuilder("different names, one meaning: read as '")
                        .append(a.canonicalName())
                        .append(a.canonicalName().equals(b.canonicalName()) ? "'" : "' / '" + b.canonicalName() + "'");
                boolean covering = ref != null
                        && (ref.declared() || ref.distinctive() || soleKey)
                        && entityNoun(ref)
                        && evidence.coverage(ref) >= SynonymEvidence.MIN_COVERAGE;
                if (covering) {
                    // the reference ranges over its key's entity under a name of one other noun: the entity's name
                    sss = 1;
                    grounds.add(ref.declared() ? Ambiguity.Ground.FOREIGN_KEY : Ambiguity.Ground.VALUE_INCLUSION);
                    grounds.add(Ambiguity.Ground.VALUE_COVERAGE);
                    w.append("; '")
                            .append(ref.from().ref().key())
                            .append(ref.declared() ? "' references '" : "' holds only values of the key '")
                            .append(ref.to().ref().key())
                            .append("' and covers ")
                            .append(Math.round(100 * evidence.coverage(ref)))
                            .append(" % of its values under one noun, its table's only such reference there");
                } else if (ref != null && !role(ref)) {
                    sss = Math.max(
                            sss,
                            similarity(
                                    keyText(ref.from().ref()), keyText(ref.to().ref())));
                    grounds.add(ref.declared() ? Ambiguity.Ground.FOREIGN_KEY : Ambiguity.Ground.VALUE_INCLUSION);
                    w.append("; '")
                            .append(ref.from().ref().key())
                            .append(ref.declared() ? "' references '" : "' holds only values of the key '")
                            .append(ref.to().ref().key())
                            .append('\'');
                }
                // a name that is the other's with more words is a kind or a role of it (birth_city, city): values
                // shared by the two say nothing of one meaning
                boolean qualified = qualified(ca, cb);
                int shared = qualified ? 0 : evidence.sharedValues(ca, cb);
                if (shared > 0) {
                    grounds.add(Ambiguity.Ground.SHARED_VALUES);
                    w.append("; ").append(shared).append(" sample values shared");
                }
                if (!qualified && ref == null && !keyLike(ca) && !keyLike(cb)) {
                    if (shared > 0 && evidence.subset(ca, cb) && !oneOfSeveralSubsets(ca, cb)) {
                        grounds.add(Ambiguity.Ground.VALUE_SUBSET);
                        w.append("; every value of one is among the other's");
                    } else if (shared == 0 && SynonymEvidence.similarValues(ca, cb)) {
                        grounds.add(Ambiguity.Ground.SIMILAR_VALUES);
                        w.append("; numbers of one range and scale");
                    }
                }
                if (!grounds.isEmpty()) {
                    // backed by the schema: the names as written count too (a canonical name may be a placeholder)
                    sss = Math.max(
                            sss,
                            similarity(
                                    nameText(ca.ref().column()),
                                    nameText(cb.ref().column())));
                }
                why = w.toString();
            }
            if (onlyAboveFloor && sss < SYNONYM_FLOOR && grounds.isEmpty()) {
                return;
            }
            seen.add(key);
            out.add(new Candidate(Ambiguity.Type.SYNONYM, List.of(ca.index(), cb.index()), sss, why, grounds));
        }

        /**
         * An undeclared reference of small numbers whose name is a noun and an identifier word ({@code volume_id})
         * and whose values fall inside this key only: small numbers fall inside many keys by chance, a name that
         * says "identifier" and values only one key holds do not.
         */
        private boolean soleKeyNamed(SynonymEvidence.Reference ref) {
            boolean identifier =
                    Lexicon.words(ref.from().ref().column()).stream().anyMatch(IDENTIFIER_WORDS::contains);
            return identifier && evidence.inferredFrom(ref.from()).size() == 1;
        }

        /** A key, a declared reference, or a column whose values are read as a reference. */
        private boolean keyLike(ColumnNode c) {
            return c.primaryKey()
                    || graph.referenced(c) != null
                    || !evidence.inferredFrom(c).isEmpty()
                    || referencedKeys.contains(c.index());
        }

        /**
         * Whether the table of the column with fewer values has another column whose values are all among the same
         * column's too: each is a role ({@code home_team} and {@code away_team} among the teams' names).
         */
        private boolean oneOfSeveralSubsets(ColumnNode a, ColumnNode b) {
            boolean aSmaller = new HashSet<>(a.samples()).size() <= new HashSet<>(b.samples()).size();
            ColumnNode small = aSmaller ? a : b;
            ColumnNode large = aSmaller ? b : a;
            for (ColumnNode c : graph.columnsOf(small.ref().table())) {
                if (c != small && compatible(c.valueType(), large.valueType()) && evidence.subset(c, large)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * A reference whose name is a role the key plays: its table references the key's table more than once
         * ({@code home_club}, {@code away_club}), or its name has a word of the key's entity besides others
         * ({@code home_team_id} for {@code team_id}).
         */
        private boolean role(SynonymEvidence.Reference ref) {
            if (evidence.oneOfSeveral(ref)) {
                return true;
            }
            Set<String> entity = new HashSet<>();
            for (String w : keyText(ref.to().ref()).split(" ")) {
                entity.add(Lexicon.singular(w));
            }
            entity.remove("id");
            return Lexicon.words(ref.from().ref().column()).stream()
                    .map(Lexicon::singular)
                    .anyMatch(entity::contains);
        }

        /**
         * Whether a reference's name is one noun besides key words ({@code client_id}, {@code unit_no}, not
         * {@code approved_by} or {@code gift_for}, phrases naming a role) and no other reference of its table to the
         * same table has such a name (two, such as {@code driver_id} and {@code guard_id}, are roles).
         */
        private boolean entityNoun(SynonymEvidence.Reference ref) {
            if (!nounName(ref.from())) {
                return false;
            }
            String target = ref.to().ref().table();
            for (ColumnNode c : graph.columnsOf(ref.from().ref().table())) {
                if (c == ref.from() || !nounName(c)) {
                    continue;
                }
                ColumnNode to = graph.referenced(c);
                boolean references = to != null && to.ref().table().equalsIgnoreCase(target);
                for (SynonymEvidence.Reference i : evidence.inferredFrom(c)) {
                    references |= i.distinctive() && i.to().ref().table().equalsIgnoreCase(target);
                }
                if (references) {
                    return false;
                }
            }
            return true;
        }

        /** Of the keys a column's values fall inside, the one whose name is closest to the column's. */
        private ColumnNode bestNamedKey(ColumnNode from) {
            return bestNamedKey.computeIfAbsent(from.index(), i -> {
                ColumnNode best = null;
                double top = -1;
                for (SynonymEvidence.Reference r : evidence.inferred()) {
                    if (r.from() == from) {
                        double s = similarity(keyText(from.ref()), keyText(r.to().ref()));
                        if (s > top) {
                            top = s;
                            best = r.to();
                        }
                    }
                }
                return best;
            });
        }

        private double similarity(String x, String y) {
            return x.equals(y) ? 1 : cosine(vectors.apply(x), vectors.apply(y));
        }
    }

    private static final String BOTH_IDENTIFY = "one key under two names: both identify ";

    /**
     * Why two differently named columns are one key concept, or null: a foreign key and the key it references, or
     * two keys described as identifying the same entity — provided each name says only that entity and key words
     * ({@code club_ref}, {@code club_key}, {@code team}); a name with another word is a role the key plays
     * ({@code home_team_id}, {@code winner}), not another name of it.
     */
    static String oneKeyConcept(
            SchemaGraph graph,
            SynonymEvidence.Reference ref,
            ColumnNode ca,
            ColumnNode cb,
            SemanticPackage a,
            SemanticPackage b) {
        if (ref != null) {
            return namesOnly(ref.from(), ref.to())
                    ? "one key under two names: '" + ref.from().ref().key()
                            + (ref.declared() ? "' references '" : "' holds only values of the key '")
                            + ref.to().ref().key()
                            + "'"
                    : null;
        }
        String ea = identified(a);
        if (ea != null && ea.equals(identified(b)) && namesOnly(ca, ea) && namesOnly(cb, ea)) {
            return BOTH_IDENTIFY + ea.replace('_', ' ');
        }
        return null;
    }

    /** Key words that say "identifier" (not a number or a code, which also name ordinals and quantities). */
    static final Set<String> IDENTIFIER_WORDS = Set.of("id", "key", "identifier", "ident", "ref", "reference", "fk");

    /**
     * Whether one name is the other's with more words ({@code birth_city} and {@code city}, {@code home_team} and
     * {@code team}): words compared singular and through the thesaurus.
     */
    static boolean qualified(ColumnNode a, ColumnNode b) {
        Set<String> wa = new HashSet<>();
        Lexicon.words(a.ref().column()).forEach(w -> wa.add(Lexicon.canonical(Lexicon.singular(w))));
        Set<String> wb = new HashSet<>();
        Lexicon.words(b.ref().column()).forEach(w -> wb.add(Lexicon.canonical(Lexicon.singular(w))));
        return !wa.equals(wb) && (wa.containsAll(wb) || wb.containsAll(wa));
    }

    /** Words that make a name a phrase naming a relation ({@code approved_by}, {@code gift_for}), not a noun. */
    static final Set<String> FUNCTION_WORDS =
            Set.of("by", "for", "of", "to", "from", "with", "at", "on", "in", "per", "via", "as", "into");

    /** A name of one word besides key words, not a function word ({@code client_id}, {@code unit_no}). */
    static boolean nounName(ColumnNode c) {
        List<String> words = Lexicon.words(c.ref().column()).stream()
                .filter(w -> !Lexicon.isKeyWord(w) && !Lexicon.isKeyWord(Lexicon.canonical(w)))
                .toList();
        return words.size() == 1
                && words.get(0).length() > 2
                && !FUNCTION_WORDS.contains(words.get(0))
                && words.get(0).chars().allMatch(Character::isLetter);
    }

    /** Words that may accompany an entity in a key's name without naming a role. */
    private static final Set<String> KEY_WORDS = Set.of(
            "id",
            "key",
            "identifier",
            "code",
            "cd",
            "no",
            "num",
            "number",
            "nbr",
            "pk",
            "fk",
            "ref",
            "reference",
            "ident");

    /** Whether {@code fk}'s name is made only of {@code key}'s table entity, {@code key}'s own words and key words. */
    private static boolean namesOnly(ColumnNode fk, ColumnNode key) {
        Set<String> allowed = new HashSet<>();
        Lexicon.words(Lexicon.entity(key.ref().table())).forEach(w -> allowed.add(Lexicon.singular(w)));
        Lexicon.words(key.ref().column()).forEach(w -> allowed.add(Lexicon.singular(w)));
        return namesOnly(fk, allowed);
    }

    private static boolean namesOnly(ColumnNode column, String entity) {
        Set<String> allowed = new HashSet<>();
        for (String w : entity.split("[_ ]+")) {
            allowed.add(Lexicon.singular(w));
        }
        return namesOnly(column, allowed);
    }

    private static boolean namesOnly(ColumnNode column, Set<String> allowed) {
        List<String> words = Lexicon.words(column.ref().column());
        return !words.isEmpty()
                && words.stream()
                        .map(Lexicon::singular)
                        .allMatch(w -> allowed.contains(w)
                                || KEY_WORDS.contains(w)
                                || KEY_WORDS.contains(Lexicon.canonical(w)));
    }

    /** The entity a key's description says it identifies ("identifier of club" → club), or null. */
    static String identified(SemanticPackage p) {
        String d = p.description();
        return d.startsWith("identifier of ")
                ? d.substring("identifier of ".length()).trim()
                : null;
    }

    /** A foreign key and the key it references, or two columns referencing one key. */
    static boolean linked(SchemaGraph graph, ColumnNode a, ColumnNode b) {
        ColumnNode ra = graph.referenced(a);
        ColumnNode rb = graph.referenced(b);
        return ra == b || rb == a || ra != null && ra == rb;
    }

    /**
     * Columns sharing a sample value hold the same kind of thing ({@code country} of a club and of a stadium):
     * any text value, or a number of four characters or more (years; small numbers are shared by chance).
     */
    static boolean sharedValues(ColumnNode a, ColumnNode b) {
        if (!compatible(a.valueType(), b.valueType())) {
            return false;
        }
        boolean text = family(a.valueType()).equals("text");
        Set<String> values = new HashSet<>();
        a.samples().forEach(v -> values.add(v.trim().toLowerCase(Locale.ROOT)));
        return b.samples().stream()
                .map(v -> v.trim().toLowerCase(Locale.ROOT))
                .anyMatch(v -> !v.isEmpty() && (text || v.length() >= 4) && values.contains(v));
    }

    /** Words that say nothing of a column on their own. */
    static final Set<String> GENERIC = Set.of(
            "col",
            "column",
            "field",
            "fld",
            "attr",
            "attribute",
            "data",
            "misc",
            "info",
            "value",
            "val",
            "var",
            "item",
            "tmp",
            "temp",
            "other",
            "extra",
            "unknown",
            "untitled",
            "stuff",
            "thing",
            "prop",
            "property",
            "param",
            "generic",
            "custom",
            "aux",
            "etc",
            "x",
            "unnamed");

    /** Generic words that are placeholders even alone (a lone {@code value} or {@code data} may be a real name). */
    static final Set<String> GENERIC_ALONE = Set.of(
            "misc",
            "stuff",
            "thing",
            "tmp",
            "etc",
            "unnamed",
            "untitled",
            "extra",
            "aux",
            "generic",
            "col",
            "fld",
            "attr",
            "prop",
            "param");

    /**
     * A generic placeholder: generic words with numbers or single letters ({@code col1}, {@code field_a},
     * {@code data2}), or a generic word that never names a thing alone ({@code misc}).
     */
    static boolean placeholder(String name) {
        List<String> words = Lexicon.words(name);
        if (words.isEmpty()) {
            return false;
        }
        boolean generic = false;
        boolean filler = false;
        for (String w : words) {
            if (GENERIC.contains(w)) {
                generic = true;
            } else if (w.chars().allMatch(Character::isDigit) || w.length() == 1) {
                filler = true;
            } else {
                return false;
            }
        }
        if (!generic) {
            return false;
        }
        return filler || words.size() == 1 && GENERIC_ALONE.contains(words.get(0));
    }

    /**
     * Whether every word of a name is an English word (zxcvbn's lists, as the classifier reads them) or a
     * standard schema term ({@code id}, {@code dob}, {@code url}…), or a number: such a name is regular, however
     * far its letters are from an expansion.
     */
    static boolean wordsOnly(String name) {
        List<String> words = Lexicon.words(name);
        return !words.isEmpty()
                && words.stream()
                        .allMatch(w -> w.chars().allMatch(Character::isDigit)
                                || Lexicon.SHORT_WORDS.contains(w)
                                || w.length() > 2 && EnglishWordList.isWord(w) && !Lexicon.isAbbreviation(w));
    }

    /**
     * A word of the name that is no English word, standard schema term, known abbreviation or number, does not look
     * like a word either ({@link Lexicon#looksNatural}: a word missing from the lists, such as {@code honorarium},
     * is not unreadable), and that the canonical name keeps as it is ({@code rtrn} in {@code rtrn_dt} →
     * {@code rtrn_date}), or null.
     */
    static String unreadableKept(String name, String canonical) {
        Set<String> kept = new HashSet<>(Lexicon.words(canonical));
        for (String w : Lexicon.words(name)) {
            boolean readable = w.chars().allMatch(Character::isDigit)
                    || Lexicon.SHORT_WORDS.contains(w)
                    || Lexicon.isAbbreviation(w)
                    || w.length() > 2 && EnglishWordList.isWord(w);
            if (!readable && w.chars().allMatch(Character::isLetter) && !Lexicon.looksNatural(w) && kept.contains(w)) {
                return w;
            }
        }
        return null;
    }

    public static List<Ambiguity> detect(
            SchemaGraph graph,
            List<SemanticPackage> packages,
            Function<String, float[]> vectors,
            Thresholds thresholds) {
        return decide(graph, candidates(graph, packages, vectors), thresholds);
    }

    /** The thresholds applied to scored candidates; homonymy and synonymy take precedence over irregular names. */
    public static List<Ambiguity> decide(SchemaGraph graph, List<Candidate> candidates, Thresholds thresholds) {
        List<Ambiguity> found = new ArrayList<>();
        Set<Integer> involved = new HashSet<>();
        for (Candidate c : candidates) {
            boolean hit = switch (c.type()) {
                case HOMONYM -> c.sss() < thresholds.homonym();
                case SYNONYM ->
                    c.sss() >= thresholds.synonym()
                            || c.corroborated() && c.sss() >= thresholds.synonym() - CORROBORATION_MARGIN
                            || c.grounds().contains(Ambiguity.Ground.VALUE_SUBSET)
                                    && c.sss() >= thresholds.synonym() - SUBSET_MARGIN;
                case IRREGULAR -> false;
            };
            if (hit) {
                List<Ambiguity.Ground> grounds = new ArrayList<>(c.grounds());
                if (c.type() == Ambiguity.Type.SYNONYM
                        && !grounds.contains(Ambiguity.Ground.KEY_NAMES)
                        && !grounds.contains(Ambiguity.Ground.SAME_ENTITY)) {
                    grounds.add(Ambiguity.Ground.NAME_SIMILARITY);
                }
                found.add(new Ambiguity(
                        c.type(),
                        c.columns().stream()
                                .map(i -> graph.columns().get(i).ref())
                                .toList(),
                        c.sss(),
                        c.evidence(),
                        grounds));
                involved.addAll(c.columns());
            }
        }
        for (Candidate c : candidates) {
            if (c.type() == Ambiguity.Type.IRREGULAR
                    && c.sss() < thresholds.irregular()
                    && !involved.contains(c.columns().get(0))) {
                found.add(new Ambiguity(
                        c.type(),
                        List.of(graph.columns().get(c.columns().get(0)).ref()),
                        c.sss(),
                        c.evidence(),
                        c.grounds()));
            }
        }
        return found;
    }

    /** Value families a comparison could join: numbers with numbers, dates with timestamps, text with text. */
    static boolean compatible(ValueType a, ValueType b) {
        return family(a).equals(family(b));
    }

    static String family(ValueType t) {
        return switch (t) {
            case NUMBER, BOOLEAN -> "number";
            case DATE, TIME, TIMESTAMP -> "time";
            default -> "text";
        };
    }

    public static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }
}
