package dev.snailbench.model.text;

import java.util.regex.Pattern;

/**
 * CSV cells that a spreadsheet opens as text, never as a formula: every CSV the platform writes passes each cell
 * through {@link #text}. A cell is a formula to Excel, LibreOffice or Google Sheets when its first character that is
 * not white space is {@code = + - @} (or their full-width forms), or when it starts with a tab or a carriage return;
 * such a cell gets a leading apostrophe. A plain number ({@code -1.5}, {@code +3e2}) stays a number.
 */
public final class SpreadsheetCells {

    private static final String FORMULA_STARTS = "=+-@\uFF1D\uFF0B\uFF0D\uFF20";
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    private SpreadsheetCells() {}

    /**
     * The cell as written: {@code value}, or {@code 'value} when a spreadsheet would read it as a formula (or when it
     * is apostrophes before such a value, so that {@link #value} gives back exactly what was written).
     */
    public static String text(String value) {
        return quoted(value) ? "'" + value : value;
    }

    /** The value {@link #text} wrote: one leading apostrophe removed where {@code text} adds one. */
    public static String value(String cell) {
        return cell.startsWith("'") && quoted(cell.substring(1)) ? cell.substring(1) : cell;
    }

    private static boolean quoted(String value) {
        int apostrophes = 0;
        while (apostrophes < value.length() && value.charAt(apostrophes) == '\'') {
            apostrophes++;
        }
        return formula(value.substring(apostrophes));
    }

    /** Whether a spreadsheet would read {@code value} as a formula. */
    public static boolean formula(String value) {
        if (value.isEmpty()) {
            return false;
        }
        char first = value.charAt(0);
        if (first == '\t' || first == '\r' || first == '\n') {
            return true;
        }
        int i = 0;
        while (i < value.length()
                && (Character.isWhitespace(value.charAt(i)) || Character.isSpaceChar(value.charAt(i)))) {
            i++;
        }
        return i < value.length()
                && FORMULA_STARTS.indexOf(value.charAt(i)) >= 0
                && !NUMBER.matcher(value).matches();
    }
}
