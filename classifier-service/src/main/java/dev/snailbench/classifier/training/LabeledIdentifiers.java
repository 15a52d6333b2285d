package dev.snailbench.classifier.training;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads a SNAILS naturalness split: CSV {@code identifier,label}, label in Regular / Low / Least. */
public final class LabeledIdentifiers {

    public static final Set<String> LABELS = Set.of("Regular", "Low", "Least");

    public record Row(String identifier, String label) {}

    private LabeledIdentifiers() {}

    public static List<Row> read(Path csv) {
        return read(csv, false);
    }

    /**
     * @param skipUnlabelled whether a row with an empty label is left out (the SNAILS classification file has a
     *                       few) rather than refused
     */
    public static List<Row> read(Path csv, boolean skipUnlabelled) {
        if (!Files.isRegularFile(csv)) {
            throw new IllegalStateException("naturalness data file " + csv.toAbsolutePath() + " does not exist "
                    + "(set snailbench.data-dir to the shared data folder)");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + csv, e);
        }
        if (lines.isEmpty() || !lines.get(0).trim().equals("identifier,label")) {
            throw new IllegalStateException(csv + ": expected header 'identifier,label'");
        }
        List<Row> rows = new ArrayList<>(lines.size());
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            // The label never contains a comma; the identifier might.
            int comma = line.lastIndexOf(',');
            String label = comma < 0 ? "" : line.substring(comma + 1).trim();
            if (skipUnlabelled && comma > 0 && label.isEmpty()) {
                continue;
            }
            if (comma <= 0 || !LABELS.contains(label)) {
                throw new IllegalStateException(csv + " line " + (i + 1) + ": expected 'identifier,label' with label "
                        + LABELS + ", got '" + line + "'");
            }
            rows.add(new Row(line.substring(0, comma), label));
        }
        return rows;
    }
}
