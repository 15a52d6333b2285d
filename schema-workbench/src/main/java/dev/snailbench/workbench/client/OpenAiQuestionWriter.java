package dev.snailbench.workbench.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.workbench.config.SyntheticConfig;
import dev.snailbench.model.domain.SyntheticSuite;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * ScienceBenchmark's SQL-to-NL step through an OpenAI-compatible {@code POST <base-url>/chat/completions}: a few
 * seed pairs as examples, then the query; the model answers a JSON array of candidate questions.
 */
@ApplicationScoped
public class OpenAiQuestionWriter {

    private static final String SYSTEM = """
            You write the questions a person would ask a database in plain English. Given an SQL query, write \
            different questions whose exact answer is the query's result: vary the wording, keep every value and \
            condition of the query, never mention SQL, tables or columns by their technical names. Answer only a \
            JSON array of strings.""";

    private final SyntheticConfig.Backend config;
    private final WebClient client;
    private final ObjectMapper mapper;

    public OpenAiQuestionWriter(SyntheticConfig config, Vertx vertx, ObjectMapper mapper) {
        this.config = config.llm();
        this.client = WebClient.create(vertx);
        this.mapper = mapper;
    }

    public boolean configured() {
        return config.baseUrl().isPresent();
    }

    /** Up to {@code count} distinct candidates for {@code sql}, with {@code shots} as examples. */
    public Uni<List<String>> candidates(String sql, List<SyntheticSuite.Seed> shots, int count) {
        StringBuilder user = new StringBuilder();
        for (SyntheticSuite.Seed shot : shots) {
            user.append("SQL: ").append(shot.sql().replaceAll("\\s+", " ").trim()).append('\n')
                    .append("Question: ").append(shot.question()).append("\n\n");
        }
        user.append("SQL: ").append(sql).append('\n').append("Write ").append(count)
                .append(" different questions for this query as a JSON array.");
        String baseUrl = config.baseUrl().orElseThrow(() -> new IllegalStateException(
                "no LLM configured (snailbench.synthetic.llm.base-url)"));
        return OpenAiChat.complete(client, baseUrl, config.apiKey(), config.timeoutSeconds(),
                config.model().orElse("gpt-4o-mini"), 0.7, SYSTEM, user.toString()).map(content -> parse(content, count));
    }

    List<String> parse(String content, int count) {
        int start = content.indexOf('[');
        int end = content.lastIndexOf(']');
        if (start < 0 || end < start) {
            throw new IllegalStateException("LLM answer is not a JSON array: " + OpenAiChat.truncate(content));
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
                throw new IllegalStateException("LLM wrote no question: " + OpenAiChat.truncate(content));
            }
            return new ArrayList<>(out);
        } catch (IOException e) {
            throw new IllegalStateException("LLM answer is not valid JSON: " + OpenAiChat.truncate(content), e);
        }
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
