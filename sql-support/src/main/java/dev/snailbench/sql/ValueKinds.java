package dev.snailbench.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The kind of values a column holds, read from its sample values with no model (the Schema-Refiner's homonym
 * evidence and the synthetic generator's value checks share it): for text the form its values are
 * written in (e-mail or web address, code, proper names, lower-case words, numbers as text) with their usual word
 * count or code length, for numbers whole or fractional and their order of magnitude. Two columns of one name hold
 * one attribute when their kinds agree (people's names in several tables) and differ in meaning when they do not
 * (a station's three-letter code and a fare's code word, a station's name and a person's).
 */
public final class ValueKinds {

    /** Fewest sample values a column needs for its kind to be read. */
    public static final int MIN_VALUES = 3;

    /** Share of the values one form must hold to be the column's form. */
    public static final double DOMINANT = 2.0 / 3;

    public enum Form {
        ADDRESS,
        CODE,
        PROPER_NAMES,
        WORDS,
        NUMERIC_TEXT,
        MIXED
    }

    /** A column's kind: its form and the form's size (words per value, a code's length, a number's magnitude). */
    public record Kind(String family, Form form, int size, boolean whole) {

        public String describe() {
            return switch (form) {
                case ADDRESS -> "addresses";
                case CODE -> "codes of " + size + " characters";
                case PROPER_NAMES -> "proper names of " + size + (size == 1 ? " word" : " words");
                case WORDS -> "lower-case text of " + size + (size == 1 ? " word" : " words");
                case NUMERIC_TEXT -> "numbers written as text";
                case MIXED ->
                    family.equals("number")
                            ? (whole ? "whole" : "fractional") + " numbers of magnitude 1e" + size
                            : family.equals("time") ? "dates and times" : "text of mixed forms";
            };
        }
    }

    private ValueKinds() {}

    /**
     * The kind of a column's {@code samples}, or null when it has fewer than {@link #MIN_VALUES} of them.
     *
     * @param family the column type's family: {@code number} (numbers and booleans), {@code time} or {@code text}
     */
    public static Kind of(String family, List<String> samples) {
        List<String> values = samples.stream()
                .filter(v -> v != null)
                .map(String::trim)
                .filter(v -> !v.isEmpty())
                .toList();
        if (values.size() < MIN_VALUES) {
            return null;
        }
        if (family.equals("time")) {
            return new Kind(family, Form.MIXED, 0, true);
        }
        if (family.equals("number")) {
            return number(family, values);
        }
        Map<Form, List<String>> byForm = new EnumMap<>(Form.class);
        values.forEach(
                v -> byForm.computeIfAbsent(form(v), f -> new ArrayList<>()).add(v));
        for (Map.Entry<Form, List<String>> e : byForm.entrySet()) {
            if (e.getValue().size() >= DOMINANT * values.size()) {
                List<String> held = e.getValue();
                int size = switch (e.getKey()) {
                    case CODE -> median(held.stream().map(String::length).toList());
                    case PROPER_NAMES, WORDS ->
                        Math.min(
                                3,
                                median(held.stream()
                                        .map(v -> v.split("\\s+").length)
                                        .toList()));
                    default -> 0;
                };
                return new Kind(family, e.getKey(), size, true);
            }
        }
        return new Kind(family, Form.MIXED, 0, true);
    }

    /**
     * Whether two kinds are one: the same form and size, codes within one character of each other's length,
     * numbers both whole or both fractional within one order of magnitude.
     */
    public static boolean same(Kind a, Kind b) {
        if (!a.family().equals(b.family()) || a.form() != b.form()) {
            return false;
        }
        if (a.family().equals("number")) {
            return a.whole() == b.whole() && Math.abs(a.size() - b.size()) <= 1;
        }
        return a.form() == Form.CODE ? Math.abs(a.size() - b.size()) <= 1 : a.size() == b.size();
    }

    private static Kind number(String family, List<String> values) {
        List<Integer> magnitudes = new ArrayList<>();
        boolean whole = true;
        for (String v : values) {
            BigDecimal d;
            try {
                d = new BigDecimal(v);
            } catch (NumberFormatException e) {
                return new Kind(family, Form.MIXED, 0, true); // booleans and the like: no scale to compare
            }
            whole &= d.stripTrailingZeros().scale() <= 0;
            double abs = Math.abs(d.doubleValue());
            magnitudes.add(abs < 1 ? 0 : (int) Math.floor(Math.log10(abs)));
        }
        return new Kind(family, Form.MIXED, median(magnitudes), whole);
    }

    /** How one text value is written. */
    public static Form form(String v) {
        if (v.contains("@") || v.contains("://") || v.startsWith("www.")) {
            return Form.ADDRESS;
        }
        if (v.chars().noneMatch(Character::isLetter)) {
            return Form.NUMERIC_TEXT;
        }
        String[] words = v.split("\\s+");
        if (words.length == 1 && v.length() <= 12 && v.chars().noneMatch(Character::isLowerCase)) {
            return Form.CODE;
        }
        boolean proper = true;
        boolean lower = true;
        for (String w : words) {
            int first = w.codePointAt(0);
            proper &= Character.isUpperCase(first) || Character.isDigit(first);
            lower &= w.chars().noneMatch(Character::isUpperCase);
        }
        if (proper && v.chars().anyMatch(Character::isLowerCase)) {
            return Form.PROPER_NAMES;
        }
        return lower ? Form.WORDS : Form.MIXED;
    }

    private static int median(List<Integer> xs) {
        List<Integer> sorted = xs.stream().sorted().toList();
        return sorted.get((sorted.size() - 1) / 2);
    }
}
