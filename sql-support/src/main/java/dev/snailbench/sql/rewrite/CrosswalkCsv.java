package dev.snailbench.sql.rewrite;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.text.SpreadsheetCells;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads and writes SNAILS crosswalk CSV: header {@code kind,identifier_native,native_level,regular,low,least},
 * RFC 4180 quoting (fields with commas, quotes or line breaks in double quotes, a quote doubled inside), LF line
 * ends on write, LF or CRLF on read; a field a spreadsheet would read as a formula is written with a leading
 * apostrophe, which reading removes ({@link SpreadsheetCells}). Writing what was read gives back the same bytes for the SNAILS files. The one
 * reader and writer of the format: the generator's import and export and the inference service's SNAILS schemas.
 */
public final class CrosswalkCsv {

    public static final String HEADER = "kind,identifier_native,native_level,regular,low,least";
    private static final int COLUMNS = 6;

    private CrosswalkCsv() {}

    /**
     * A CSV that is not a crosswalk. {@link #field()} says where: {@code line N} (1-based, header = line 1) and the
     * column's header name when one column is at fault ({@code line 3 kind}), or {@code body} for an empty text.
     */
    public static final class BadCsvException extends IllegalArgumentException {

        private final int line;
        private final String column;
        private final String problem;

        BadCsvException(int line, String column, String problem) {
            super(where(line, column) + ": " + problem);
            this.line = line;
            this.column = column;
            this.problem = problem;
        }

        /** 1-based line of the problem; 0 for an empty text. */
        public int line() {
            return line;
        }

        /** Header name of the column at fault, or null when the whole line is. */
        public String column() {
            return column;
        }

        public String field() {
            return where(line, column);
        }

        /** What is wrong, without the place. */
        public String problem() {
            return problem;
        }

        private static String where(int line, String column) {
            return line == 0 ? "body" : "line " + line + (column == null ? "" : " " + column);
        }
    }

    /** @throws BadCsvException naming the line (1-based, header = line 1) and column of the problem */
    public static List<CrosswalkEntry> parse(String csv) {
        if (csv == null || csv.isBlank()) {
            throw new BadCsvException(0, null, "empty crosswalk CSV (expected header " + HEADER + ")");
        }
        String text = csv.startsWith("\uFEFF") ? csv.substring(1) : csv;
        List<Integer> lines = new ArrayList<>();
        List<List<String>> records = records(text, lines);
        List<String> header = records.get(0).stream()
                .map(h -> h.trim().toLowerCase(Locale.ROOT))
                .toList();
        if (!String.join(",", header).equals(HEADER)) {
            throw new BadCsvException(
                    lines.get(0),
                    null,
                    "header must be '" + HEADER + "', got '" + String.join(",", records.get(0)) + "'");
        }
        List<CrosswalkEntry> rows = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < records.size(); i++) {
            List<String> r = records.get(i);
            int line = lines.get(i);
            if (r.size() != COLUMNS) {
                throw new BadCsvException(line, null, "expected " + COLUMNS + " fields, got " + r.size());
            }
            String kind = r.get(0).trim().toLowerCase(Locale.ROOT);
            if (!kind.equals(CrosswalkEntry.TABLE) && !kind.equals(CrosswalkEntry.COLUMN)) {
                throw new BadCsvException(line, "kind", "must be 'table' or 'column', got '" + r.get(0) + "'");
            }
            String[] names = {"identifier_native", "native_level", "regular", "low", "least"};
            for (int c = 1; c < COLUMNS; c++) {
                // native_level may be empty or UNK (as in SNAILS); the identifiers may not.
                if (c != 2 && r.get(c).isBlank()) {
                    throw new BadCsvException(line, names[c - 1], "must not be empty");
                }
            }
            if (!seen.add(kind + "\u0000" + r.get(1))) {
                throw new BadCsvException(line, "identifier_native", "duplicate " + kind + " '" + r.get(1) + "'");
            }
            rows.add(new CrosswalkEntry(
                    kind,
                    SpreadsheetCells.value(r.get(1)),
                    SpreadsheetCells.value(r.get(2)),
                    SpreadsheetCells.value(r.get(3)),
                    SpreadsheetCells.value(r.get(4)),
                    SpreadsheetCells.value(r.get(5))));
        }
        return rows;
    }

    public static String write(List<CrosswalkEntry> rows) {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (CrosswalkEntry r : rows) {
            out.append(field(r.kind()))
                    .append(',')
                    .append(field(r.nativeName()))
                    .append(',')
                    .append(field(r.nativeLevel() == null ? "" : r.nativeLevel()))
                    .append(',')
                    .append(field(r.regular()))
                    .append(',')
                    .append(field(r.low()))
                    .append(',')
                    .append(field(r.least()))
                    .append('\n');
        }
        return out.toString();
    }

    private static String field(String text) {
        String value = SpreadsheetCells.text(text);
        if (value.indexOf(',') >= 0
                || value.indexOf('"') >= 0
                || value.indexOf('\n') >= 0
                || value.indexOf('\r') >= 0) {
            return '"' + value.replace("\"", "\"\"") + '"';
        }
        return value;
    }

    /** Records with the line each starts on (a quoted field may span lines; blank lines are skipped). */
    private static List<List<String>> records(String text, List<Integer> startLines) {
        List<List<String>> records = new ArrayList<>();
        List<String> current = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int line = 1;
        int start = 1;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quoted) {
                if (ch == '\n') {
                    line++;
                }
                if (ch == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(ch);
                }
            } else if (ch == '"') {
                if (field.length() > 0) {
                    throw new BadCsvException(line, null, "quote inside an unquoted field");
                }
                quoted = true;
            } else if (ch == ',') {
                current.add(field.toString());
                field.setLength(0);
            } else if (ch == '\n' || ch == '\r') {
                if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                current.add(field.toString());
                field.setLength(0);
                if (!(current.size() == 1 && current.get(0).isEmpty())) {
                    records.add(current);
                    startLines.add(start);
                }
                current = new ArrayList<>();
                line++;
                start = line;
            } else {
                field.append(ch);
            }
        }
        if (quoted) {
            throw new BadCsvException(start, null, "unterminated quoted field");
        }
        if (field.length() > 0 || !current.isEmpty()) {
            current.add(field.toString());
            records.add(current);
            startLines.add(start);
        }
        if (records.isEmpty()) {
            throw new BadCsvException(0, null, "empty crosswalk CSV (expected header " + HEADER + ")");
        }
        return records;
    }
}
