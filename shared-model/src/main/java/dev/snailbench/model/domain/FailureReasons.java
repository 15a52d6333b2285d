package dev.snailbench.model.domain;

import java.util.regex.Pattern;

/**
 * Why an item failed, as one line a person can group by: the side that failed ({@code gold failed}, {@code predicted
 * failed}, {@code inference failed}), the status and SQLSTATE, and the database's message without what differs from
 * one query to the next (the server's {@code Position:}) or spreads it over several lines. The scorer writes reasons
 * this way; the generator's {@code topReasons}, the reports, the CLI and the web UI count them by {@link #group}.
 */
public final class FailureReasons {

    /** The sides a reason names, in the order the scorer writes them ({@code gold failed: …; predicted failed: …}). */
    static final Pattern NEXT_SIDE = Pattern.compile(" ?; (?=(?:gold|predicted|inference) failed: )");

    /**
     * pgjdbc's {@code Position: 15} and {@code Internal Position: 3} lines (where in the query the server stopped) and
     * its {@code Location: File: …} line (the server's source file), which differ between queries of the same error.
     */
    private static final Pattern POSITION =
            Pattern.compile("\\s*(?:Internal )?Position: \\d+|\\s*Location: File: [^\\n]*");

    /** The server's severity at the start of its message ({@code ERROR: relation …}): the status says it already. */
    private static final Pattern SEVERITY = Pattern.compile("^(?:ERROR|FATAL|PANIC): ");

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private FailureReasons() {}

    /**
     * A database's (or a model's) message on one line: the severity prefix, {@code Position:} and the server's
     * source location removed, every run of whitespace and line breaks one space. Null stays null.
     */
    public static String oneLine(String message) {
        if (message == null) {
            return null;
        }
        String text = POSITION.matcher(message).replaceAll(" ");
        text = WHITESPACE.matcher(text).replaceAll(" ").strip();
        return SEVERITY.matcher(text).replaceFirst("");
    }

    /**
     * The group an item's reason is counted in: its first side's clause (an item whose gold and prediction both
     * failed counts with the gold's failures, which alone keep it from being compared), on one line and without the
     * server's {@code Position:}.
     */
    public static String group(String reason) {
        if (reason == null) {
            return null;
        }
        String line = WHITESPACE
                .matcher(POSITION.matcher(reason).replaceAll(" "))
                .replaceAll(" ")
                .strip();
        return NEXT_SIDE.split(line, 2)[0].strip();
    }
}
