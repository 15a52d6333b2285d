package dev.snailbench.workbench.refiner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.llm.OpenAiClient;
import dev.snailbench.workbench.refiner.SchemaGraph.ColumnNode;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Semantic packages from an OpenAI-compatible LLM: one request per community (split into batches), the
 * community's columns with their types and sample values as context, a JSON object of description and canonical
 * name per column back. A column the answer misses, or an answer that is not JSON, falls back to the offline
 * package for those columns (the answer is a model's: it is checked, not trusted).
 */
public final class LlmPackager implements SemanticPackager {

    static final String SYSTEM = "You document relational database schemas. Answer with JSON only.";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OpenAiClient client;
    private final String model;
    private final int batchSize;

    public LlmPackager(OpenAiClient client, String model, int batchSize) {
        this.client = client;
        this.model = model;
        this.batchSize = Math.max(1, batchSize);
    }

    @Override
    public Uni<List<SemanticPackage>> packages(SchemaGraph graph, ColumnCommunities communities) {
        List<SemanticPackage> offline = new OfflinePackager().describe(graph);
        List<List<Integer>> batches = new ArrayList<>();
        Set<Integer> seen = new LinkedHashSet<>();
        for (ColumnNode c : graph.columns()) {
            if (seen.contains(c.index())) {
                continue;
            }
            List<Integer> community = communities.peers(c.index());
            seen.addAll(community);
            for (int i = 0; i < community.size(); i += batchSize) {
                batches.add(community.subList(i, Math.min(community.size(), i + batchSize)));
            }
        }
        return Multi.createFrom()
                .iterable(batches)
                .onItem()
                .transformToUniAndConcatenate(batch -> client.text(client.chat(model, 0, SYSTEM, prompt(graph, batch)))
                        .map(answer -> parse(answer)))
                .collect()
                .asList()
                .map(answers -> {
                    Map<String, String[]> merged = new HashMap<>();
                    answers.forEach(merged::putAll);
                    List<SemanticPackage> out = new ArrayList<>();
                    for (ColumnNode c : graph.columns()) {
                        String[] a = merged.get(c.ref().key());
                        out.add(
                                a == null || a[0].isBlank() || a[1].isBlank()
                                        ? offline.get(c.index())
                                        : new SemanticPackage(c.ref(), a[0], a[1]));
                    }
                    return out;
                });
    }

    /** The prompt for one batch of a community: every column with its type and samples. */
    static String prompt(SchemaGraph graph, List<Integer> batch) {
        StringBuilder p = new StringBuilder("Describe each column of this database schema and give it a canonical "
                + "name: a natural snake_case name a person would understand without the schema. Columns (a "
                + "community of related columns: table.column, type, sample values):\n");
        for (int i : batch) {
            ColumnNode c = graph.columns().get(i);
            ColumnNode ref = graph.referenced(c);
            p.append("- ").append(c.ref()).append(" (").append(c.type());
            if (ref != null) {
                p.append(", references ").append(ref.ref());
            }
            if (!c.samples().isEmpty()) {
                p.append("; values: ").append(String.join(", ", c.samples()));
            }
            p.append(")\n");
        }
        p.append("Answer a JSON object keyed by table.column: {\"table.column\": {\"description\": \"one sentence\", "
                + "\"canonical\": \"snake_case_name\"}}");
        return p.toString();
    }

    /** table.column (lower case) → {description, canonical}; empty when the answer is not the JSON asked for. */
    static Map<String, String[]> parse(String answer) {
        String text = answer == null ? "" : answer.trim();
        int start = text.indexOf('{');
        int end = text.lastIndexOf('}');
        Map<String, String[]> out = new HashMap<>();
        if (start < 0 || end <= start) {
            return out;
        }
        try {
            JsonNode root = JSON.readTree(text.substring(start, end + 1));
            root.fields()
                    .forEachRemaining(e -> out.put(e.getKey().toLowerCase(Locale.ROOT), new String[] {
                        e.getValue().path("description").asText(""),
                        e.getValue()
                                .path("canonical")
                                .asText("")
                                .toLowerCase(Locale.ROOT)
                                .replaceAll("[^a-z0-9_]+", "_")
                    }));
        } catch (IOException e) {
            return out;
        }
        return out;
    }
}
