package dev.snailbench.workbench.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.request.RequestLimits;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.workbench.QuestionSets;
import dev.snailbench.workbench.config.SyntheticConfig;
import dev.snailbench.workbench.embedding.EmbeddingBackends;
import dev.snailbench.workbench.repository.SyntheticPair;
import dev.snailbench.workbench.synthetic.SyntheticSets;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Synthetic question sets (ScienceBenchmark): {@code POST /synthetic-sets} turns a few seed ⟨question, SQL⟩ pairs
 * into many, run on a database the tenant registered with the executor; {@code GET /synthetic-sets/{id}} returns
 * the pairs with their expected results, candidates and the comparison with the seeds. A job uses the set with
 * {@code "questionSet": {"syntheticSetId": "<id>"}}.
 */
@Path("/synthetic-sets")
@Produces(MediaType.APPLICATION_JSON)
public class SyntheticSetResource {

    private static final String SCHEMA_NAME = "[A-Za-z_][A-Za-z0-9_]{0,127}";

    /**
     * @param seeds {@code {"benchmark": "footballdb", "dataModel": "v3", "split": "train"}} (or {@code "snails"} with
     *              {@code database}), or {@code {"items": [{"question", "sql"}]}}
     */
    public record SetRequest(
            @NotBlank @Size(max = RequestLimits.NAME, message = RequestLimits.TOO_LONG)
            String name,

            @NotNull(message = "must not be null: the id of a database registered with the executor (POST /databases)")
            UUID databaseId,

            @NotNull @Pattern(regexp = SCHEMA_NAME, message = "must be a plain schema name")
            String nativeSchema,

            JsonNode seeds,
            Long seed,
            Integer target,

            @Pattern(regexp = "offline|llm", message = "must be offline (seed questions rewritten) or llm")
            String questions,

            String embeddings,

            @Min(value = 1, message = KEEP) @Max(value = 2, message = KEEP)
            Integer keep) {

        static final String KEEP = "must be 1 or 2 questions per query (ScienceBenchmark keeps 1–2)";
    }

    public record PairView(
            String id,
            String templateId,
            String question,
            List<String> candidates,
            String goldSql,
            String hardness,
            JsonNode expected,
            int expectedRowCount) {}

    public record SetView(
            UUID id,
            String name,
            UUID databaseId,
            String nativeSchema,
            String dialect,
            long seed,
            int pairCount,
            Map<String, Object> summary,
            Instant createdAt,
            List<PairView> questions) {}

    private final Caller caller;
    private final SyntheticSets sets;
    private final QuestionSets questionSets;
    private final SyntheticConfig config;
    private final ObjectMapper mapper;

    public SyntheticSetResource(
            Caller caller, SyntheticSets sets, QuestionSets questionSets, SyntheticConfig config, ObjectMapper mapper) {
        this.caller = caller;
        this.sets = sets;
        this.questionSets = questionSets;
        this.config = config;
        this.mapper = mapper;
    }

    @Operation(
            operationId = "generateSyntheticSet",
            summary = "Generate a synthetic question set on a registered database")
    @APIResponse(responseCode = "201", description = "generated; Location names it")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> generate(@Valid @NotNull SetRequest body) {
        return sets.generate(caller.tenantId(), validated(body))
                .map(s -> Response.created(URI.create("/synthetic-sets/" + s.set().id))
                        .entity(view(s))
                        .build());
    }

    /** A set in a list: what it is and how many pairs it holds, without them ({@code GET /synthetic-sets/{id}}). */
    public record SetItem(
            UUID id,
            String name,
            UUID databaseId,
            String nativeSchema,
            String dialect,
            long seed,
            int pairCount,
            Instant createdAt) {}

    @Operation(operationId = "listSyntheticSets", summary = "List the tenant's synthetic question sets")
    @APIResponse(responseCode = "200", description = "the sets, newest first, without their pairs")
    @GET
    public Uni<List<SetItem>> list() {
        return sets.list(caller.tenantId())
                .map(list -> list.stream()
                        .map(s -> new SetItem(
                                s.id,
                                s.name,
                                s.databaseId,
                                s.nativeSchema,
                                s.dialect,
                                s.seed,
                                s.pairCount,
                                s.createdAt))
                        .toList());
    }

    @Operation(operationId = "getSyntheticSet", summary = "Get one synthetic question set")
    @APIResponse(responseCode = "200", description = "the set")
    @GET
    @Path("/{id}")
    public Uni<SetView> get(@PathParam("id") UUID id) {
        return sets.get(caller.tenantId(), id).map(this::view);
    }

    private SyntheticSets.Request validated(SetRequest body) {
        int target = body.target() == null ? config.defaultTarget() : body.target();
        if (target < 1 || target > config.maxTarget()) {
            throw InvalidInput.of("target", "must be between 1 and " + config.maxTarget());
        }
        String questions = body.questions() == null ? "offline" : body.questions();
        if (questions.equals("llm") && !sets.llmConfigured()) {
            throw InvalidInput.of(
                    "questions",
                    "no LLM is configured on this platform " + "(snailbench.synthetic.llm.base-url); use offline");
        }
        String embeddings = EmbeddingBackends.parse(
                body.embeddings(), sets.embeddingsConfigured(), "snailbench.synthetic.embeddings.base-url");
        int keep = body.keep() == null ? 1 : body.keep();
        return new SyntheticSets.Request(
                body.name().trim(),
                body.databaseId(),
                body.nativeSchema(),
                seeds(body.seeds()),
                body.seed() == null ? 42L : body.seed(),
                target,
                questions,
                embeddings,
                keep);
    }

    private List<SyntheticSuite.Seed> seeds(JsonNode seeds) {
        if (seeds == null || !seeds.isObject()) {
            throw InvalidInput.of(
                    "seeds",
                    "is required: {\"benchmark\": \"footballdb\", \"dataModel\": "
                            + "\"v3\", \"split\": \"train\"} or {\"items\": [{\"question\", \"sql\"}]}");
        }
        List<SyntheticSuite.Seed> out = new ArrayList<>();
        if (seeds.has("items")) {
            JsonNode items = seeds.get("items");
            if (!items.isArray() || items.isEmpty()) {
                throw InvalidInput.of("seeds.items", "a non-empty array of {question, sql}");
            }
            for (int i = 0; i < items.size(); i++) {
                out.add(new SyntheticSuite.Seed(text(items.get(i), "question", i), text(items.get(i), "sql", i)));
            }
        } else {
            questionSets
                    .benchmark(
                            textOrNull(seeds, "benchmark"),
                            textOrNull(seeds, "dataModel"),
                            textOrNull(seeds, "split"),
                            textOrNull(seeds, "database"))
                    .forEach(q -> out.add(new SyntheticSuite.Seed(q.question(), q.goldSql())));
        }
        if (out.size() > config.maxSeeds()) {
            throw InvalidInput.of("seeds", out.size() + " seed pairs, at most " + config.maxSeeds());
        }
        return out;
    }

    private static String text(JsonNode item, String field, int i) {
        JsonNode v = item == null ? null : item.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw InvalidInput.of("seeds.items[" + i + "]." + field, "missing or blank");
        }
        return v.asText();
    }

    private static String textOrNull(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private SetView view(SyntheticSets.Stored s) {
        return new SetView(
                s.set().id,
                s.set().name,
                s.set().databaseId,
                s.set().nativeSchema,
                s.set().dialect,
                s.set().seed,
                s.set().pairCount,
                s.summary(),
                s.set().createdAt,
                s.pairs().stream().map(this::pair).toList());
    }

    private PairView pair(SyntheticPair p) {
        try {
            List<String> candidates = List.of(mapper.readValue(p.candidates, String[].class));
            return new PairView(
                    p.questionId,
                    p.templateId,
                    p.question,
                    candidates,
                    p.goldSql,
                    p.hardness,
                    mapper.readTree(p.expectedResult),
                    p.expectedRowCount);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
