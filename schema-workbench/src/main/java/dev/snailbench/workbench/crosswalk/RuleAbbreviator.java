package dev.snailbench.workbench.crosswalk;

import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.sql.IdentifierWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Deterministic abbreviation of an identifier, more natural to less natural (SNAILS' Low and Least):
 * <ul>
 * <li>Low: standard abbreviations for common words ({@code number → num}); other words of 5+ letters are
 * cut to their first syllable when that leaves 3+ letters ({@code vegetation → veg}), else their vowels are
 * dropped ({@code height → hght}); words of up to 4 letters stay, unless nothing else changed.</li>
 * <li>Least: every word shrinks to 1–3 letters (initial plus following consonants), a one-word identifier
 * keeps a 3-letter consonant skeleton ({@code airbag → ABG} style); digits stay.</li>
 * </ul>
 * The output keeps the identifier's style (snake, camel, Pascal, upper).
 */
public final class RuleAbbreviator {

    /** Common abbreviations (the kind found in SNAILS' Low identifiers and in database naming guides). */
    public static final Map<String, String> STANDARD = Map.ofEntries(
            Map.entry("number", "num"),
            Map.entry("quantity", "qty"),
            Map.entry("amount", "amt"),
            Map.entry("description", "desc"),
            Map.entry("identifier", "id"),
            Map.entry("account", "acct"),
            Map.entry("address", "addr"),
            Map.entry("average", "avg"),
            Map.entry("maximum", "max"),
            Map.entry("minimum", "min"),
            Map.entry("minutes", "mins"),
            Map.entry("seconds", "secs"),
            Map.entry("information", "info"),
            Map.entry("category", "cat"),
            Map.entry("configuration", "config"),
            Map.entry("temperature", "temp"),
            Map.entry("department", "dept"),
            Map.entry("document", "doc"),
            Map.entry("reference", "ref"),
            Map.entry("received", "recvd"),
            Map.entry("message", "msg"),
            Map.entry("management", "mgmt"),
            Map.entry("manager", "mgr"),
            Map.entry("percent", "pct"),
            Map.entry("percentage", "pct"),
            Map.entry("position", "pos"),
            Map.entry("previous", "prev"),
            Map.entry("organization", "org"),
            Map.entry("location", "loc"),
            Map.entry("estimated", "est"),
            Map.entry("total", "tot"),
            Map.entry("count", "cnt"),
            Map.entry("date", "dt"),
            Map.entry("time", "tm"),
            Map.entry("year", "yr"),
            Map.entry("month", "mon"),
            Map.entry("code", "cd"),
            Map.entry("name", "nm"),
            Map.entry("type", "typ"),
            Map.entry("status", "stat"),
            Map.entry("value", "val"),
            Map.entry("customer", "cust"),
            Map.entry("transaction", "txn"),
            Map.entry("international", "intl"),
            Map.entry("national", "natl"),
            Map.entry("government", "govt"),
            Map.entry("station", "stn"),
            Map.entry("street", "st"),
            Map.entry("height", "ht"),
            Map.entry("weight", "wt"),
            Map.entry("length", "len"),
            Map.entry("width", "wd"),
            Map.entry("distance", "dist"),
            Map.entry("observation", "obs"),
            Map.entry("species", "spp"),
            Map.entry("survey", "srvy"),
            Map.entry("latitude", "lat"),
            Map.entry("longitude", "lon"),
            Map.entry("elevation", "elev"),
            Map.entry("comments", "cmts"),
            Map.entry("comment", "cmt"),
            Map.entry("condition", "cond"),
            Map.entry("method", "mthd"),
            Map.entry("project", "proj"),
            Map.entry("region", "rgn"),
            Map.entry("source", "src"),
            Map.entry("standard", "std"),
            Map.entry("system", "sys"),
            Map.entry("version", "ver"),
            Map.entry("vehicle", "veh"),
            Map.entry("employee", "emp"),
            Map.entry("company", "co"),
            Map.entry("country", "ctry"),
            Map.entry("district", "dist"),
            Map.entry("school", "sch"),
            Map.entry("student", "stu"),
            Map.entry("program", "prog"),
            Map.entry("record", "rec"),
            Map.entry("sequence", "seq"),
            Map.entry("index", "idx"),
            Map.entry("flag", "flg"),
            Map.entry("indicator", "ind"),
            Map.entry("question", "qstn"),
            Map.entry("answer", "ans"),
            Map.entry("image", "img"),
            Map.entry("picture", "pic"),
            Map.entry("team", "tm"),
            Map.entry("player", "plyr"),
            Map.entry("goals", "gls"),
            Map.entry("match", "mtch"),
            Map.entry("from", "fr"),
            Map.entry("to", "to"));

    private RuleAbbreviator() {}

    /** @param level {@link NaturalnessLevel#LOW} or {@link NaturalnessLevel#LEAST} */
    public static String abbreviate(String identifier, NaturalnessLevel level) {
        IdentifierWords t = IdentifierWords.of(identifier);
        if (t.tokens().isEmpty()) {
            return identifier;
        }
        List<String> out = new ArrayList<>();
        if (level == NaturalnessLevel.LOW) {
            boolean changed = false;
            for (String token : t.tokens()) {
                String a = low(token);
                changed |= !a.equalsIgnoreCase(token);
                out.add(a);
            }
            if (!changed) {
                // All words short: drop the vowels of the longest one so the result is no longer Regular.
                int longest = 0;
                for (int i = 1; i < out.size(); i++) {
                    if (out.get(i).length() > out.get(longest).length()) {
                        longest = i;
                    }
                }
                out.set(longest, dropVowels(out.get(longest), 2));
            }
        } else if (level == NaturalnessLevel.LEAST) {
            boolean single = t.tokens().stream().filter(s -> !isDigits(s)).count() <= 1;
            for (String token : t.tokens()) {
                out.add(isDigits(token) ? token : skeleton(token, single ? 3 : 2));
            }
            if (t.style() == IdentifierWords.Style.PASCAL
                    || t.style() == IdentifierWords.Style.CAMEL
                    || t.style() == IdentifierWords.Style.LOWER) {
                // Least identifiers read as codes: upper-case them and drop the word boundaries (CSI22, DfltSlp).
                return String.join("", out).toUpperCase(Locale.ROOT);
            }
        } else {
            throw new IllegalArgumentException("abbreviation targets Low or Least, not " + level.label());
        }
        return t.join(out);
    }

    static String low(String token) {
        if (isDigits(token)) {
            return token;
        }
        String lower = token.toLowerCase(Locale.ROOT);
        String standard = STANDARD.get(lower);
        if (standard != null) {
            return matchCase(token, standard);
        }
        if (lower.length() <= 4) {
            return token;
        }
        String syllable = firstSyllable(lower);
        String a = syllable.length() >= 3 && syllable.length() < lower.length() - 1 ? syllable : dropVowels(lower, 3);
        return matchCase(token, a);
    }

    /** Letters up to and including the first consonant after the first vowel group ("vegetation" → "veg"). */
    static String firstSyllable(String word) {
        int i = 0;
        while (i < word.length() && !isVowel(word.charAt(i))) {
            i++;
        }
        while (i < word.length() && isVowel(word.charAt(i))) {
            i++;
        }
        return word.substring(0, Math.min(word.length(), i + 1));
    }

    /** Keeps the first letter, drops later vowels and doubled letters; keeps at least {@code min} letters. */
    static String dropVowels(String word, int min) {
        StringBuilder b = new StringBuilder().append(word.charAt(0));
        for (int i = 1; i < word.length(); i++) {
            char c = word.charAt(i);
            if (!isVowel(c) && Character.toLowerCase(c) != Character.toLowerCase(b.charAt(b.length() - 1))) {
                b.append(c);
            }
        }
        if (b.length() < min) {
            return word.substring(0, Math.min(word.length(), Math.max(min, b.length())));
        }
        return b.toString();
    }

    /** The initial and the next consonants, at most {@code max} letters ("location" → "LC"/"LCT"). */
    static String skeleton(String token, int max) {
        StringBuilder b = new StringBuilder().append(token.charAt(0));
        for (int i = 1; i < token.length() && b.length() < max; i++) {
            char c = token.charAt(i);
            if (!isVowel(c)
                    && Character.isLetter(c)
                    && Character.toLowerCase(c) != Character.toLowerCase(b.charAt(b.length() - 1))) {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static String matchCase(String original, String replacement) {
        if (original.chars().allMatch(c -> !Character.isLetter(c) || Character.isUpperCase(c))) {
            return replacement.toUpperCase(Locale.ROOT);
        }
        if (Character.isUpperCase(original.charAt(0))) {
            return IdentifierWords.capitalize(replacement);
        }
        return replacement;
    }

    private static boolean isVowel(char c) {
        return "aeiouAEIOU".indexOf(c) >= 0;
    }

    private static boolean isDigits(String s) {
        return s.chars().allMatch(Character::isDigit);
    }
}
