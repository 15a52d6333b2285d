package dev.snailbench.generator.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** Questions of the Spider-format files (FootballDB's {@code train.json}, {@code dev.json}) as a job carries them. */
public final class SpiderQuestions {

    private SpiderQuestions() {}

    /** The file's question {@code q} under the id given: its {@code question}, its {@code query} as gold. */
    public static Map<String, String> question(String id, JsonNode q) {
        return Map.of(
                "id",
                id,
                "question",
                q.get("question").asText(),
                "goldSql",
                q.get("query").asText());
    }
}
