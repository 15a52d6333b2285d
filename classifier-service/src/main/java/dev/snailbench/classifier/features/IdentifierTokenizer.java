package dev.snailbench.classifier.features;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a schema identifier into the words a reader would see: separators ({@code _}, {@code -}, space,
 * {@code .}, any other non-alphanumeric), camelCase and PascalCase humps, digit runs, and ALLCAPS runs
 * ({@code HTTPServer} → {@code HTTP}, {@code Server}; a plural acronym such as {@code IDs} stays whole).
 */
public final class IdentifierTokenizer {

    private IdentifierTokenizer() {}

    public static List<String> tokenize(String identifier) {
        List<String> tokens = new ArrayList<>(4);
        int n = identifier.length();
        int start = -1;
        for (int i = 0; i < n; i++) {
            char c = identifier.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                if (start >= 0) {
                    tokens.add(identifier.substring(start, i));
                    start = -1;
                }
                continue;
            }
            if (start < 0) {
                start = i;
                continue;
            }
            if (isBoundary(identifier, i)) {
                tokens.add(identifier.substring(start, i));
                start = i;
            }
        }
        if (start >= 0) {
            tokens.add(identifier.substring(start));
        }
        return tokens;
    }

    /** Whether a new token starts at {@code i}, given that {@code i - 1} is a letter or digit. */
    private static boolean isBoundary(String s, int i) {
        char prev = s.charAt(i - 1);
        char c = s.charAt(i);
        if (Character.isDigit(prev) != Character.isDigit(c)) {
            return true;
        }
        if (Character.isDigit(c)) {
            return false;
        }
        if (Character.isLowerCase(prev) && Character.isUpperCase(c)) {
            return true; // camelCase hump
        }
        if (Character.isUpperCase(prev)
                && Character.isUpperCase(c)
                && i + 1 < s.length()
                && Character.isLowerCase(s.charAt(i + 1))) {
            // End of an ALLCAPS run: "HTTPServer" splits before "Server", but "IDs" / "URLs" stay whole.
            boolean pluralAcronym =
                    s.charAt(i + 1) == 's' && (i + 2 == s.length() || !Character.isLowerCase(s.charAt(i + 2)));
            return !pluralAcronym;
        }
        return false;
    }
}
