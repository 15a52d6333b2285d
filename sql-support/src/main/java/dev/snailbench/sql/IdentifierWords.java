package dev.snailbench.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits an identifier into word tokens (snake_case, camelCase, PascalCase, ALLCAPS runs, digits) and
 * remembers its style so a renamed identifier looks like the original.
 */
public record IdentifierWords(List<String> tokens, Style style) {

    public enum Style {
        SNAKE_LOWER,
        SNAKE_UPPER,
        UPPER,
        LOWER,
        PASCAL,
        CAMEL
    }

    public static IdentifierWords of(String identifier) {
        List<String> tokens = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean underscores =
                identifier.indexOf('_') >= 0 || identifier.indexOf(' ') >= 0 || identifier.indexOf('-') >= 0;
        for (int i = 0; i < identifier.length(); i++) {
            char c = identifier.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(tokens, cur);
                continue;
            }
            if (cur.length() > 0) {
                char prev = cur.charAt(cur.length() - 1);
                boolean boundary = (Character.isDigit(c) != Character.isDigit(prev))
                        || (Character.isUpperCase(c) && Character.isLowerCase(prev))
                        // "HTTPServer": the S starts a word when a lower-case letter follows it.
                        || (Character.isUpperCase(c)
                                && Character.isUpperCase(prev)
                                && i + 1 < identifier.length()
                                && Character.isLowerCase(identifier.charAt(i + 1)));
                if (boundary) {
                    flush(tokens, cur);
                }
            }
            cur.append(c);
        }
        flush(tokens, cur);
        boolean hasLower = identifier.chars().anyMatch(Character::isLowerCase);
        boolean hasUpper = identifier.chars().anyMatch(Character::isUpperCase);
        Style style;
        if (underscores) {
            style = hasUpper && !hasLower ? Style.SNAKE_UPPER : Style.SNAKE_LOWER;
        } else if (!hasLower) {
            style = Style.UPPER;
        } else if (!hasUpper) {
            style = Style.LOWER;
        } else {
            style = Character.isUpperCase(identifier.charAt(0)) ? Style.PASCAL : Style.CAMEL;
        }
        return new IdentifierWords(List.copyOf(tokens), style);
    }

    private static void flush(List<String> tokens, StringBuilder cur) {
        if (cur.length() > 0) {
            tokens.add(cur.toString());
            cur.setLength(0);
        }
    }

    /** Joins (possibly changed) tokens in this identifier's style. */
    public String join(List<String> parts) {
        List<String> p = parts.stream().filter(s -> !s.isEmpty()).toList();
        return switch (style) {
            case SNAKE_LOWER ->
                String.join("_", p.stream().map(s -> s.toLowerCase(Locale.ROOT)).toList());
            case SNAKE_UPPER ->
                String.join("_", p.stream().map(s -> s.toUpperCase(Locale.ROOT)).toList());
            case UPPER ->
                String.join("", p.stream().map(s -> s.toUpperCase(Locale.ROOT)).toList());
            case LOWER ->
                String.join("", p.stream().map(s -> s.toLowerCase(Locale.ROOT)).toList());
            case PASCAL ->
                String.join("", p.stream().map(IdentifierWords::capitalize).toList());
            case CAMEL -> {
                StringBuilder b = new StringBuilder();
                for (int i = 0; i < p.size(); i++) {
                    b.append(i == 0 ? p.get(i).toLowerCase(Locale.ROOT) : capitalize(p.get(i)));
                }
                yield b.toString();
            }
        };
    }

    /** "hOME" → "Home": first letter upper case, the rest lower case. */
    public static String capitalize(String s) {
        return s.isEmpty()
                ? s
                : Character.toUpperCase(s.charAt(0)) + s.substring(1).toLowerCase(Locale.ROOT);
    }
}
