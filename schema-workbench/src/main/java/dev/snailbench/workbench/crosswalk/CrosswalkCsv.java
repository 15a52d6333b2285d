package dev.snailbench.workbench.crosswalk;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.InvalidInput;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads and writes SNAILS crosswalk CSV: header {@code kind,identifier_native,native_level,regular,low,least},
 * RFC 4180 quoting, LF line ends. Writing what was read gives back the same bytes for the SNAILS files.
 */
public final class CrosswalkCsv {

    public static final String HEADER = "kind,identifier_native,native_level,regular,low,least";
    private static final int COLUMNS = 6;

    private CrosswalkCsv() {
    }

    /** @throws InvalidInput naming the line (1-based, header = line 1) and column of the problem */
    public static List<CrosswalkRow> parse(String csv) {
        if (csv == null || csv.isBlank()) {
            throw InvalidInput.of("body", "empty crosswalk CSV (expected header " + HEADER + ")");
        }
        String text = csv.startsWith("\uFEFF") ? csv.substring(1) : csv;
        List<List<String>> records = records(text);
        List<String> header = records.get(0).stream().map(h -> h.trim().toLowerCase(Locale.ROOT)).toList();
        if (!String.join(",", header).equals(HEADER)) {
            throw InvalidInput.of("line 1", "header must be '" + HEADER + "', got '"
                    + String.join(",", records.get(0)) + "'");
        }
        List<CrosswalkRow> rows = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < records.size(); i++) {
            List<String> r = records.get(i);
            String line = "line " + (i + 1);
            if (r.size() != COLUMNS) {
                throw InvalidInput.of(line, "expected " + COLUMNS + " fields, got " + r.size());
            }
            String kind = r.get(0).trim().toLowerCase(Locale.ROOT);
            if (!kind.equals(CrosswalkRow.TABLE) && !kind.equals(CrosswalkRow.COLUMN)) {
                throw InvalidInput.of(line + " kind", "must be 'table' or 'column', got '" + r.get(0) + "'");
            }
            String[] names = {"identifier_native", "native_level", "regular", "low", "least"};
            for (int c = 1; c < COLUMNS; c++) {
                // native_level may be empty or UNK (as in SNAILS); the identifiers may not.
                if (c != 2 && r.get(c).isBlank()) {
                    throw InvalidInput.of(line + " " + names[c - 1], "must not be empty");
                }
            }
            if (!seen.add(kind + "\u0000" + r.get(1))) {
                throw InvalidInput.of(line + " identifier_native", "duplicate " + kind + " '" + r.get(1) + "'");
            }
            rows.add(new CrosswalkRow(kind, r.get(1), r.get(2), r.get(3), r.get(4), r.get(5)));
        }
        return rows;
    }

    public static String write(List<CrosswalkRow> rows) {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (CrosswalkRow r : rows) {
            out.append(field(r.kind())).append(',').append(field(r.identifierNative())).append(',')
                    .append(field(r.nativeLevel() == null ? "" : r.nativeLevel())).append(',')
                    .append(field(r.regular())).append(',').append(field(r.low())).append(',')
                    .append(field(r.least())).append('\n');
        }
        return out.toString();
    }

    private static String field(String value) {
        if (value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\n') >= 0
                || value.indexOf('\r') >= 0) {
            return '"' + value.replace("\"", "\"\"") + '"';
        }
        return value;
    }

    private static List<List<String>> records(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> current = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int line = 1;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quoted) {
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
                    throw InvalidInput.of("line " + line, "quote inside an unquoted field");
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
                }
                current = new ArrayList<>();
                line++;
            } else {
                field.append(ch);
            }
        }
        if (quoted) {
            throw InvalidInput.of("line " + line, "unterminated quoted field");
        }
        if (field.length() > 0 || !current.isEmpty()) {
            current.add(field.toString());
            records.add(current);
        }
        if (records.isEmpty()) {
            throw InvalidInput.of("body", "empty crosswalk CSV (expected header " + HEADER + ")");
        }
        return records;
    }
}
