package dev.snailbench.datasets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * jf87/FootballDB to {@code footballdb/}: per data model {@code vN/db/*.sql} (the dumps as published, without
 * {@code match_fact.sql}, which is too large for the data folder), {@code vN/dev.json} (the 100-question test set,
 * the same in every split folder), {@code vN/train.json} (the largest training split) and
 * {@code predictions/gpt-3.5-turbo_30shot_vN.json}: gpt-3.5-turbo's SQL with 30 examples, first of the authors'
 * three runs ({@code run} 0 of {@code data/results/GPT-3.5/GPT-3.5_s-exp_vN-30.csv}).
 */
final class FootballDbConversion implements Conversion {

    private static final String SKIPPED_DUMP = "match_fact.sql";

    @Override
    public List<String> convert(Path checkout, Path out) throws IOException {
        Path source = checkout.resolve("data/FootballDB");
        FootballDbFiles written = new FootballDbFiles(out);
        for (String v : FootballDbFiles.VERSIONS) {
            Path dumps = Conversion.require(source.resolve(v).resolve("db"));
            Path dbOut = Files.createDirectories(written.dumps(v));
            try (Stream<Path> files = Files.list(dumps)) {
                for (Path dump : files.filter(p -> p.getFileName().toString().endsWith(".sql"))
                        .sorted()
                        .toList()) {
                    if (!dump.getFileName().toString().equals(SKIPPED_DUMP)) {
                        Files.copy(dump, dbOut.resolve(dump.getFileName().toString()));
                    }
                }
            }
            Files.copy(split(source.resolve(v), "dev.json", false), written.devQuestions(v));
            Files.copy(split(source.resolve(v), "train.json", true), written.trainingQuestions(v));
            Path predictions = written.predictions(v);
            Files.createDirectories(predictions.getParent());
            Path csv = Conversion.require(checkout.resolve("data/results/GPT-3.5/GPT-3.5_s-exp_" + v + "-30.csv"));
            Files.writeString(
                    predictions,
                    PyJson.dumps(firstRun(Files.readString(csv, StandardCharsets.UTF_8), csv), 1),
                    StandardCharsets.UTF_8);
        }
        return List.of("footballdb/load.sh is not written: the platform loads the dumps itself "
                + "(local-stack FootballDb, ./snailbench up --footballdb)");
    }

    /**
     * The split folders are named by training-set size (100, 200, 300, 859); the dev set is the same in each, the
     * training set wanted is the largest.
     */
    private static Path split(Path version, String file, boolean largest) throws IOException {
        Comparator<Path> bySize =
                Comparator.comparingInt(p -> Integer.parseInt(p.getFileName().toString()));
        try (Stream<Path> dirs = Files.list(version)) {
            List<Path> sized = dirs.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .filter(p -> Files.isRegularFile(p.resolve(file)))
                    .sorted(bySize)
                    .toList();
            Optional<Path> pick = sized.isEmpty()
                    ? Optional.empty()
                    : Optional.of(largest ? sized.get(sized.size() - 1) : sized.get(0));
            return pick.map(p -> p.resolve(file))
                    .orElseThrow(() -> new IOException("no " + file + " in any split folder of " + version));
        }
    }

    /** The rows of the first run, in the file's order, as {@code id, question, predicted_sql}. */
    static List<Map<String, Object>> firstRun(String csvText, Path csv) throws IOException {
        List<List<String>> rows = Csv.parse(csvText);
        if (rows.isEmpty()) {
            throw new IOException(csv + " is empty");
        }
        List<String> header = rows.get(0);
        int id = column(header, "id", csv);
        int question = column(header, "question", csv);
        int prediction = column(header, "prediction", csv);
        int run = column(header, "run", csv);
        double first = rows.stream()
                .skip(1)
                .mapToDouble(r -> Double.parseDouble(r.get(run)))
                .min()
                .orElse(0);
        List<Map<String, Object>> out = new ArrayList<>();
        for (List<String> r : rows.subList(1, rows.size())) {
            if (Double.parseDouble(r.get(run)) == first) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("id", (long) Double.parseDouble(r.get(id)));
                item.put("question", r.get(question));
                item.put("predicted_sql", r.get(prediction));
                out.add(item);
            }
        }
        return out;
    }

    private static int column(List<String> header, String name, Path csv) throws IOException {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new IOException(csv + " has no column " + name);
        }
        return i;
    }
}
