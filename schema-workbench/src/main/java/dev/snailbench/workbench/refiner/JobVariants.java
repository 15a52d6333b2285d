package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.workbench.embedding.EmbeddingBackends;
import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import dev.snailbench.workbench.support.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The names a job's questions are shown under when it is asked on a schema variant (Schema-Refiner's experiment
 * with a model): computed from the team's schema as the executor read it, as a virtual schema over the same
 * database (physical column → shown name; nothing is created in the database). Injected: ambiguity injected with
 * the job's seed and rate. Refined: the view layer's canonical names the refiner (offline packager, MiniLM SSS —
 * the refiner's default —, the configured thresholds, the sample values the job's prompt options read) gives that
 * injected schema, as {@code POST /refiner/views} would build them; or, when nothing is injected
 * ({@link JobVariant#refinesOriginal()}), the names that view layer gives the team's own schema as it is. The
 * inference service shows these names in the prompt and maps the answer back to the physical names before it runs.
 */
@ApplicationScoped
public class JobVariants {

    private final SchemaRefiner refiner;

    public JobVariants(SchemaRefiner refiner) {
        this.refiner = refiner;
    }

    /** The team's schema asked on {@code variant}'s names. */
    public Uni<TeamSchema> of(TeamSchema team, JobVariant variant, SqlDialect dialect) {
        if (variant.kind() == Variant.ORIGINAL) {
            return Uni.createFrom().item(team.withVariant(new TeamSchema.Variant(variant.label(), List.of())));
        }
        Duration timeout = Duration.ofSeconds(30);
        if (variant.refinesOriginal()) {
            // The team's own names, repaired: nothing injected, so the "physical" schema is the native one.
            DatabaseSchema own = team.schema();
            Renaming none = new Renaming(
                    Map.of(),
                    own.tables().stream()
                            .flatMap(t -> t.columns().stream().map(c -> new ColumnRef(t.name(), c.name())))
                            .toList());
            return refiner.analyse(
                            null,
                            team.name(),
                            own,
                            new SchemaRefiner.Options(
                                    "offline", EmbeddingBackends.MINILM, refiner.defaults(), variant.context()))
                    .chain(analysis -> Blocking.run(
                            () -> shown(
                                    team,
                                    variant,
                                    new SchemaVariants(
                                            none,
                                            RefinedViews.plan(
                                                    SchemaGraph.of(own),
                                                    analysis.semanticPackages(),
                                                    analysis.findings()),
                                            dialect),
                                    Variant.REFINED),
                            timeout));
        }
        return Blocking.run(() -> AmbiguityInjector.inject(team.schema(), variant.rate(), variant.seed()), timeout)
                .chain(injected -> {
                    if (variant.kind() == Variant.INJECTED) {
                        return Uni.createFrom()
                                .item(shown(
                                        team,
                                        variant,
                                        new SchemaVariants(
                                                injected.renaming(), new Renaming(Map.of(), List.of()), dialect),
                                        Variant.INJECTED));
                    }
                    // The refiner meets the injected schema as a database shows it (PostgreSQL folds the new names).
                    var ambiguous = injected.as(dialect);
                    return refiner.analyse(
                                    null,
                                    team.name(),
                                    ambiguous,
                                    new SchemaRefiner.Options(
                                            "offline", EmbeddingBackends.MINILM, refiner.defaults(), variant.context()))
                            .chain(analysis -> Blocking.run(
                                    () -> shown(
                                            team,
                                            variant,
                                            new SchemaVariants(
                                                    injected.renaming(),
                                                    RefinedViews.plan(
                                                            SchemaGraph.of(ambiguous),
                                                            analysis.semanticPackages(),
                                                            analysis.findings()),
                                                    dialect),
                                            Variant.REFINED),
                                    timeout));
                });
    }

    private static TeamSchema shown(TeamSchema team, JobVariant variant, SchemaVariants variants, Variant kind) {
        List<TeamSchema.ShownColumn> columns = variants.shown(kind).renamed().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> new TeamSchema.ShownColumn(
                        e.getKey().table(), e.getKey().column(), e.getValue()))
                .toList();
        return team.withVariant(new TeamSchema.Variant(variant.label(), columns));
    }
}
