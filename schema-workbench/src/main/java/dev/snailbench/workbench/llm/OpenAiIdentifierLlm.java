package dev.snailbench.workbench.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.llm.OpenAiClient;
import dev.snailbench.llm.OpenAiClients;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.workbench.config.CrosswalkConfig;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Identifier renaming through the OpenAI-compatible backend {@code snailbench.crosswalks.llm} (llm-client), in
 * batches; the model answers a JSON object {@code {"<identifier>": "<new name>"}}.
 */
@ApplicationScoped
public class OpenAiIdentifierLlm implements IdentifierLlm {

    private static final String EXPAND_SYSTEM = """
            You rename database identifiers to Regular naturalness: complete English words, or acronyms in \
            common use only (ModelYear, service_name, ID). Keep the identifier's style (snake_case stays \
            snake_case, PascalCase stays PascalCase). Answer only a JSON object mapping each given identifier \
            to its new name.""";

    private static final String ABBREVIATE_SYSTEM = """
            You abbreviate database identifiers. Low naturalness: abbreviated words a non-expert can still \
            decode (AccountCheck -> AccountChk, IssueFromDate -> IsueFrDate, VegetationHeight -> VegHeight). \
            Least naturalness: meaning cannot be inferred without documentation (DefaultSlope -> DfltSlp, \
            AirbagLocationCurtain -> AbgLocCtn, ModelYear -> MY). Keep the style (snake_case, PascalCase). \
            Answer only a JSON object mapping each given identifier to its abbreviation.""";

    private final CrosswalkConfig.Llm config;
    private final OpenAiClients clients;
    private final ObjectMapper mapper;

    public OpenAiIdentifierLlm(CrosswalkConfig config, OpenAiClients clients, ObjectMapper mapper) {
        this.config = config.llm();
        this.clients = clients;
        this.mapper = mapper;
    }

    @Override
    public boolean configured() {
        return config.baseUrl().isPresent();
    }

    @Override
    public Uni<Map<String, String>> expand(List<ExpansionInput> inputs, String dataDictionary) {
        return batched(inputs.stream().map(ExpansionInput::identifier).toList(), batch -> {
            StringBuilder user = new StringBuilder("Rename each identifier to Regular naturalness.\n");
            for (ExpansionInput in : inputs) {
                if (batch.contains(in.identifier())) {
                    user.append("- ")
                            .append(in.identifier())
                            .append(" (table ")
                            .append(in.table())
                            .append("; other columns: ")
                            .append(String.join(", ", in.neighbours()));
                    if (in.comment() != null && !in.comment().isBlank()) {
                        user.append("; database comment: ").append(in.comment());
                    }
                    user.append(")\n");
                }
            }
            if (dataDictionary != null && !dataDictionary.isBlank()) {
                user.append("\nData dictionary of this database:\n")
                        .append(dataDictionary)
                        .append('\n');
            }
            return complete(EXPAND_SYSTEM, user.toString(), batch);
        });
    }

    @Override
    public Uni<Map<String, String>> abbreviate(List<String> identifiers, NaturalnessLevel level) {
        return batched(
                identifiers,
                batch -> complete(
                        ABBREVIATE_SYSTEM,
                        "Abbreviate each identifier to " + level.label() + " naturalness:\n- "
                                + String.join("\n- ", batch),
                        batch));
    }

    private Uni<Map<String, String>> batched(
            List<String> identifiers, Function<List<String>, Uni<Map<String, String>>> call) {
        List<List<String>> batches = new ArrayList<>();
        for (int i = 0; i < identifiers.size(); i += config.batchSize()) {
            batches.add(identifiers.subList(i, Math.min(identifiers.size(), i + config.batchSize())));
        }
        return Multi.createFrom()
                .iterable(batches)
                .onItem()
                .<Map<String, String>>transformToUniAndConcatenate(b -> call.apply(b))
                .collect()
                .in(() -> (Map<String, String>) new LinkedHashMap<String, String>(), Map::putAll);
    }

    private Uni<Map<String, String>> complete(String system, String user, List<String> expected) {
        if (!configured()) {
            throw new IllegalStateException("no LLM configured (snailbench.crosswalks.llm.base-url)");
        }
        OpenAiClient client = clients.client("snailbench.crosswalks.llm", config);
        return client.text(client.chat("gpt-4o-mini", 0, system, user)).map(content -> parseAnswer(content, expected));
    }

    Map<String, String> parseAnswer(String content, List<String> expected) {
        String json = content.trim();
        int start = json.indexOf('{');
        int end = json.lastIndexOf('}');
        if (start < 0 || end < start) {
            throw new IllegalStateException("LLM answer is not a JSON object: " + OpenAiClient.truncate(content));
        }
        try {
            JsonNode node = mapper.readTree(json.substring(start, end + 1));
            Map<String, String> out = new LinkedHashMap<>();
            List<String> missing = new ArrayList<>();
            for (String id : expected) {
                JsonNode v = node.get(id);
                if (v == null || !v.isTextual() || v.asText().isBlank()) {
                    missing.add(id);
                } else {
                    out.put(id, v.asText().trim());
                }
            }
            if (!missing.isEmpty()) {
                throw new IllegalStateException("LLM gave no name for " + missing);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("LLM answer is not valid JSON: " + OpenAiClient.truncate(content), e);
        }
    }
}
