package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.DatabaseSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Detection quality of the offline backends (rule packages, lexical SSS) on injected ambiguity over FootballDB
 * v1–v3 and the 9 SNAILS schemas, 3 seeds each, at rate 0.05. Prints precision / recall / F1 per type:
 * <ul>
 * <li>"all": every finding counts, including the ambiguity the schemas already had (no ground truth covers it);</li>
 * <li>"injected": findings the detector also makes on the original schema are set aside on both sides, so only
 * what injection changed is scored;</li>
 * <li>then thresholds fitted by grid search on seed 1 (validation) and scored on seeds 2–3;</li>
 * <li>then "injected" again with the packager's expansions drawn from each column's community, or its table only
 * (the issue's baselines), instead of the whole schema.</li>
 * </ul>
 * <pre>
 * mvn -B -q -pl generator-service test -Dtest=RefinerDetectionBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class RefinerDetectionBenchmark {

    static final double RATE = 0.05;

    /** {@code -Drefiner.embeddings}: minilm (default) or lexical. */
    static final String EMBEDDINGS = System.getProperty("refiner.embeddings", "minilm");

    /**
     * {@code -Drefiner.max-columns}: schemas with more columns are left out (default 1500 with minilm, which embeds
     * ~85 texts/s on one core: SBODemoUS' 10,612 columns alone would take half an hour; unlimited with lexical).
     */
    static final int MAX_COLUMNS =
            Integer.getInteger("refiner.max-columns", EMBEDDINGS.equals("lexical") ? Integer.MAX_VALUE : 1500);

    static Function<String, float[]> vectors(Collection<String> texts) {
        return TestEmbeddings.of(EMBEDDINGS, texts);
    }

    /** FootballDB v1–v3 and the SNAILS schemas, those above {@link #MAX_COLUMNS} left out (printed). */
    static Map<String, DatabaseSchema> schemas() throws IOException {
        Map<String, DatabaseSchema> schemas = new LinkedHashMap<>();
        for (int v = 1; v <= 3; v++) {
            schemas.put("footballdb_v" + v, DatasetSchemas.footballDb(v));
        }
        for (String s : DatasetSchemas.SNAILS) {
            schemas.put(s, DatasetSchemas.snails(s));
        }
        schemas.entrySet().removeIf(e -> {
            int columns = e.getValue().tables().stream()
                    .mapToInt(t -> t.columns().size())
                    .sum();
            if (columns > MAX_COLUMNS) {
                System.out.printf(
                        "left out: %s (%d columns > refiner.max-columns %d)%n", e.getKey(), columns, MAX_COLUMNS);
                return true;
            }
            return false;
        });
        return schemas;
    }

    @Test
    void shouldPrintPrecisionRecallAndF1PerAmbiguityType() throws Exception {
        Map<String, DatabaseSchema> schemas = schemas();
        long started = System.nanoTime();
        List<ThresholdSearch.Case> validation = new ArrayList<>();
        List<ThresholdSearch.Case> test = new ArrayList<>();
        List<ThresholdSearch.Case> all = new ArrayList<>();
        List<ThresholdSearch.Case> raw = new ArrayList<>();
        int injected = 0;
        for (Map.Entry<String, DatabaseSchema> e : schemas.entrySet()) {
            Set<String> before = findingsBefore(e.getValue(), OfflinePackager.Context.SCHEMA);
            for (long seed = 1; seed <= 3; seed++) {
                InjectedSchema variant = AmbiguityInjector.inject(e.getValue(), RATE, seed);
                SchemaGraph graph = SchemaGraph.of(variant.schema());
                List<SemanticPackage> packages = new OfflinePackager().describe(graph);
                var candidates =
                        AmbiguityDetector.candidates(graph, packages, vectors(AmbiguityDetector.texts(packages)));
                var toOriginal = variant.toOriginalNames();
                List<Ambiguity> truth = variant.truth().stream().map(toOriginal).toList();
                injected += truth.size();
                ThresholdSearch.Case c = new ThresholdSearch.Case(graph, candidates, truth, before, toOriginal);
                all.add(c);
                raw.add(new ThresholdSearch.Case(graph, candidates, truth, Set.of(), toOriginal));
                (seed == 1 ? validation : test).add(c);
            }
        }
        System.out.printf(
                "Schema-Refiner detection, offline packages, " + EMBEDDINGS
                        + " embeddings: %d schemas x 3 seeds, rate %.2f, %d injected "
                        + "ambiguities (%.1f s to inject, package and embed)%n",
                schemas.size(),
                RATE,
                injected,
                (System.nanoTime() - started) / 1e9);
        print("paper thresholds, all findings", ThresholdSearch.score(raw, Thresholds.PAPER), Thresholds.PAPER);
        print("paper thresholds, injected only", ThresholdSearch.score(all, Thresholds.PAPER), Thresholds.PAPER);
        Thresholds fitted = ThresholdSearch.fit(validation);
        print("fitted on seed 1, scored on seeds 2-3", ThresholdSearch.score(test, fitted), fitted);
        print("paper thresholds, seeds 2-3", ThresholdSearch.score(test, Thresholds.PAPER), Thresholds.PAPER);

        // The issue's baselines: expansions drawn from the column's Leiden community or its table only, instead
        // of the whole schema (the default above).
        for (OfflinePackager.Context context :
                List.of(OfflinePackager.Context.COMMUNITY, OfflinePackager.Context.TABLE)) {
            List<ThresholdSearch.Case> cases = new ArrayList<>();
            for (Map.Entry<String, DatabaseSchema> e : schemas.entrySet()) {
                Set<String> before = findingsBefore(e.getValue(), context);
                for (long seed = 1; seed <= 3; seed++) {
                    InjectedSchema variant = AmbiguityInjector.inject(e.getValue(), RATE, seed);
                    SchemaGraph graph = SchemaGraph.of(variant.schema());
                    List<SemanticPackage> packages = new OfflinePackager(context).describe(graph);
                    var toOriginal = variant.toOriginalNames();
                    cases.add(new ThresholdSearch.Case(
                            graph,
                            AmbiguityDetector.candidates(graph, packages, vectors(AmbiguityDetector.texts(packages))),
                            variant.truth().stream().map(toOriginal).toList(),
                            before,
                            toOriginal));
                }
            }
            print(
                    "paper thresholds, injected only, " + context.name().toLowerCase() + " context",
                    ThresholdSearch.score(cases, Thresholds.PAPER),
                    Thresholds.PAPER);
        }
    }

    /** What the detector reports on FootballDB v1 as shipped (no injection): every finding is a false alarm. */
    @Test
    void shouldListTheFindingsOnTheOriginalFootballDbV1() throws Exception {
        SchemaGraph graph = SchemaGraph.of(DatasetSchemas.footballDb(1));
        List<SemanticPackage> packages = new OfflinePackager().describe(graph);
        List<Ambiguity> found =
                AmbiguityDetector.detect(graph, packages, vectors(AmbiguityDetector.texts(packages)), Thresholds.PAPER);
        System.out.printf(
                "FootballDB v1 as shipped, %s embeddings, paper thresholds: %d findings%n", EMBEDDINGS, found.size());
        found.forEach(
                a -> System.out.printf("  %-9s %-60s %.3f %s%n", a.type().label(), a.columns(), a.sss(), a.evidence()));
    }

    private static void print(String title, DetectionScore score, Thresholds t) {
        System.out.printf(
                "%s (tau_irreg %.2f, sigma_syn %.2f, sigma_hom %.2f)%n",
                title, t.irregular(), t.synonym(), t.homonym());
        System.out.printf("  %-10s %6s %6s %6s %6s %6s %6s%n", "type", "TP", "FP", "FN", "P", "R", "F1");
        int tp = 0;
        int fp = 0;
        int fn = 0;
        for (Ambiguity.Type type : Ambiguity.Type.values()) {
            DetectionScore.Counts c = score.of(type);
            System.out.printf(
                    "  %-10s %6d %6d %6d %6.3f %6.3f %6.3f%n",
                    type.label(),
                    c.truePositives(),
                    c.falsePositives(),
                    c.falseNegatives(),
                    c.precision(),
                    c.recall(),
                    c.f1());
            tp += c.truePositives();
            fp += c.falsePositives();
            fn += c.falseNegatives();
        }
        DetectionScore.Counts micro = new DetectionScore.Counts(tp, fp, fn);
        System.out.printf(
                "  %-10s %6d %6d %6d %6.3f %6.3f %6.3f%n",
                "micro", tp, fp, fn, micro.precision(), micro.recall(), micro.f1());
    }

    /** What the detector finds on a schema before any injection: no ground truth covers it, so it is set aside. */
    private static Set<String> findingsBefore(DatabaseSchema schema, OfflinePackager.Context context) {
        SchemaGraph original = SchemaGraph.of(schema);
        List<SemanticPackage> packages = new OfflinePackager(context).describe(original);
        return AmbiguityDetector.detect(
                        original, packages, vectors(AmbiguityDetector.texts(packages)), Thresholds.PAPER)
                .stream()
                .map(Ambiguity::id)
                .collect(Collectors.toCollection(HashSet::new));
    }
}
