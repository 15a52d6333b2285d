package dev.snailbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.datasets.FootballDbFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** FootballDB's replay jobs: what {@code ./snailbench job spec footballdb} writes and the demo submits. */
public final class FootballDbJob {

    private FootballDbJob() {}

    /**
     * The job a team would submit for FootballDB vN: its 100 dev questions with their gold SQL and hardness label,
     * and the SQL gpt-3.5-turbo wrote for them (30-shot, recorded by the dataset's authors) as the predictions to
     * replay.
     *
     * @param database the job's {@code database}: a registered {@code databaseId}, or a JDBC connection
     */
    public static Map<String, Object> replay(Path dataDir, String version, Map<String, Object> database)
            throws IOException {
        if (!FootballDbFiles.VERSIONS.contains(version)) {
            throw new IllegalArgumentException("unknown FootballDB data model '" + version + "' (one of "
                    + String.join(", ", FootballDbFiles.VERSIONS) + ")");
        }
        FootballDbFiles files = FootballDbFiles.in(dataDir);
        JsonNode dev =
                PlatformClient.json().readTree(files.devQuestions(version).toFile());
        JsonNode predicted =
                PlatformClient.json().readTree(files.predictions(version).toFile());
        List<Map<String, String>> questions = new ArrayList<>();
        dev.forEach(q -> {
            Map<String, String> question = new LinkedHashMap<>(Map.of(
                    "id",
                    q.get("id").asText(),
                    "question",
                    q.get("question").asText(),
                    "goldSql",
                    q.get("query").asText()));
            // The dataset's hardness label travels with the question, so reports can show it beside Spider's.
            if (q.hasNonNull("hardness")) {
                question.put("hardness", q.get("hardness").asText());
            }
            questions.add(question);
        });
        List<Map<String, String>> predictions = new ArrayList<>();
        predicted.forEach(p -> predictions.add(Map.of(
                "questionId",
                p.get("id").asText(),
                "predictedSql",
                p.get("predicted_sql").asText())));
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("name", "FootballDB " + version + " gpt-3.5-turbo 30-shot");
        job.put("database", database);
        job.put("dialect", "postgresql");
        job.put("model", "gpt-3.5-turbo");
        job.put("questions", questions);
        job.put("predictions", predictions);
        return job;
    }
}
