package dev.snailbench.workbench.refiner;

import static dev.snailbench.workbench.testing.SqlTools.PARSER;
import static dev.snailbench.workbench.testing.SqlTools.REWRITER;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.analysis.IdentifierExtractor;
import dev.snailbench.sql.analysis.LinkingScore;
import dev.snailbench.sql.analysis.QueryIdentifiers;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import dev.snailbench.workbench.synthetic.LexicalEmbedder;
import dev.snailbench.workbench.testing.QueryRows;
import io.smallrye.mutiny.Uni;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One refiner experiment on FootballDB v1 (embedded PostgreSQL), computed in-process: ambiguity injected as a view
 * schema over {@code exp_v1}, the refiner's view layer over it, and the {@link NameLinkingSimulator} ("name-linking
 * simulator, not an LLM") answering every dev question on the original, injected and refined names; its SQL is
 * mapped to the database it runs on, executed, and compared with the native gold result (strict: same rows, in
 * order when the gold query orders them). Linking scores compare the identifiers of the gold query with those of
 * the prediction read back to native names. Items whose gold query fails (id 377, and every {@code match_fact}
 * query: not in the dumps) are left out of every mean, as the scorer does.
 */
public final class RecoveryRun {

    /**
     * {@code -Drefiner.simulator}: the similarity the name-linking simulator links names with, {@code lexical}
     * (default: character 3-grams, the simulator as described) or {@code minilm}.
     */
    static final String SIMULATOR = System.getProperty("refiner.simulator", "lexical");

    static final List<String> METRICS = List.of("executionAccuracy", "queryRecall", "queryPrecision", "queryF1");

    /** Per variant: metric → sum, plus the count of items and of mislinked columns. */
    record Totals(
            Map<Variant, double[]> sums,
            int items,
            Map<Variant, Integer> mislinked,
            int injectedColumns,
            int findings,
            int refinedColumns) {

        /** Seeds pooled: the sums and counts added up. */
        Totals plus(Totals o) {
            Map<Variant, double[]> s = new EnumMap<>(Variant.class);
            Map<Variant, Integer> m = new EnumMap<>(Variant.class);
            for (Variant v : Variant.values()) {
                double[] a = sums.get(v).clone();
                for (int i = 0; i < a.length; i++) {
                    a[i] += o.sums().get(v)[i];
                }
                s.put(v, a);
                m.put(v, mislinked.get(v) + o.mislinked().get(v));
            }
            return new Totals(
                    s,
                    items + o.items(),
                    m,
                    injectedColumns + o.injectedColumns(),
                    findings + o.findings(),
                    refinedColumns + o.refinedColumns());
        }

        List<Recovery> table() {
            List<Recovery> rows = new ArrayList<>();
            for (int m = 0; m < METRICS.size(); m++) {
                rows.add(new Recovery(
                        METRICS.get(m),
                        sums.get(Variant.ORIGINAL)[m] / items,
                        sums.get(Variant.INJECTED)[m] / items,
                        sums.get(Variant.REFINED)[m] / items));
            }
            return rows;
        }

        Recovery metric(String name) {
            return table().get(METRICS.indexOf(name));
        }
    }

    private RecoveryRun() {}

    static Totals run(double rate, long seed) throws Exception {
        return run(rate, seed, OfflinePackager.Context.SCHEMA, Arm.AFTER);
    }

    /**
     * What the refiner is given and how it names homonyms. {@link #BEFORE}: the schema as the dumps declare it (no
     * sample values), lexical SSS, a homonym's table entity in front of it. {@link #AFTER}: sample values read from
     * the database as the executor reads them for the refiner ({@code snailbench.refiner.sample-values}, 5
     * distinct values per column), MiniLM SSS (the refiner's default backend), homonyms named by their evidence
     * ({@link RefinedViews.HomonymNames#EVIDENCE}). {@link #JOB}: what a job's {@code schemaVariant: refined}
     * computes when its prompt options read no sample values (MiniLM, evidence).
     */
    public record Arm(String label, boolean samples, String embeddings, RefinedViews.HomonymNames homonyms) {

        public static final Arm BEFORE = new Arm(
                "before: no values, lexical SSS, entity in front",
                false,
                "lexical",
                RefinedViews.HomonymNames.TABLE_ENTITY);
        public static final Arm AFTER = new Arm(
                "after: 5 values per column, minilm SSS, homonyms by evidence",
                true,
                "minilm",
                RefinedViews.HomonymNames.EVIDENCE);
        public static final Arm JOB = new Arm(
                "job without sample values: minilm SSS, homonyms by evidence",
                false,
                "minilm",
                RefinedViews.HomonymNames.EVIDENCE);
    }

    /** FootballDB v1 with injected ambiguity and the refiner's repair of it: what each variant shows a model. */
    public record Setup(
            DatabaseSchema schema,
            InjectedSchema injected,
            SchemaGraph ambiguous,
            List<Ambiguity> findings,
            Renaming refined,
            SchemaVariants variants) {}

    /** {@code context}: the words the offline packager may expand an abbreviation to (the baselines). */
    public static Setup setup(double rate, long seed, OfflinePackager.Context context) throws Exception {
        return setup(rate, seed, context, Arm.JOB);
    }

    public static Setup setup(double rate, long seed, OfflinePackager.Context context, Arm arm) throws Exception {
        DatabaseSchema schema = DatasetSchemas.footballDb(1);
        if (arm.samples()) {
            schema = DatasetSchemas.withSamples(schema, "footballdb_v1", SAMPLE_VALUES);
        }
        InjectedSchema injected = AmbiguityInjector.inject(schema, rate, seed);
        SchemaGraph ambiguous = SchemaGraph.of(injected.as(SqlDialect.POSTGRESQL));
        List<SemanticPackage> packages = new OfflinePackager(context).describe(ambiguous);
        List<Ambiguity> findings = AmbiguityDetector.detect(
                ambiguous,
                packages,
                TestEmbeddings.of(arm.embeddings(), AmbiguityDetector.texts(packages)),
                Thresholds.PAPER);
        Renaming refined = RefinedViews.plan(ambiguous, packages, findings, arm.homonyms());
        return new Setup(
                schema,
                injected,
                ambiguous,
                findings,
                refined,
                new SchemaVariants(injected.renaming(), refined, SqlDialect.POSTGRESQL));
    }

    /** The refiner's default count of distinct sample values per column ({@code snailbench.refiner.sample-values}). */
    static final int SAMPLE_VALUES = 5;

    static Totals run(double rate, long seed, OfflinePackager.Context context, Arm arm) throws Exception {
        Setup setup = setup(rate, seed, context, arm);
        DatabaseSchema schema = setup.schema();
        InjectedSchema injected = setup.injected();
        SchemaGraph ambiguous = setup.ambiguous();
        List<Ambiguity> findings = setup.findings();
        Renaming refined = setup.refined();
        SchemaVariants variants = setup.variants();
        String amb = "rec_amb_" + seed;
        String ref =
                "rec_ref_" + seed + "_" + arm.homonyms().name().toLowerCase(Locale.ROOT) + (arm.samples() ? "_v" : "");

        if (Boolean.getBoolean("refiner.debug")) {
            for (Ambiguity a : findings) {
                for (ColumnRef col : a.columns()) {
                    SchemaGraph.ColumnNode node = ambiguous.column(col.key());
                    System.out.printf(
                            "  finding %s %s → %s %s%n",
                            a.type(), col, refined.nameOf(col), node == null ? "" : node.samples());
                }
            }
        }
        Map<Variant, NameLinkingSimulator> simulators = new EnumMap<>(Variant.class);
        Map<Variant, Integer> mislinked = new EnumMap<>(Variant.class);
        Map<Variant, double[]> sums = new EnumMap<>(Variant.class);
        for (Variant v : Variant.values()) {
            Renaming shown = variants.shown(v);
            NameLinkingSimulator sim = NameLinkingSimulator.link(
                    shown,
                    SIMULATOR.equals("minilm")
                            ? texts -> Uni.createFrom()
                                    .item(texts.stream()
                                            .map(TestEmbeddings.minilm(texts))
                                            .toList())
                            : new LexicalEmbedder());
            simulators.put(v, sim);
            mislinked.put(v, sim.mislinked(shown));
            if (Boolean.getBoolean("refiner.debug")) {
                for (ColumnRef col : shown.all()) {
                    if (!sim.links().nameOf(col).equalsIgnoreCase(shown.nameOf(col))) {
                        System.out.printf(
                                "  %s %s: shown %s, linked %s%n",
                                v.label(), col, shown.nameOf(col), sim.links().nameOf(col));
                    }
                }
            }
            sums.put(v, new double[METRICS.size()]);
        }
        int items = 0;
        try (Connection c = LocalStack.targets().connect("footballdb_v1")) {
            try (Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA IF EXISTS " + ref + " CASCADE");
                s.execute("DROP SCHEMA IF EXISTS " + amb + " CASCADE");
            }
            apply(
                    c,
                    RefinedViews.ddl(SchemaGraph.of(schema), injected.renaming(), "exp_v1", amb, SqlDialect.POSTGRESQL)
                            .statements());
            apply(
                    c,
                    RefinedViews.ddl(ambiguous, refined, amb, ref, SqlDialect.POSTGRESQL)
                            .statements());
            JsonNode dev = new ObjectMapper()
                    .readTree(
                            DataDir.resolve().resolve("footballdb/v1/dev.json").toFile());
            for (JsonNode q : dev) {
                String gold = q.get("query").asText();
                boolean ordered = gold.toLowerCase().contains("order by");
                List<List<String>> expected = QueryRows.of(c, "exp_v1", gold, ordered);
                if (expected == null) {
                    continue; // gold failed: says nothing about the names
                }
                items++;
                QueryIdentifiers goldIds = identifiers(gold);
                for (Variant v : Variant.values()) {
                    String predicted = simulators.get(v).predict(REWRITER, gold, SqlDialect.POSTGRESQL);
                    String onDatabase = variants.toDatabase(REWRITER, v, predicted);
                    List<List<String>> rows =
                            QueryRows.of(c, v == Variant.ORIGINAL ? "exp_v1" : amb, onDatabase, ordered);
                    LinkingScore linking =
                            LinkingScore.of(goldIds, identifiers(variants.toNative(REWRITER, v, predicted)));
                    if (Boolean.getBoolean("refiner.debug") && !linking.extra().isEmpty()) {
                        System.out.printf(
                                "  extra %s id %s: %s | on database: %s | native: %s%n",
                                v.label(),
                                q.get("id"),
                                linking.extra(),
                                onDatabase,
                                variants.toNative(REWRITER, v, predicted));
                    }
                    double[] sum = sums.get(v);
                    sum[0] += expected.equals(rows) ? 1 : 0;
                    sum[1] += linking.queryRecall();
                    sum[2] += linking.queryPrecision();
                    sum[3] += linking.queryF1();
                }
            }
        }
        return new Totals(
                sums,
                items,
                mislinked,
                injected.renaming().renamed().size(),
                findings.size(),
                refined.renamed().size());
    }

    static void print(String title, Totals t) {
        System.out.printf(
                "%s [%s]: %d dev queries with a gold result; %d columns renamed by injection, %d findings, "
                        + "%d columns renamed by the view layer; mislinked columns: original %d, injected %d, refined %d%n",
                title,
                NameLinkingSimulator.LABEL,
                t.items(),
                t.injectedColumns(),
                t.findings(),
                t.refinedColumns(),
                t.mislinked().get(Variant.ORIGINAL),
                t.mislinked().get(Variant.INJECTED),
                t.mislinked().get(Variant.REFINED));
        System.out.println(Recovery.header());
        t.table().forEach(r -> System.out.println(r.row()));
    }

    private static QueryIdentifiers identifiers(String sql) {
        return IdentifierExtractor.extract(PARSER.parse(sql, SqlDialect.POSTGRESQL));
    }

    private static void apply(Connection c, List<String> ddl) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : ddl) {
                s.execute(sql);
            }
        }
    }
}
