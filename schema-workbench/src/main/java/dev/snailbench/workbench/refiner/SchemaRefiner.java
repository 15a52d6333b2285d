package dev.snailbench.workbench.refiner;

import dev.snailbench.llm.OpenAiClient;
import dev.snailbench.llm.OpenAiClients;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.workbench.config.RefinerConfig;
import dev.snailbench.workbench.embedding.EmbeddingBackends;
import dev.snailbench.workbench.embedding.SentenceEmbedder;
import dev.snailbench.workbench.messaging.TeamDatabases;
import dev.snailbench.workbench.support.Blocking;
import dev.snailbench.workbench.synthetic.LexicalEmbedder;
import dev.snailbench.workbench.synthetic.TextEmbedder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Schema-Refiner on a tenant's registered database: reads its schema with keys and sample values through the
 * executor, builds the knowledge graph and its Leiden communities, writes semantic packages (offline rules or the
 * LLM), embeds (lexical or the embeddings backend) and detects homonyms, synonyms and irregular names; builds the
 * repairing view layer (and applies it through the executor), injects ambiguity, and maps SQL on the views back to
 * the physical names. Graph, Leiden, detection and SQL parsing run on the worker pool.
 */
@ApplicationScoped
public class SchemaRefiner {

    /** Which backends write the packages ({@code offline}/{@code llm}) and embed ({@code minilm}/{@code lexical}/{@code openai}). */
    /**
     * {@code context}: the words the offline packager may expand an abbreviation to (whole schema, the column's
     * community, or its table: the baselines); null = the whole schema.
     */
    public record Options(String packages, String embeddings, Thresholds thresholds, OfflinePackager.Context context) {

        public Options(String packages, String embeddings, Thresholds thresholds) {
            this(packages, embeddings, thresholds, OfflinePackager.Context.SCHEMA);
        }
    }

    public record Analysis(
            UUID databaseId,
            String nativeSchema,
            String dialect,
            int tables,
            int columns,
            int communities,
            String packages,
            String embeddings,
            Thresholds thresholds,
            List<Ambiguity> findings,
            List<SemanticPackage> semanticPackages) {}

    public record Views(Analysis analysis, RefinedViews.ViewLayer views, boolean applied) {}

    public record Injection(
            UUID databaseId,
            String nativeSchema,
            double rate,
            long seed,
            Map<String, Map<String, String>> renamed,
            List<Ambiguity> truth,
            RefinedViews.ViewLayer views,
            List<String> sql) {}

    private final TeamDatabases databases;
    private final RefinerConfig config;
    private final OpenAiClients clients;
    private final SentenceEmbedder sentences;
    private final IdentifierRewriter rewriter;

    public SchemaRefiner(
            TeamDatabases databases,
            RefinerConfig config,
            OpenAiClients clients,
            SentenceEmbedder sentences,
            IdentifierRewriter rewriter) {
        this.rewriter = rewriter;
        this.databases = databases;
        this.sentences = sentences;
        this.config = config;
        this.clients = clients;
    }

    public boolean llmConfigured() {
        return config.llm().baseUrl().isPresent();
    }

    public boolean embeddingsConfigured() {
        return config.embeddings().baseUrl().isPresent();
    }

    public Thresholds defaults() {
        return new Thresholds(config.irregularThreshold(), config.synonymThreshold(), config.homonymThreshold());
    }

    public Uni<Analysis> analyse(String tenantId, UUID databaseId, String nativeSchema, Options options) {
        return databases
                .promptSchema(
                        tenantId,
                        databaseId,
                        nativeSchema,
                        config.sampleValues(),
                        DatabaseTaskRequested.Sampling.HASHED)
                .chain(team -> analyse(databaseId, nativeSchema, team.schema(), options));
    }

    Uni<Analysis> analyse(UUID databaseId, String nativeSchema, DatabaseSchema schema, Options options) {
        int columns = schema.tables().stream().mapToInt(t -> t.columns().size()).sum();
        if (columns > config.maxColumns()) {
            throw InvalidInput.of(
                    "nativeSchema",
                    "schema " + nativeSchema + " has " + columns + " columns, more than the " + config.maxColumns()
                            + " one analysis may cover");
        }
        Duration timeout = Duration.ofSeconds(config.timeoutSeconds());
        record Prepared(SchemaGraph graph, ColumnCommunities communities) {}
        return Blocking.run(
                        () -> {
                            SchemaGraph graph = SchemaGraph.of(schema);
                            return new Prepared(graph, ColumnCommunities.of(graph, 42));
                        },
                        timeout)
                .chain(p -> packager(options)
                        .packages(p.graph(), p.communities())
                        .chain(packages -> SemanticSimilarityVectors.vectors(
                                        embedder(options.embeddings()),
                                        AmbiguityDetector.texts(packages),
                                        options.embeddings().equals(EmbeddingBackends.OPENAI)
                                                ? config.embeddings().batchSize()
                                                : Integer.MAX_VALUE)
                                .chain(vectors -> Blocking.run(
                                        () -> new Analysis(
                                                databaseId,
                                                nativeSchema,
                                                dialectOf(schema).id(),
                                                p.graph().tables().size(),
                                                p.graph().columns().size(),
                                                p.communities().count(),
                                                options.packages(),
                                                options.embeddings(),
                                                options.thresholds(),
                                                AmbiguityDetector.detect(
                                                        p.graph(), packages, vectors, options.thresholds()),
                                                packages),
                                        timeout))));
    }

    public Uni<Views> views(
            String tenantId, UUID databaseId, String nativeSchema, String viewSchema, boolean apply, Options options) {
        return databases
                .promptSchema(
                        tenantId,
                        databaseId,
                        nativeSchema,
                        config.sampleValues(),
                        DatabaseTaskRequested.Sampling.HASHED)
                .chain(team -> analyse(databaseId, nativeSchema, team.schema(), options)
                        .map(analysis -> {
                            SchemaGraph graph = SchemaGraph.of(team.schema());
                            Renaming renaming =
                                    RefinedViews.plan(graph, analysis.semanticPackages(), analysis.findings());
                            return new Views(
                                    analysis,
                                    RefinedViews.ddl(
                                            graph, renaming, nativeSchema, viewSchema, dialectOf(team.schema())),
                                    false);
                        }))
                .chain(v -> apply
                        ? databases
                                .applyViews(
                                        tenantId,
                                        databaseId,
                                        nativeSchema,
                                        v.views().statements())
                                .map(n -> new Views(v.analysis(), v.views(), true))
                        : Uni.createFrom().item(v));
    }

    public Uni<Injection> inject(
            String tenantId,
            UUID databaseId,
            String nativeSchema,
            double rate,
            long seed,
            String viewSchema,
            List<String> sql,
            SqlDialect dialect) {
        return databases
                .promptSchema(tenantId, databaseId, nativeSchema, 0)
                .chain(team -> Blocking.run(
                        () -> {
                            InjectedSchema injected = AmbiguityInjector.inject(team.schema(), rate, seed);
                            Map<String, Map<String, String>> renamed = new LinkedHashMap<>();
                            injected.renaming()
                                    .renamed()
                                    .forEach((c, name) -> renamed.computeIfAbsent(c.table(), k -> new LinkedHashMap<>())
                                            .put(c.column(), name));
                            List<String> rewritten = new ArrayList<>();
                            for (String s : sql) {
                                rewritten.add(injected.renaming()
                                        .rewrite(rewriter, s, dialect, false)
                                        .sql());
                            }
                            SchemaGraph graph = SchemaGraph.of(team.schema());
                            return new Injection(
                                    databaseId,
                                    nativeSchema,
                                    rate,
                                    seed,
                                    renamed,
                                    injected.truth(),
                                    RefinedViews.ddl(
                                            graph,
                                            injected.renaming(),
                                            nativeSchema,
                                            viewSchema,
                                            dialectOf(team.schema())),
                                    rewritten);
                        },
                        Duration.ofSeconds(config.timeoutSeconds())));
    }

    /**
     * SQL written against a view layer's names mapped back to the physical names; {@code mapping} is the layer's
     * {@code columns} (table → view column → physical column).
     */
    public Uni<IdentifierRewriter.Result> rewriteBack(
            String sql, SqlDialect dialect, Map<String, Map<String, String>> mapping) {
        return Blocking.run(
                () -> backMapping(mapping).rewrite(rewriter, sql, dialect, true),
                Duration.ofSeconds(config.timeoutSeconds()));
    }

    /** The physical → view renaming a view layer's mapping describes. */
    public static Renaming backMapping(Map<String, Map<String, String>> mapping) {
        Map<ColumnRef, String> renamed = new LinkedHashMap<>();
        List<ColumnRef> all = new ArrayList<>();
        mapping.forEach((table, columns) -> columns.forEach((view, physical) -> {
            ColumnRef c = new ColumnRef(table, physical);
            all.add(c);
            if (!view.equals(physical)) {
                renamed.put(c, view);
            }
        }));
        return new Renaming(renamed, all);
    }

    private SemanticPackager packager(Options options) {
        if (options.packages().equals("llm")) {
            OpenAiClient llm = clients.client("snailbench.refiner.llm", config.llm());
            return new LlmPackager(llm, llm.model("gpt-4o-mini"), config.llm().batchSize());
        }
        return new OfflinePackager(options.context() == null ? OfflinePackager.Context.SCHEMA : options.context());
    }

    private TextEmbedder embedder(String name) {
        if (name.equals(EmbeddingBackends.MINILM)) {
            return sentences;
        }
        if (name.equals(EmbeddingBackends.OPENAI)) {
            OpenAiClient embeddings = clients.client("snailbench.refiner.embeddings", config.embeddings());
            String model = embeddings.model("text-embedding-3-small");
            return texts -> embeddings.embed(model, texts);
        }
        return new LexicalEmbedder();
    }

    static SqlDialect dialectOf(DatabaseSchema schema) {
        String product =
                schema.databaseProduct() == null ? "" : schema.databaseProduct().toLowerCase(Locale.ROOT);
        return product.contains("sql server") ? SqlDialect.SQLSERVER : SqlDialect.POSTGRESQL;
    }
}
