package dev.snailbench.sql.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a seed's {@code LIKE} value is made of, and a new value of the same kind: a whole cell ({@code '%FC Sion%'}
 * for the club FC Sion), whole words inside longer cells ({@code '%penalties%'} in "won on penalties (1 - 3)"), or
 * part of a word. A word slot takes words, never a whole cell ("Bulgaria win on penalties (1 - 3)" matches one row
 * and reads as no keyword), and never punctuation, a number or a word too common to name anything.
 */
public final class LikeFragments {

    /** The kinds of LIKE value. */
    public enum Kind {
        /** The value is a whole cell of the column. */
        WHOLE,
        /** The value is {@link Shape#words()} whole words of a longer cell. */
        WORDS,
        /** The value is part of a word. */
        PART
    }

    /** The seed value's kind and its number of words (for WORDS) or letters (for PART). */
    public record Shape(Kind kind, int size) {}

    private static final Pattern WORD = Pattern.compile("\\p{L}[\\p{L}'’.-]*\\p{L}|\\p{L}");
    private static final Set<String> COMMON = Set.of(
            "a", "an", "the", "of", "on", "in", "at", "by", "to", "for", "and", "or", "with", "from", "de", "la", "le",
            "el", "del", "da", "do", "van", "von", "der", "di", "y", "is", "was", "after", "before", "than", "as");

    private LikeFragments() {}

    /**
     * The kind of {@code value} read against {@code cells}, the column's cells the seed's pattern matches: WHOLE when
     * one of them is the value itself (any letter case), WORDS when the value is whole words of one, else PART.
     */
    public static Shape of(String value, List<String> cells) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        List<String> words = words(v);
        boolean whole = false;
        boolean wordsOf = false;
        for (String cell : cells) {
            String c = cell == null ? "" : cell.trim().toLowerCase(Locale.ROOT);
            if (c.equals(v)) {
                whole = true;
            } else if (Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(v) + "(?![\\p{L}\\p{N}])")
                    .matcher(c)
                    .find()) {
                wordsOf = true;
            }
        }
        if (whole || cells.isEmpty()) {
            return new Shape(Kind.WHOLE, words.size());
        }
        return wordsOf && !words.isEmpty() ? new Shape(Kind.WORDS, words.size()) : new Shape(Kind.PART, v.length());
    }

    /**
     * A value of {@code shape} taken from {@code cell}, or null when the cell has none: the cell itself for WHOLE; a
     * run of as many consecutive words, not the whole cell and not all common words, for WORDS; a piece of a word of
     * as many letters for PART.
     */
    public static String fragment(Shape shape, String cell, Random random) {
        if (cell == null || cell.isBlank()) {
            return null;
        }
        if (shape.kind() == Kind.WHOLE) {
            return cell.trim();
        }
        List<String> tokens = tokens(cell);
        if (shape.kind() == Kind.WORDS) {
            int n = Math.max(1, shape.size());
            List<String> runs = new ArrayList<>();
            for (int i = 0; i + n <= tokens.size(); i++) {
                List<String> run = tokens.subList(i, i + n);
                String joined = String.join(" ", run);
                boolean allWords = run.stream().allMatch(t -> WORD.matcher(t).matches());
                boolean named =
                        run.stream().anyMatch(t -> t.length() >= 3 && !COMMON.contains(t.toLowerCase(Locale.ROOT)));
                if (allWords
                        && named
                        && !joined.equalsIgnoreCase(cell.trim())
                        && cell.toLowerCase(Locale.ROOT).contains(joined.toLowerCase(Locale.ROOT))) {
                    runs.add(joined);
                }
            }
            return runs.isEmpty() ? null : runs.get(random.nextInt(runs.size()));
        }
        int n = Math.max(3, shape.size());
        List<String> pieces = new ArrayList<>();
        for (String t : tokens) {
            if (WORD.matcher(t).matches() && t.length() > n) {
                for (int i = 0; i + n <= t.length(); i++) {
                    pieces.add(t.substring(i, i + n));
                }
            }
        }
        return pieces.isEmpty() ? null : pieces.get(random.nextInt(pieces.size()));
    }

    /** How many of {@code cells} contain {@code value} (any letter case), as a LIKE '%value%' would match. */
    public static long matches(String value, List<String> cells) {
        String v = value.toLowerCase(Locale.ROOT);
        return cells.stream()
                .filter(c -> c != null && c.toLowerCase(Locale.ROOT).contains(v))
                .count();
    }

    private static List<String> words(String text) {
        return tokens(text).stream().filter(t -> WORD.matcher(t).matches()).toList();
    }

    private static List<String> tokens(String text) {
        return List.of(text.trim().split("\\s+"));
    }
}
