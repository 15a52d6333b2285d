package dev.snailbench.workbench.synthetic;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.model.problem.UpstreamFailed;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.Characteristics;
import dev.snailbench.workbench.client.OpenAiEmbedder;
import dev.snailbench.workbench.client.OpenAiQuestionWriter;
import dev.snailbench.workbench.config.SyntheticConfig;
import dev.snailbench.workbench.embedding.EmbeddingBackends;
import dev.snailbench.workbench.embedding.SentenceEmbedder;
import dev.snailbench.workbench.messaging.TeamDatabases;
import dev.snailbench.workbench.repository.GeneratedQuestion;
import dev.snailbench.workbench.repository.SyntheticPair;
import dev.snailbench.workbench.repository.SyntheticSet;
import dev.snailbench.workbench.repository.SyntheticSetRepository;
import dev.snailbench.workbench.support.Blocking;
import dev.snailbench.workbench.support.SummaryJson;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Synthetic question sets, the ScienceBenchmark pipeline end to end: the executor fills the seeds' templates on the
 * team's database and keeps the queries that run and return rows; here each query gets candidate questions (the
 * seed questions rewritten, or an LLM's), the candidates are embedded and the one(s) closest to their centroid kept;
 * the set is stored with its expected results and a comparison of the synthetic and seed queries, and a job can use
 * it like a built-in question set ({@link #questions}).
 */
@ApplicationScoped
public class SyntheticSets {

    private static final Logger LOG = Logger.getLogger(SyntheticSets.class);
    private static final int FAILURES_KEPT = 10;
    private static final int SHOTS = 3;

    /** What to generate; {@code questions} is offline or llm, {@code embeddings} minilm, lexical or openai. */
    public record Request(
            String name,
            UUID databaseId,
            String nativeSchema,
            List<SyntheticSuite.Seed> seeds,
            long seed,
            int target,
            String questions,
            String embeddings,
            int keep) {}

    /** A stored set with its pairs. */
    public record Stored(SyntheticSet set, Map<String, Object> summary, List<SyntheticPair> pairs) {}

    /**
     * A query with the questions chosen for it, or why none could be written; {@code refused}: rewritten frames
     * refused for keeping a word of a swapped column.
     */
    private record Written(
            SyntheticSuite.Pair pair, List<String> candidates, List<String> chosen, String failure, int refused) {}

    private final SyntheticSetRepository repository;
    private final TeamDatabases databases;
    private final OpenAiQuestionWriter llm;
    private final OpenAiEmbedder remoteEmbeddings;
    private final SyntheticConfig config;
    private final ObjectMapper mapper;
    private final TextEmbedder lexical = new LexicalEmbedder();
    private final SentenceEmbedder sentences;
    private final SqlParser parser;

    public SyntheticSets(
            SyntheticSetRepository repository,
            TeamDatabases databases,
            OpenAiQuestionWriter llm,
            OpenAiEmbedder remoteEmbeddings,
            SentenceEmbedder sentences,
            SyntheticConfig config,
            ObjectMapper mapper,
            SqlParser parser) {
        this.parser = parser;
        this.sentences = sentences;
        this.repository = repository;
        this.databases = databases;
        this.llm = llm;
        this.remoteEmbeddings = remoteEmbeddings;
        this.config = config;
        this.mapper = mapper;
    }

    public boolean llmConfigured() {
        return llm.configured();
    }

    public boolean embeddingsConfigured() {
        return remoteEmbeddings.configured();
    }

    public Uni<Stored> generate(String tenantId, Request request) {
        long started = System.nanoTime();
        // A few more than the target: a query whose question cannot be written is dropped, the set still fills.
        int asked = Math.min(config.maxTarget(), request.target() + Math.max(5, request.target() / 10));
        SyntheticSuite.Options options = new SyntheticSuite.Options(
                request.seeds(),
                request.seed(),
                asked,
                config.maxPerTemplate(),
                config.maxResultRows(),
                config.queryTimeoutSeconds(),
                config.timeBudgetSeconds());
        return databases
                .syntheticSql(tenantId, request.databaseId(), request.nativeSchema(), options)
                .invoke(synthesized -> refuseEmpty(synthesized.suite(), request))
                .chain(synthesized -> writeAll(synthesized.suite(), request)
                        .chain(written -> analyse(request, synthesized.suite().counts(), written, synthesized.dialect())
                                .chain(analysed -> store(
                                        tenantId,
                                        request,
                                        synthesized,
                                        written,
                                        analysed,
                                        (System.nanoTime() - started) / 1e9))));
    }

    /**
     * A set needs a template to fill and a filled query that ran: without one it is a 400 naming {@code seeds}, with
     * why each seed was left out (as the executor says) or what became of the fillings.
     */
    private static void refuseEmpty(SyntheticSuite suite, Request request) {
        SyntheticSuite.Counts n = suite.counts();
        if (suite.templates().isEmpty()) {
            List<String> why = n.seedRefusals() == null ? List.of() : n.seedRefusals();
            throw InvalidInput.of(
                    "seeds",
                    "no seed gave a template to fill on schema " + request.nativeSchema()
                            + (why.isEmpty() ? "" : ": " + String.join("; ", why))
                            + (n.seeds() > why.size() ? " (of " + n.seeds() + " seeds)" : ""));
        }
        if (suite.pairs().isEmpty()) {
            throw InvalidInput.of(
                    "seeds",
                    "the seeds' " + suite.templates().size() + " templates gave no query "
                            + "that ran and returned rows on schema " + request.nativeSchema() + " (" + n.candidates()
                            + " tried: " + n.failed() + " failed, " + n.timedOut() + " timed out, " + n.empty()
                            + " returned no rows"
                            + (n.failures().isEmpty()
                                    ? ""
                                    : "; first failure: " + n.failures().get(0))
                            + ")");
        }
    }

    private Uni<List<Written>> writeAll(SyntheticSuite suite, Request request) {
        Map<String, SyntheticSuite.Template> templates =
                suite.templates().stream().collect(Collectors.toMap(SyntheticSuite.Template::id, Function.identity()));
        boolean useLlm = "llm".equals(request.questions());
        int concurrency = useLlm ? Math.max(1, config.llm().concurrency()) : 1;
        return Multi.createFrom()
                .iterable(suite.pairs())
                .onItem()
                .transformToUni(pair -> write(pair, templates.get(pair.templateId()), request, useLlm))
                .merge(concurrency)
                .collect()
                .asList()
                // merge() answers in completion order; the set keeps the executor's order.
                .map(list -> {
                    Map<String, Written> byId = new LinkedHashMap<>();
                    list.forEach(w -> byId.put(w.pair().id(), w));
                    return suite.pairs().stream().map(p -> byId.get(p.id())).toList();
                });
    }

    private Uni<Written> write(
            SyntheticSuite.Pair pair, SyntheticSuite.Template template, Request request, boolean useLlm) {
        Uni<FrameQuestions.Written> candidates = useLlm
                ? llm.candidates(pair.sql(), shots(template, request.seeds()), config.candidates())
                        .map(list -> new FrameQuestions.Written(list, 0))
                // Regular expressions over every frame: CPU work, on a worker like the rest of the blocking work.
                : Blocking.run(() -> FrameQuestions.write(template, pair, config.candidates()), Duration.ofSeconds(30));
        TextEmbedder embedder = switch (request.embeddings()) {
            case EmbeddingBackends.OPENAI -> remoteEmbeddings;
            case EmbeddingBackends.LEXICAL -> lexical;
            default -> sentences;
        };
        // An LLM's candidates: the centroid's choice (ScienceBenchmark's). Rewritten frames: the closest to the
        // query's words first (the frame that says the swapped column and value), the centroid's order among ties.
        return candidates
                .chain(written -> written.candidates().isEmpty()
                        ? Uni.createFrom()
                                .item(new Written(
                                        pair,
                                        written.candidates(),
                                        List.of(),
                                        "no candidate question could be written",
                                        written.refused()))
                        : embedder.embed(written.candidates()).map(vectors -> {
                            List<Integer> centroid = Centroid.closest(
                                    vectors, written.candidates().size());
                            List<Integer> order =
                                    useLlm ? centroid : QuestionFit.rank(written.candidates(), pair.sql(), centroid);
                            return new Written(
                                    pair,
                                    written.candidates(),
                                    order.stream()
                                            .limit(request.keep())
                                            .map(written.candidates()::get)
                                            .toList(),
                                    null,
                                    written.refused());
                        }))
                .onFailure()
                .recoverWithItem(e -> {
                    LOG.warnf("synthetic pair %s: no question written: %s", pair.id(), e.getMessage());
                    return new Written(pair, List.of(), List.of(), e.getMessage(), 0);
                });
    }

    /** The template's own seeds first (the closest examples), as few-shot examples for the LLM. */
    private static List<SyntheticSuite.Seed> shots(SyntheticSuite.Template template, List<SyntheticSuite.Seed> seeds) {
        return template.frames().stream()
                .limit(SHOTS)
                .map(f -> seeds.get(f.seedIndex()))
                .toList();
    }

    /**
     * Characteristics and Spider hardness of every seed and every synthetic query, by seed index ({@code seed-i}) or
     * pair id (null where the SQL does not parse), and the set's meaningfulness checks ({@link SetChecks}) over the
     * queries that will be kept (parsing is blocking: on a worker).
     */
    private record Analysed(Map<String, Characteristics> characteristics, Map<String, Object> checks) {}

    private Uni<Analysed> analyse(
            Request request, SyntheticSuite.Counts counts, List<Written> written, SqlDialect dialect) {
        List<SyntheticSuite.Seed> seeds = request.seeds();
        return Blocking.run(
                () -> {
                    Map<String, Characteristics> out = new LinkedHashMap<>();
                    for (int i = 0; i < seeds.size(); i++) {
                        out.put(
                                "seed-" + i,
                                characteristics(parser, seeds.get(i).sql(), dialect));
                    }
                    for (Written w : written) {
                        out.put(w.pair().id(), characteristics(parser, w.pair().sql(), dialect));
                    }
                    Map<String, Object> checks = SetChecks.checks(
                            counts,
                            seeds,
                            usable(written, request).stream()
                                    .map(w -> w.pair().sql())
                                    .toList(),
                            dialect,
                            parser);
                    checks.put(
                            "questionFit",
                            Map.of(
                                    "refused",
                                    written.stream().mapToInt(Written::refused).sum()));
                    return new Analysed(out, checks);
                },
                Duration.ofMinutes(2));
    }

    /** The queries the set keeps: those a question was written for, up to the target. */
    private static List<Written> usable(List<Written> written, Request request) {
        return written.stream()
                .filter(w -> w.failure() == null)
                .limit(request.target())
                .toList();
    }

    private static Characteristics characteristics(SqlParser parser, String sql, SqlDialect dialect) {
        try {
            return Characteristics.of(parser.parse(sql, dialect));
        } catch (RuntimeException e) {
            return null;
        }
    }

    private Uni<Stored> store(
            String tenantId,
            Request request,
            TeamDatabases.Synthesized synthesized,
            List<Written> written,
            Analysed analysis,
            double seconds) {
        SyntheticSuite suite = synthesized.suite();
        List<Written> usable = usable(written, request);
        Map<String, Characteristics> analysed = analysis.characteristics();
        if (usable.isEmpty() && !written.isEmpty()) {
            throw new UpstreamFailed("no question could be written for any of the " + written.size()
                    + " synthetic queries: " + written.get(0).failure());
        }
        SyntheticSet set = new SyntheticSet();
        set.id = UUID.randomUUID();
        set.tenantId = tenantId;
        set.name = request.name();
        set.databaseId = request.databaseId();
        set.nativeSchema = request.nativeSchema();
        set.dialect = synthesized.dialect().id();
        set.seed = request.seed();
        set.createdAt = Instant.now();
        List<SyntheticPair> pairs = new ArrayList<>();
        for (Written w : usable) {
            for (int k = 0; k < w.chosen().size(); k++) {
                SyntheticPair p = new SyntheticPair();
                p.setId = set.id;
                p.ordinal = pairs.size();
                p.questionId = w.pair().id() + (k == 0 ? "" : Character.toString('a' + k));
                p.templateId = w.pair().templateId();
                p.question = w.chosen().get(k);
                p.candidates = json(w.candidates());
                p.goldSql = w.pair().sql();
                p.expectedResult = json(w.pair().expected());
                p.expectedRowCount = w.pair().expected().rows().size();
                Characteristics c = analysed.get(w.pair().id());
                p.hardness = c == null ? null : c.hardness().label();
                pairs.add(p);
            }
        }
        set.pairCount = pairs.size();
        Map<String, Object> summary = summary(request, suite, written, usable, analysed, seconds);
        summary.put("checks", analysis.checks());
        set.summary = json(summary);
        return Panache.withTransaction(() -> repository.persist(set).chain(() -> SyntheticPair.persist(pairs)))
                .replaceWith(new Stored(set, summary, pairs));
    }

    private Map<String, Object> summary(
            Request request,
            SyntheticSuite suite,
            List<Written> written,
            List<Written> kept,
            Map<String, Characteristics> analysed,
            double seconds) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put(
                "requested",
                Map.of(
                        "target",
                        request.target(),
                        "seed",
                        request.seed(),
                        "seeds",
                        request.seeds().size(),
                        "questions",
                        request.questions(),
                        "embeddings",
                        request.embeddings(),
                        "keep",
                        request.keep(),
                        "candidates",
                        config.candidates(),
                        "maxPerTemplate",
                        config.maxPerTemplate(),
                        "maxResultRows",
                        config.maxResultRows()));
        summary.put("executor", suite.counts());
        List<String> failures =
                written.stream().map(Written::failure).filter(f -> f != null).toList();
        summary.put("questionsWritten", written.size() - failures.size());
        summary.put("kept", kept.size());
        summary.put("questionFailures", failures.size());
        summary.put(
                "firstQuestionFailures", failures.stream().limit(FAILURES_KEPT).toList());
        Map<String, Long> perTemplate = kept.stream()
                .collect(Collectors.groupingBy(w -> w.pair().templateId(), TreeMap::new, Collectors.counting()));
        List<Map<String, Object>> templates = new ArrayList<>();
        for (SyntheticSuite.Template t : suite.templates()) {
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("id", t.id());
            view.put("sql", t.text());
            view.put("slots", t.slotKinds());
            view.put(
                    "seedQuestions",
                    t.frames().stream().map(SyntheticSuite.Frame::question).toList());
            view.put("pairs", perTemplate.getOrDefault(t.id(), 0L));
            templates.add(view);
        }
        summary.put("templates", templates);
        // Seeds and kept pairs side by side: Spider hardness counts and the mean query characteristics.
        Set<String> keptIds = kept.stream().map(w -> w.pair().id()).collect(Collectors.toSet());
        Map<String, List<Characteristics>> groups = new LinkedHashMap<>();
        groups.put("seeds", new ArrayList<>());
        groups.put("synthetic", new ArrayList<>());
        Map<String, Map<String, Integer>> byHardness = new LinkedHashMap<>();
        byHardness.put("seeds", new TreeMap<>());
        byHardness.put("synthetic", new TreeMap<>());
        analysed.forEach((id, c) -> {
            String group = id.startsWith("seed-") ? "seeds" : keptIds.contains(id) ? "synthetic" : null;
            if (group != null) {
                byHardness
                        .get(group)
                        .merge(c == null ? "unparsed" : c.hardness().label(), 1, Integer::sum);
                if (c != null) {
                    groups.get(group).add(c);
                }
            }
        });
        summary.put("hardness", byHardness);
        Map<String, Object> characteristics = new LinkedHashMap<>();
        groups.forEach((group, list) -> characteristics.put(group, means(list)));
        summary.put("characteristics", characteristics);
        // The seeds the set multiplies: those in a template (a seed that fails, is flagged or has nothing to vary
        // gives no pairs), so a reader sees which share the set could keep.
        Set<String> multiplied = suite.templates().stream()
                .flatMap(t -> t.frames().stream())
                .map(f -> "seed-" + f.seedIndex())
                .collect(Collectors.toSet());
        List<Characteristics> multipliedSeeds = analysed.entrySet().stream()
                .filter(e -> multiplied.contains(e.getKey()) && e.getValue() != null)
                .map(Map.Entry::getValue)
                .toList();
        summary.put("shares", SetChecks.shares(groups.get("seeds"), multipliedSeeds, groups.get("synthetic")));
        summary.put("seconds", Math.round(seconds * 10) / 10.0);
        return summary;
    }

    /** Mean joins, filters, aggregations… per query, and the share of queries with GROUP BY / ORDER BY / a subquery. */
    private static Map<String, Object> means(List<Characteristics> list) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("queries", list.size());
        m.put("joins", mean(list, c -> c.joins()));
        m.put("projections", mean(list, c -> c.projections()));
        m.put("filters", mean(list, c -> c.filters()));
        m.put("aggregations", mean(list, c -> c.aggregations()));
        m.put("subqueries", mean(list, c -> c.subqueries()));
        m.put("groupBy", mean(list, c -> c.groupBy() ? 1 : 0));
        m.put("orderBy", mean(list, c -> c.orderBy() ? 1 : 0));
        m.put("limit", mean(list, c -> c.limit() ? 1 : 0));
        return m;
    }

    private static double mean(List<Characteristics> list, ToIntFunction<Characteristics> f) {
        return list.isEmpty()
                ? 0
                : Math.round(list.stream().mapToInt(f).average().orElse(0) * 100) / 100.0;
    }

    /** @throws NotFound (404) when the tenant has no such set */
    /** The tenant's sets (without their pairs), newest first. */
    public Uni<List<SyntheticSet>> list(String tenantId) {
        return Panache.withSession(() -> repository.forTenant(tenantId));
    }

    public Uni<Stored> get(String tenantId, UUID id) {
        return Panache.withSession(() -> repository
                .findForTenant(tenantId, id)
                .onItem()
                .ifNull()
                .failWith(() -> new NotFound("no synthetic question set " + id))
                .chain(set -> repository
                        .pairs(id)
                        .map(pairs -> new Stored(set, SummaryJson.read(mapper, set.summary), pairs))));
    }

    /** The set as a question set (id, question, gold SQL) for a job. */
    public Uni<List<Question>> questions(String tenantId, UUID id) {
        return get(tenantId, id)
                .map(s -> s.pairs().stream().map(GeneratedQuestion::toQuestion).toList());
    }

    private String json(Object value) {
        return SummaryJson.write(mapper, value);
    }
}
