package dev.snailbench.workbench.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.llm.LlmBackendConfig;
import dev.snailbench.llm.OpenAiClient;
import dev.snailbench.llm.OpenAiClients;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.workbench.config.SyntheticConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * ScienceBenchmark's SQL-to-NL step through the OpenAI-compatible backend {@code snailbench.synthetic.llm}: a few
 * seed pairs as examples, then the query; the model answers a JSON array of candidate questions.
 */
@ApplicationScoped
public class OpenAiQuestionWriter {

    private static final String SYSTEM = """
            You write the questions a person would ask a database in plain English. Given an SQL query, write \
            different questions whose exact answer is the query's result: vary the wording, keep every value and \
            condition of the query, never mention SQL, tables or columns by their technical names. Answer only a \
            JSON array of strings.""";

    private final LlmBackendConfig config;
    private final OpenAiClients clients;
    private final ObjectMapper mapper;

    public OpenAiQuestionWriter(SyntheticConfig config, OpenAiClients clients, ObjectMapper mapper) {
        this.config = config.llm();
        this.clients = clients;
        this.mapper = mapper;
    }

    public boolean configured() {
        return config.baseUrl().isPresent();
    }

    /** Up to {@code count} distinct candidates for {@code sql}, with {@code shots} as examples. */
    public Uni<List<String>> candidates(String sql, List<SyntheticSuite.Seed> shots, int count) {
        StringBuilder user = new StringBuilder();
        for (SyntheticSuite.Seed shot : shots) {
            user.append("SQL: ")
                    .append(shot.sql().replaceAll("\\s+", " ").trim())
                    .append('\n')
                    .append("Question: ")
                    .append(shot.question())
                    .append("\n\n");
        }
        user.append("SQL: ")
                .append(sql)
                .append('\n')
                .append("Write ")
                .append(count)
                .append(" different questions for this query as a JSON array.");
        if (!configured()) {
            throw new IllegalStateException("no LLM configured (snailbench.synthetic.llm.base-url)");
        }
        OpenAiClient client = clients.client("snailbench.synthetic.llm", config);
        return client.text(client.chat("gpt-4o-mini", 0.7, SYSTEM, user.toString()))
                .map(content -> parse(content, count));
    }

    List<String> parse(String content, int count) {
        int start = content.indexOf('[');
        int end = content.lastIndexOf(']');
        if (start < 0 || end < start) {
            throw new IllegalStateException("LLM answer is not a JSON array: " + OpenAiClient.truncate(content));
        }
        try {
            JsonNode array = mapper.readTree(content.substring(start, end + 1));
            Set<String> out = new LinkedHashSet<>();
            array.forEach(q -> {
                if (q.isTextual() && !q.asText().isBlank() && out.size() < count) {
                    out.add(q.asText().trim());
                }
            });
            if (out.isEmpty()) {
                throw new IllegalStateException("LLM wrote no question: " + OpenAiClient.truncate(content));
            }
            return new ArrayList<>(out);
        } catch (IOException e) {
            throw new IllegalStateException("LLM answer is not valid JSON: " + OpenAiClient.truncate(content), e);
        }
    }
}
