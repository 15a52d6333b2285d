package dev.snailbench.datasets;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * SNAILS' question/query pairs ({@code db/queries/snails_question_querypairs.json}, a JSON array of
 * {@code {"db_id", "number", "query", "question"}}, the native T-SQL gold) to {@code nl_sql/<database>.json}, in the
 * shape of the data folder's files: {@code id} ({@code <db_id>:<number>}), {@code database}, {@code module}
 * (SBODemoUS' modules are separate {@code db_id}s, {@code SBODemoUS-<module>}; null elsewhere), {@code number},
 * {@code question}, {@code hints} (only when an entry has them) and {@code gold_sql_native}: the query with its
 * surrounding whitespace trimmed (the source ends every query with a space; its line breaks are already flattened
 * there, so the text is not the data folder's line by line). The per-level gold ({@code gold_sql},
 * {@code gold_sql_sqlite}) is only in the NL-SQL pairs zip and is left out rather than made up. Entries keep the
 * source's order.
 */
final class SnailsQuestions {

    static final String FILE = "db/queries/snails_question_querypairs.json";
    /** The parts of the data folder's {@code nl_sql/} layout this source never holds, one line each. */
    static final List<String> NOT_PRODUCED = List.of(
            "snails/nl_sql/*.json have no gold_sql (the authors' gold at the Regular, Low and Least levels): it is only "
                    + "in the NL-SQL pairs zip, whose conversion is not ported",
            "snails/nl_sql/*.json have no gold_sql_sqlite (the SQLite-dialect gold at the four levels): it is only in "
                    + "the NL-SQL pairs zip, whose conversion is not ported");

    static final String NO_HINTS = "snails/nl_sql/*.json have no hints (the NL-SQL pairs zip has them for some NTSB "
            + "and NYSED_SRC2022 questions): " + FILE + " has none";

    private SnailsQuestions() {}

    /** Writes one file per database into {@code out}; returns what of the layout is missing, one line each. */
    static List<String> write(Path checkout, Path out) throws IOException {
        Path file = Conversion.require(checkout.resolve(FILE));
        JsonNode pairs;
        try {
            pairs = new ObjectMapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            // Jackson's own message spans lines and quotes the source; the fetch reports one line.
            String at = e.getLocation() == null
                    ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr() + ")";
            throw new IOException(FILE + " is not valid JSON: "
                    + String.valueOf(e.getOriginalMessage()).replaceAll("\\s+", " ") + at);
        }
        if (pairs == null || !pairs.isArray() || pairs.isEmpty()) {
            throw new IOException(FILE + " is not a non-empty JSON array of {db_id, number, query, question}");
        }
        Map<String, List<Map<String, Object>>> byDatabase = new LinkedHashMap<>();
        Set<String> ids = new HashSet<>();
        boolean anyHints = false;
        for (int i = 0; i < pairs.size(); i++) {
            JsonNode pair = pairs.get(i);
            String dbId = text(pair, "db_id", i);
            int number = number(pair, i);
            String id = dbId + ":" + number;
            if (!ids.add(id)) {
                throw new IOException(
                        FILE + " entry " + i + ": " + id + " occurs twice (db_id and number must be unique)");
            }
            boolean modular = dbId.startsWith(SnailsSchemas.MODULAR + "-");
            String database = modular ? SnailsSchemas.MODULAR : dbId;
            // The database names a file the platform opens (QuestionSets accepts the same characters).
            if (!database.matches("[A-Za-z0-9_\\-]+")) {
                throw new IOException(FILE + " entry " + i + ": db_id \"" + dbId + "\" is not a database name "
                        + "(letters, digits, _ and -, or SBODemoUS-<module>)");
            }
            Map<String, Object> question = new LinkedHashMap<>();
            question.put("id", id);
            question.put("database", database);
            question.put("module", modular ? dbId.substring(SnailsSchemas.MODULAR.length() + 1) : null);
            question.put("number", number);
            question.put("question", text(pair, "question", i));
            List<String> hints = hints(pair, i);
            if (hints != null) {
                anyHints = true;
                question.put("hints", hints);
            }
            question.put("gold_sql_native", text(pair, "query", i).strip());
            byDatabase.computeIfAbsent(database, d -> new ArrayList<>()).add(question);
        }
        Files.createDirectories(out);
        for (Map.Entry<String, List<Map<String, Object>>> e : byDatabase.entrySet()) {
            Files.writeString(out.resolve(e.getKey() + ".json"), PyJson.dumps(e.getValue(), 1), StandardCharsets.UTF_8);
        }
        List<String> missing = new ArrayList<>(NOT_PRODUCED);
        if (!anyHints) {
            missing.add(NO_HINTS);
        }
        return missing;
    }

    /** The ids of the questions {@link #write} wrote into {@code dir}. */
    static Set<String> ids(Path dir) throws IOException {
        Set<String> ids = new HashSet<>();
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                for (JsonNode q : json.readTree(f.toFile())) {
                    ids.add(q.get("id").asText());
                }
            }
        }
        return ids;
    }

    private static String text(JsonNode pair, String field, int i) throws IOException {
        JsonNode value = pair.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new IOException(FILE + " entry " + i + " has no text \"" + field + "\"" + where(pair));
        }
        return value.asText();
    }

    private static int number(JsonNode pair, int i) throws IOException {
        JsonNode value = pair.get("number");
        if (value == null || !value.canConvertToInt() || !value.isIntegralNumber() || value.asInt() < 1) {
            throw new IOException(FILE + " entry " + i + " has no positive integer \"number\"" + where(pair));
        }
        return value.asInt();
    }

    private static List<String> hints(JsonNode pair, int i) throws IOException {
        JsonNode value = pair.get("hints");
        if (value == null || value.isNull()) {
            return null;
        }
        List<String> hints = new ArrayList<>();
        for (JsonNode h : value) {
            hints.add(h.isTextual() ? h.asText() : null);
        }
        if (!value.isArray() || hints.contains(null)) {
            throw new IOException(FILE + " entry " + i + ": \"hints\" is not a list of strings" + where(pair));
        }
        return hints;
    }

    /** The entry's db_id, when it has one, so that a message points at the row to fix. */
    private static String where(JsonNode pair) {
        JsonNode dbId = pair.get("db_id");
        return dbId != null && dbId.isTextual() ? " (db_id " + dbId.asText() + ")" : "";
    }
}
