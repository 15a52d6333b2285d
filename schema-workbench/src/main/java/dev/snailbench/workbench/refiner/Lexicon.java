package dev.snailbench.workbench.refiner;

import dev.snailbench.sql.IdentifierWords;
import dev.snailbench.workbench.crosswalk.RuleAbbreviator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The offline backend's word knowledge, no model needed: identifier words, the abbreviation rules of the
 * crosswalk abbreviator read backwards ({@code qty → quantity}), a small thesaurus of words that name the same
 * thing in schemas ({@code key}/{@code identifier} → {@code id}), the usual table prefixes ({@code tbl_},
 * {@code tlu_}), and a shape test for words that read as abbreviations ({@code Evt}, {@code VgHt},
 * {@code BTTYID}: no English word starts with {@code bt}).
 */
public final class Lexicon {

    /** Groups of interchangeable schema words; the first word is the canonical one. */
    static final List<List<String>> SYNONYMS = List.of(
            List.of("id", "identifier", "key", "ident"),
            List.of("name", "title", "label"),
            List.of("number", "num", "no", "nbr"),
            List.of("description", "desc", "descr"),
            List.of("amount", "amt", "sum"),
            List.of("count", "cnt", "tally"),
            List.of("date", "dt"),
            List.of("comment", "remark", "note"),
            List.of("city", "town"),
            List.of("country", "nation"),
            List.of("start", "begin"),
            List.of("end", "finish"),
            List.of("year", "yr", "season"));

    /** Short words that are words, not abbreviations. */
    static final Set<String> SHORT_WORDS = Set.of(
            "id", "no", "of", "to", "by", "at", "on", "in", "is", "x", "y", "z", "up", "ab", "or", "and", "the", "a",
            "an", "as", "did", "dob", "age", "day", "end", "key", "log", "map", "set", "sex", "sub", "top", "use",
            "via", "way", "yes", "old", "new", "net", "pay", "tax", "fee", "url", "gps", "utm", "pk", "fk", "uuid",
            "zip", "bay", "sea", "car", "air", "gas", "oil", "far", "low", "high");

    private static final Map<String, String> CANONICAL = new HashMap<>();
    private static final Map<String, List<String>> EXPANSIONS = new HashMap<>();

    static {
        for (List<String> group : SYNONYMS) {
            group.forEach(w -> CANONICAL.put(w, group.get(0)));
        }
        RuleAbbreviator.STANDARD.forEach((word, abbreviation) -> {
            if (!abbreviation.equals(word)) {
                EXPANSIONS.computeIfAbsent(abbreviation, k -> new ArrayList<>()).add(word);
            }
        });
        EXPANSIONS.values().forEach(l -> l.sort(String::compareTo));
    }

    private Lexicon() {}

    /** Lower-case words of an identifier ({@code HomeTeam_ID} → home, team, id). */
    public static List<String> words(String identifier) {
        return IdentifierWords.of(identifier).tokens().stream()
                .map(t -> t.toLowerCase(Locale.ROOT))
                .toList();
    }

    /** The entity a table stands for: its words without {@code tbl}/{@code tlu}/{@code t} prefixes, joined by _. */
    public static String entity(String table) {
        List<String> w = new ArrayList<>(words(table));
        while (w.size() > 1
                && Set.of("tbl", "tlu", "t", "tb", "lu", "ref", "xref", "dbo").contains(w.get(0))) {
            w.remove(0);
        }
        return String.join("_", w);
    }

    /** A naive singular ({@code events → event}); enough to match {@code Event_ID} to {@code tbl_Events}. */
    public static String singular(String word) {
        if (word.endsWith("ies") && word.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.endsWith("s") && !word.endsWith("ss") && word.length() > 3) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }

    /** Words that end a key column's name ({@code _id}, {@code _key}, {@code _code}, {@code _no}). */
    public static boolean isKeyWord(String word) {
        return Set.of("id", "key", "identifier", "code", "cd", "no", "num", "nbr", "pk", "fk")
                .contains(word);
    }

    /** The thesaurus' canonical word for a word (itself when it is in no group). */
    public static String canonical(String word) {
        return CANONICAL.getOrDefault(word, word);
    }

    /** The other words of a word's thesaurus group (empty when none). */
    public static List<String> alternatives(String word) {
        for (List<String> group : SYNONYMS) {
            if (group.contains(word)) {
                return group.stream().filter(w -> !w.equals(word)).toList();
            }
        }
        return List.of();
    }

    /**
     * A thesaurus or rule abbreviation that is not also a word in its own right ({@code desc}, {@code num},
     * {@code amt}): the English lists include some such short forms, which must not make a name regular.
     */
    public static boolean isAbbreviation(String word) {
        return !SHORT_WORDS.contains(word)
                && (EXPANSIONS.containsKey(word)
                        || CANONICAL.containsKey(word)
                                && !CANONICAL.get(word).equals(word)
                                && word.length() <= 4
                                && !Set.of("key", "name", "sum", "town", "note").contains(word));
    }

    /** Expansions of a standard abbreviation ({@code pct → percent, percentage}); empty when none. */
    public static List<String> expansions(String abbreviation) {
        return EXPANSIONS.getOrDefault(abbreviation, List.of());
    }

    /**
     * Whether a word reads as a word rather than an abbreviation: a known short word or thesaurus word, or three
     * letters or more with a vowel after the first letter (one letter in five, from five letters on:
     * {@code CHLVID} is an abbreviation), no run of five consonants ({@code Evt}, {@code Hght},
     * {@code VgHt} are abbreviations; {@code decay}, {@code length} are words). Digits count as words.
     */
    public static boolean looksNatural(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (w.isEmpty()
                || w.chars().allMatch(Character::isDigit)
                || SHORT_WORDS.contains(w)
                || CANONICAL.containsKey(w) && w.length() > 3
                || RuleAbbreviator.STANDARD.containsKey(w)) {
            return true;
        }
        if (w.length() < 3 || EXPANSIONS.containsKey(w) || !onset(w)) {
            return false;
        }
        int vowels = 0;
        int all = 0;
        int run = 0;
        for (int i = 0; i < w.length(); i++) {
            boolean vowel = "aeiou".indexOf(w.charAt(i)) >= 0 || (w.charAt(i) == 'y' && i > 0);
            if (vowel) {
                all++;
                vowels += i > 0 ? 1 : 0;
            }
            run = vowel ? 0 : run + 1;
            if (run >= 5) {
                return false;
            }
        }
        return vowels > 0 && (w.length() > 4 ? all * 5 >= w.length() : vowels * 3 >= w.length() - 1);
    }

    /** A short word known as a word: the short-word list, the thesaurus, the words the abbreviation rules shorten. */
    public static boolean isKnownWord(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return SHORT_WORDS.contains(w) || CANONICAL.containsKey(w) || RuleAbbreviator.STANDARD.containsKey(w);
    }

    /** Consonant pairs an English word may start with; {@code bt}, {@code lf}, {@code bs} start abbreviations. */
    static final Set<String> ONSETS = Set.of(
            "bl", "br", "ch", "cl", "cr", "dr", "dw", "fl", "fr", "gh", "gl", "gn", "gr", "kl", "kn", "kr", "ph", "pl",
            "pr", "ps", "qu", "rh", "sc", "sh", "sk", "sl", "sm", "sn", "sp", "sq", "st", "sw", "th", "tr", "ts", "tw",
            "wh", "wr");

    /** Whether the word starts like a word: a vowel, one consonant then a vowel, or a known consonant pair. */
    static boolean onset(String w) {
        if (w.length() < 2 || "aeiou".indexOf(w.charAt(0)) >= 0 || "aeiouy".indexOf(w.charAt(1)) >= 0) {
            return true;
        }
        return ONSETS.contains(w.substring(0, 2));
    }

    /**
     * Whether {@code abbreviation} shortens {@code word} the way abbreviations are made: a prefix ({@code veg},
     * {@code mod}), a prefix of its consonant skeleton ({@code hght}, {@code lc}), or, from four letters on, its
     * letters in order starting with the same letter ({@code plyr}).
     */
    public static boolean abbreviates(String abbreviation, String word) {
        if (abbreviation.isEmpty()
                || word.length() <= abbreviation.length()
                || abbreviation.charAt(0) != word.charAt(0)) {
            return false;
        }
        if (word.startsWith(abbreviation) || skeleton(word).startsWith(abbreviation)) {
            return true;
        }
        if (abbreviation.length() < 4) {
            return false;
        }
        int j = 1;
        for (int i = 1; i < word.length() && j < abbreviation.length(); i++) {
            if (word.charAt(i) == abbreviation.charAt(j)) {
                j++;
            }
        }
        return j == abbreviation.length();
    }

    /** The first letter and the following consonants, a doubled letter once ({@code height} → {@code hght}). */
    static String skeleton(String word) {
        StringBuilder b = new StringBuilder().append(word.charAt(0));
        for (int i = 1; i < word.length(); i++) {
            char c = word.charAt(i);
            if ("aeiou".indexOf(c) < 0 && c != b.charAt(b.length() - 1)) {
                b.append(c);
            }
        }
        return b.toString();
    }
}
