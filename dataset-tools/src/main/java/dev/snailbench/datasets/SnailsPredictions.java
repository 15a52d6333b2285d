package dev.snailbench.datasets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * gpt-3.5-turbo's recorded answers from the SNAILS authors' annotated evaluation workbooks
 * ({@code data/nl-to-sql_performance_annotations/<query set>-<L>-<L>-gpt-3.5-turbo-evaluation-<MM-DD-YYYY>.xlsx},
 * L one of NATIVE, N1, N2, N3) to {@code predictions/gpt-3.5-turbo.jsonl}.
 *
 * <p>What the layout rests on, all read in the repository's code (the workbooks themselves are binary and could
 * not be compared with the data folder's copy): {@code src/end_to_end_data_prep_and_prediction.py} names the files
 * as above (query set = database, or {@code SBODemoUS-<module>}) and writes one row per question with
 * {@code number}, {@code query_predicted} (the answer already mapped back to native names) and
 * {@code query_predicted_on_naturalized_schema} (the model's answer against the level's names, which is what the
 * data folder keeps), and {@code col_naturalness_modifier}; {@code src/query_manual_evaluation.py} re-saves the
 * reviewed rows with an unnamed index column in front; {@code src/util/load_consolidated_results.py} reads every
 * such workbook's first sheet by column name, skipping names with {@code ~} (Excel's lock files). N4 workbooks (a
 * level the data folder does not have) and query sets that are not SNAILS questions (Spider's) are skipped.
 *
 * <p>Anything else is refused rather than guessed: two workbooks for one query set and level, a missing column,
 * a row without a number or an answer, a row naming a question the question pairs do not have, and a question
 * without an answer at one of the four levels.
 */
final class SnailsPredictions {

    static final String DIR = "data/nl-to-sql_performance_annotations";
    static final String MODEL = "gpt-3.5-turbo";
    static final String OUT = "predictions/" + MODEL + ".jsonl";
    static final String ANSWER = "query_predicted_on_naturalized_schema";
    /** Said on every fetch: nobody has compared the output with the data folder's copy (see the class comment). */
    static final String UNVERIFIED = "snails/" + OUT + " was converted from the authors' annotation workbooks as "
            + "their code describes them; the conversion was not checked against the real workbooks, so compare the "
            + "file with a known copy (sha256) before relying on it";

    private static final Pattern NAME = Pattern.compile(
            "(.+)-(NATIVE|N[1-4])-\\2-" + Pattern.quote(MODEL) + "-evaluation-\\d{2}-\\d{2}-\\d{4}(?:_\\d+)?\\.xlsx");
    private static final Map<String, String> LEVELS =
            Map.of("NATIVE", "Native", "N1", "Regular", "N2", "Low", "N3", "Least");

    private SnailsPredictions() {}

    /**
     * Writes {@code out/predictions/gpt-3.5-turbo.jsonl}, one answer per question in {@code questionIds} (the
     * {@code <query set>:<number>} ids of {@code nl_sql/}) and level.
     */
    static void write(Path checkout, Path out, Set<String> questionIds) throws IOException {
        Map<String, Path> workbooks = workbooks(Conversion.require(checkout.resolve(DIR)), questionIds);
        List<Map<String, Object>> rows = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        for (Map.Entry<String, Path> e : workbooks.entrySet()) {
            String querySet = e.getKey().substring(0, e.getKey().lastIndexOf('|'));
            String code = e.getKey().substring(querySet.length() + 1);
            for (Map<String, Object> row : read(e.getValue(), querySet, code, questionIds)) {
                String previous = seen.put(
                        row.get("id") + " at " + row.get("level"),
                        e.getValue().getFileName().toString());
                if (previous != null) {
                    throw new IOException(
                            DIR + "/" + e.getValue().getFileName() + " answers " + row.get("id") + " twice");
                }
                rows.add(row);
            }
        }
        requireEveryAnswer(seen, questionIds);
        // The data folder's order: database, question number, level name, id.
        rows.sort(Comparator.comparing((Map<String, Object> r) -> (String) r.get("database"))
                .thenComparing(r -> (Integer) r.get("number"))
                .thenComparing(r -> (String) r.get("level"))
                .thenComparing(r -> (String) r.get("id")));
        StringBuilder sb = new StringBuilder();
        for (Map<String, Object> row : rows) {
            sb.append(PyJson.inline(row)).append('\n');
        }
        Path file = out.resolve(OUT);
        Files.createDirectories(file.getParent());
        Files.writeString(file, sb, StandardCharsets.UTF_8);
    }

    /** The gpt-3.5-turbo workbook of each SNAILS query set and level ({@code <query set>|<level code>}). */
    private static Map<String, Path> workbooks(Path dir, Set<String> questionIds) throws IOException {
        Set<String> querySets = new HashSet<>();
        questionIds.forEach(id -> querySets.add(id.substring(0, id.lastIndexOf(':'))));
        Map<String, Path> out = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path f : files) {
            String name = f.getFileName().toString();
            Matcher m = NAME.matcher(name);
            if (name.contains("~")
                    || !m.matches()
                    || !LEVELS.containsKey(m.group(2))
                    || !querySets.contains(m.group(1))) {
                continue;
            }
            Path other = out.put(m.group(1) + "|" + m.group(2), f);
            if (other != null) {
                throw new IOException(DIR + " has two " + MODEL + " workbooks for " + m.group(1) + " at " + m.group(2)
                        + " (" + other.getFileName() + " and " + name + "); which one the data folder used is unknown");
            }
        }
        for (String querySet : new TreeSet<>(querySets)) {
            for (String code : List.of("NATIVE", "N1", "N2", "N3")) {
                if (!out.containsKey(querySet + "|" + code)) {
                    throw new IOException(DIR + " has no " + querySet + "-" + code + "-" + code + "-" + MODEL
                            + "-evaluation-<date>.xlsx (gpt-3.5-turbo's answers for " + querySet + " at "
                            + LEVELS.get(code) + ")");
                }
            }
        }
        return out;
    }

    private static List<Map<String, Object>> read(Path workbook, String querySet, String code, Set<String> questionIds)
            throws IOException {
        String where = DIR + "/" + workbook.getFileName();
        List<List<String>> sheet;
        try {
            sheet = Xlsx.firstSheet(workbook);
        } catch (IOException e) {
            throw new IOException(where + " " + e.getMessage());
        }
        if (sheet.isEmpty()) {
            throw new IOException(where + " has an empty first sheet");
        }
        Map<String, Integer> header = Xlsx.header(sheet.get(0));
        int number = column(header, "number", where);
        int answer = column(header, ANSWER, where);
        Integer level = header.get("col_naturalness_modifier");
        String database = querySet.startsWith(SnailsSchemas.MODULAR + "-") ? SnailsSchemas.MODULAR : querySet;
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 1; i < sheet.size(); i++) {
            List<String> r = sheet.get(i);
            if (r.stream().allMatch(c -> c == null || c.isEmpty())) {
                continue;
            }
            int row = i + 1;
            int n = questionNumber(cell(r, number), where, row);
            String sql = cell(r, answer);
            if (sql == null) {
                throw new IOException(where + " row " + row + " has no " + ANSWER);
            }
            if (level != null && !code.equals(cell(r, level))) {
                throw new IOException(where + " row " + row + " has col_naturalness_modifier " + cell(r, level)
                        + ", not the " + code + " its name says");
            }
            String id = querySet + ":" + n;
            if (!questionIds.contains(id)) {
                throw new IOException(where + " row " + row + " answers " + id + ", which is not a question of "
                        + SnailsQuestions.FILE);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("id", id);
            out.put("database", database);
            out.put("number", n);
            out.put("level", LEVELS.get(code));
            out.put("schemaPruning", false);
            out.put("predictedSql", sql);
            rows.add(out);
        }
        return rows;
    }

    private static void requireEveryAnswer(Map<String, String> seen, Set<String> questionIds) throws IOException {
        List<String> missing = new ArrayList<>();
        for (String id : new TreeSet<>(questionIds)) {
            for (String level : List.of("Native", "Regular", "Low", "Least")) {
                if (!seen.containsKey(id + " at " + level)) {
                    missing.add(id + " at " + level);
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new IOException(DIR + " has no " + MODEL + " answer for " + missing.size() + " question(s) and "
                    + "level(s), e.g. " + String.join(", ", missing.subList(0, Math.min(3, missing.size()))));
        }
    }

    /** pandas reads an integral number column as integers; the workbook may store 3 as {@code 3} or {@code 3.0}. */
    private static int questionNumber(String value, String where, int row) throws IOException {
        try {
            double d = Double.parseDouble(value == null ? "" : value.strip());
            if (d >= 1 && d == Math.rint(d) && d <= Integer.MAX_VALUE) {
                return (int) d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IOException(where + " row " + row + " has no question number (number: " + value + ")");
    }

    private static String cell(List<String> row, int column) {
        return column < row.size() ? row.get(column) : null;
    }

    private static int column(Map<String, Integer> header, String name, String where) throws IOException {
        Integer i = header.get(name);
        if (i == null) {
            throw new IOException(where + " has no column " + name + " in its first row");
        }
        return i;
    }
}
