package dev.snailbench.datasets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * KyleLuoma/SNAILS to {@code snails/}. Written: {@code naturalness/train.csv} and {@code validation.csv} (the
 * {@code canine2} split, rows as in the source, levels named), {@code crosswalks/<database>.csv} (one row per
 * distinct identifier per kind), {@code naturalness_classifications.csv} (without the identifiers of the
 * withheld test split, compared case-insensitively), {@code schema/} ({@link SnailsSchemas}) and {@code nl_sql/}
 * from the repository's question/query pairs ({@link SnailsQuestions}: ids, questions and native gold, without the
 * per-level gold that only the NL-SQL pairs zip holds; it says so for each field {@code nl_sql/} lacks) and
 * {@code predictions/gpt-3.5-turbo.jsonl} from the authors' annotated evaluation workbooks
 * ({@link SnailsPredictions}; a reading of their code, not checked against the real workbooks, which it says).
 */
final class SnailsConversion implements Conversion {

    static final String CANINE2 = "data/classifier-training-data/canine2";
    static final String CROSSWALKS = "SNAILS_Artifacts/naturalness_modified_identifiers/SNAILS_schema_crosswalks/csv";
    static final String CLASSIFICATIONS =
            "SNAILS_Artifacts/naturalness_classifications/SNAILS_database_naturalness_classifications.csv";
    private static final String CROSSWALK_SUFFIX = "-consolidated-xwalk.csv";

    @Override
    public List<String> convert(Path checkout, Path out) throws IOException {
        Path naturalness = Files.createDirectories(out.resolve("naturalness"));
        for (String split : List.of("train", "validation")) {
            List<List<String>> rows = read(checkout.resolve(CANINE2).resolve(split + ".csv"));
            StringBuilder sb = new StringBuilder(Csv.line(List.of("identifier", "label")));
            int text = column(rows, "text");
            int category = column(rows, "category");
            for (List<String> r : rows.subList(1, rows.size())) {
                sb.append(Csv.line(List.of(r.get(text), Levels.name(r.get(category)))));
            }
            Files.writeString(naturalness.resolve(split + ".csv"), sb, StandardCharsets.UTF_8);
        }
        writeClassifications(checkout, out);
        writeCrosswalks(checkout, Files.createDirectories(out.resolve("crosswalks")));
        SnailsSchemas.write(checkout, out.resolve("schema"));
        List<String> missing = new ArrayList<>(SnailsQuestions.write(checkout, out.resolve("nl_sql")));
        SnailsPredictions.write(checkout, out, SnailsQuestions.ids(out.resolve("nl_sql")));
        return missing;
    }

    @Override
    public List<String> caveats() {
        return List.of(SnailsPredictions.UNVERIFIED);
    }

    private static void writeClassifications(Path checkout, Path out) throws IOException {
        List<List<String>> test = read(checkout.resolve(CANINE2).resolve("test.csv"));
        int text = column(test, "text");
        Set<String> withheld = new HashSet<>();
        for (List<String> r : test.subList(1, test.size())) {
            withheld.add(r.get(text).toLowerCase(Locale.ROOT));
        }
        List<List<String>> rows = read(checkout.resolve(CLASSIFICATIONS));
        int identifier = column(rows, "IDENTIFIER");
        int score = column(rows, "SCORE");
        StringBuilder sb = new StringBuilder(Csv.line(List.of("identifier", "label")));
        for (List<String> r : rows.subList(1, rows.size())) {
            String id = r.get(identifier);
            if (!withheld.contains(id.toLowerCase(Locale.ROOT))) {
                sb.append(Csv.line(List.of(id, Levels.name(score < r.size() ? r.get(score) : ""))));
            }
        }
        Files.writeString(out.resolve("naturalness_classifications.csv"), sb, StandardCharsets.UTF_8);
    }

    private static void writeCrosswalks(Path checkout, Path out) throws IOException {
        Path dir = Conversion.require(checkout.resolve(CROSSWALKS));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(CROSSWALK_SUFFIX))
                    .sorted()
                    .toList();
        }
        if (files.isEmpty()) {
            throw new IOException("no crosswalk CSV in " + dir);
        }
        for (Path f : files) {
            String name = f.getFileName().toString();
            String database = name.substring(0, name.length() - CROSSWALK_SUFFIX.length());
            List<List<String>> rows = read(f);
            int kind = column(rows, "table_or_column");
            int nativeId = column(rows, "native_identifier");
            int level = column(rows, "native_naturalness");
            int n1 = column(rows, "N1_identifier");
            int n2 = column(rows, "N2_identifier");
            int n3 = column(rows, "N3_identifier");
            StringBuilder sb = new StringBuilder(
                    Csv.line(List.of("kind", "identifier_native", "native_level", "regular", "low", "least")));
            Set<String> seen = new HashSet<>();
            for (List<String> r : rows.subList(1, rows.size())) {
                // The consolidated crosswalks repeat some identifiers; the platform reads one row per name and kind.
                if (seen.add(r.get(kind) + "\u0000" + r.get(nativeId))) {
                    sb.append(Csv.line(List.of(
                            r.get(kind), r.get(nativeId), Levels.name(r.get(level)), r.get(n1), r.get(n2), r.get(n3))));
                }
            }
            Files.writeString(out.resolve(database + ".csv"), sb, StandardCharsets.UTF_8);
        }
    }

    private static List<List<String>> read(Path csv) throws IOException {
        List<List<String>> rows = Csv.parse(Files.readString(Conversion.require(csv), StandardCharsets.UTF_8));
        if (rows.isEmpty()) {
            throw new IOException(csv + " is empty");
        }
        return rows;
    }

    private static int column(List<List<String>> rows, String name) throws IOException {
        int i = rows.get(0).indexOf(name);
        if (i < 0) {
            throw new IOException("no column " + name + " in " + rows.get(0));
        }
        return i;
    }
}
