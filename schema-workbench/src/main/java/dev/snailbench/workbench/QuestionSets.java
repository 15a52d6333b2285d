package dev.snailbench.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.problem.InvalidInput;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Question sets a job can name instead of listing its questions: the built-in benchmarks read from the
 * data directory (FootballDB dev/train per data model, the SNAILS 503 questions per database) and
 * Spider/BIRD-style JSON ({@code [{"db_id", "question", "query"}]}).
 */
@ApplicationScoped
public class QuestionSets {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dataDir;

    public QuestionSets(@ConfigProperty(name = "snailbench.data-dir", defaultValue = "../shared/data") String dataDir) {
        this.dataDir = Path.of(dataDir);
    }

    /** A named benchmark: {@code footballdb} (dataModel v1–v3, split dev/train) or {@code snails} (database). */
    public List<Question> benchmark(String benchmark, String dataModel, String split, String database) {
        return switch (benchmark == null ? "" : benchmark) {
            case "footballdb" -> footballDb(dataModel, split == null ? "dev" : split);
            case "snails" -> snails(database);
            default ->
                throw InvalidInput.of(
                        "questionSet.benchmark", "unknown benchmark '" + benchmark + "' (footballdb or snails)");
        };
    }

    /**
     * Spider/BIRD-style items; question ids are {@code <db_id>:<position>}. An item may carry its dataset's
     * {@code hardness} label, as Spider's own files do.
     */
    public static List<Question> spider(JsonNode items) {
        if (items == null || !items.isArray() || items.isEmpty()) {
            throw InvalidInput.of("questionSet.items", "a non-empty array of {db_id, question, query}");
        }
        List<Question> questions = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            String at = "questionSet.items[" + i + "]";
            questions.add(new Question(
                    text(item, "db_id", at) + ":" + i,
                    text(item, "question", at),
                    text(item, "query", at),
                    hardness(item, at)));
        }
        return questions;
    }

    private List<Question> footballDb(String dataModel, String split) {
        if (dataModel == null || !dataModel.matches("v[123]")) {
            throw InvalidInput.of("questionSet.dataModel", "FootballDB data models are v1, v2 and v3");
        }
        if (!split.equals("dev") && !split.equals("train")) {
            throw InvalidInput.of("questionSet.split", "dev or train");
        }
        JsonNode items = read(dataDir.resolve("footballdb").resolve(dataModel).resolve(split + ".json"));
        List<Question> questions = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            JsonNode q = items.get(i);
            // The large v3 train split has no ids: its position is its id.
            String id = q.hasNonNull("id") ? q.get("id").asText() : Integer.toString(i);
            // FootballDB labels each question with its Spider hardness (the v3 train split has none).
            questions.add(new Question(
                    id,
                    q.get("question").asText(),
                    q.get("query").asText(),
                    hardness(q, "footballdb/" + dataModel + "/" + split + ".json[" + i + "]")));
        }
        return questions;
    }

    private List<Question> snails(String database) {
        if (database == null || !database.matches("[A-Za-z0-9_\\-]+")) {
            throw InvalidInput.of("questionSet.database", "name a SNAILS database, e.g. NTSB");
        }
        Path file = dataDir.resolve("snails/nl_sql").resolve(database + ".json");
        if (!Files.isRegularFile(file)) {
            throw InvalidInput.of("questionSet.database", "no SNAILS questions for '" + database + "'");
        }
        List<Question> questions = new ArrayList<>();
        read(file)
                .forEach(q -> questions.add(new Question(
                        q.get("id").asText(),
                        q.get("question").asText(),
                        q.get("gold_sql_native").asText())));
        return questions;
    }

    private static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read built-in question set " + file + ": " + e.getMessage(), e);
        }
    }

    /** The item's optional hardness label, lower-cased; any other value is refused naming the field. */
    private static String hardness(JsonNode item, String at) {
        JsonNode value = item.get("hardness");
        if (value == null || value.isNull()) {
            return null;
        }
        try {
            return Question.hardnessLabel(value.isTextual() ? value.asText() : value.toString());
        } catch (IllegalArgumentException e) {
            throw InvalidInput.of(at + ".hardness", e.getMessage());
        }
    }

    private static String text(JsonNode item, String field, String at) {
        JsonNode value = item == null ? null : item.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw InvalidInput.of(at + "." + field, "missing or blank");
        }
        return value.asText();
    }
}
