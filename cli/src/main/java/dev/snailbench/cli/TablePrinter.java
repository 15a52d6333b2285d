package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The command-line client's tables: an array of objects as aligned columns under upper-case headers. */
final class TablePrinter {

    private TablePrinter() {}

    static void print(PrintStream out, JsonNode rows, List<String> columns) {
        if (rows.isEmpty()) {
            out.println("(none)");
            return;
        }
        List<List<String>> lines = new ArrayList<>();
        lines.add(columns.stream().map(c -> c.toUpperCase(Locale.ROOT)).toList());
        rows.forEach(row -> lines.add(columns.stream()
                .map(c -> row.path(c).isNull() ? "" : row.path(c).asText())
                .toList()));
        int[] widths = new int[columns.size()];
        lines.forEach(line -> {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        });
        lines.forEach(line -> {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                // The last column (a name or a URL) is not padded, so long values do not push trailing blanks.
                sb.append(
                        i == widths.length - 1
                                ? line.get(i)
                                : String.format(Locale.ROOT, "%-" + widths[i] + "s  ", line.get(i)));
            }
            out.println(sb.toString().stripTrailing());
        });
    }
}
