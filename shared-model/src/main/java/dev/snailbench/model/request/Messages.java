package dev.snailbench.model.request;

/** Text put into a Bean Validation message as it is: a caller's value is never read as a message template. */
public final class Messages {

    private Messages() {}

    /** {@code text} with the characters Bean Validation interpolates ({@code { } $ \}) escaped. */
    public static String literal(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{' || c == '}' || c == '$' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }
}
