package dev.snailbench.model.request;

import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON path of a request's field as a caller writes it ({@code questions[3].goldSql}, {@code counts.join}), from
 * Bean Validation's path, and in the order a person reads such paths: the services' 400s and the command-line
 * client's checks name fields alike.
 */
public final class RequestPaths {

    private static final Pattern INDEX = Pattern.compile("\\[(\\d+)]");

    private RequestPaths() {}

    /**
     * {@code questions[3].goldSql} from Bean Validation's path: method and parameter nodes left out (a resource
     * method's body is the document itself), list elements by index, map entries by key; "" for the document.
     */
    public static String of(Path path) {
        StringBuilder out = new StringBuilder();
        for (Path.Node node : path) {
            ElementKind kind = node.getKind();
            if (kind == ElementKind.METHOD
                    || kind == ElementKind.CONSTRUCTOR
                    || kind == ElementKind.PARAMETER
                    || kind == ElementKind.CROSS_PARAMETER
                    || kind == ElementKind.RETURN_VALUE) {
                continue;
            }
            if (node.isInIterable()) {
                if (node.getIndex() != null) {
                    out.append('[').append(node.getIndex()).append(']');
                } else if (node.getKey() != null) {
                    out.append('.').append(node.getKey());
                }
            }
            if ((kind == ElementKind.PROPERTY || kind == ElementKind.BEAN) && node.getName() != null) {
                out.append('.').append(node.getName());
            }
        }
        return out.length() > 0 && out.charAt(0) == '.' ? out.substring(1) : out.toString();
    }

    /** The path with its indices padded, so that {@code questions[10]} sorts after {@code questions[9]}. */
    public static String sortable(String path) {
        Matcher m = INDEX.matcher(path);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(
                    out, "[" + "0".repeat(Math.max(0, 10 - m.group(1).length())) + m.group(1) + "]");
        }
        m.appendTail(out);
        return out.toString();
    }
}
