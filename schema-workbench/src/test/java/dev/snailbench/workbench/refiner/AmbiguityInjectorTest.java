package dev.snailbench.workbench.refiner;

import static dev.snailbench.workbench.testing.SqlTools.REWRITER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SqlDialect;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AmbiguityInjectorTest {

    @Test
    void shouldInjectEveryTypeWithItsGroundTruthAndRepeatAVariantForItsSeed() throws Exception {
        DatabaseSchema schema = DatasetSchemas.footballDb(1);

        InjectedSchema a = AmbiguityInjector.inject(schema, 0.05, 7);

        Set<String> columns = new HashSet<>();
        a.schema()
                .tables()
                .forEach(t -> t.columns().forEach(c -> columns.add(new ColumnRef(t.name(), c.name()).key())));
        for (Ambiguity.Type type : Ambiguity.Type.values()) {
            assertThat(a.truth())
                    .filteredOn(x -> x.type() == type)
                    .as(type.label())
                    .isNotEmpty();
        }
        // Every ground-truth column exists under its injected name; homonyms share a name, synonyms do not.
        a.truth().forEach(x -> x.columns().forEach(c -> assertThat(columns).contains(c.key())));
        a.truth().stream()
                .filter(x -> x.type() == Ambiguity.Type.HOMONYM)
                .forEach(x -> assertThat(x.columns().get(0).column())
                        .isEqualToIgnoringCase(x.columns().get(1).column()));
        a.truth().stream()
                .filter(x -> x.type() == Ambiguity.Type.SYNONYM)
                .forEach(x -> assertThat(x.columns().get(0).column())
                        .isNotEqualToIgnoringCase(x.columns().get(1).column()));
        assertThat(columns)
                .hasSize(schema.tables().stream()
                        .mapToInt(t -> t.columns().size())
                        .sum());

        assertThat(AmbiguityInjector.inject(schema, 0.05, 7).truth()).isEqualTo(a.truth());
        assertThat(AmbiguityInjector.inject(schema, 0.05, 8).truth()).isNotEqualTo(a.truth());
        assertThat(AmbiguityInjector.inject(schema, 0.15, 7).truth().size())
                .isGreaterThan(a.truth().size());
    }

    @Test
    void shouldRewriteEveryDevGoldQueryToTheInjectedNamesAndBack() throws Exception {
        DatabaseSchema schema = DatasetSchemas.footballDb(1);
        InjectedSchema injected = AmbiguityInjector.inject(schema, 0.1, 3);
        Renaming identity = new Renaming(Map.of(), injected.renaming().all());
        JsonNode dev = new ObjectMapper()
                .readTree(DataDir.resolve().resolve("footballdb/v1/dev.json").toFile());

        int changed = 0;
        for (JsonNode q : dev) {
            String gold = q.get("query").asText();
            var forward = injected.renaming().rewrite(REWRITER, gold, SqlDialect.POSTGRESQL, false);
            var back = injected.renaming().rewrite(REWRITER, forward.sql(), SqlDialect.POSTGRESQL, true);
            String normalized = identity.rewrite(REWRITER, gold, SqlDialect.POSTGRESQL, false)
                    .sql();
            assertThat(back.sql()).as("id " + q.get("id")).isEqualTo(normalized);
            assertThat(forward.ambiguous()).as("id " + q.get("id")).isEmpty();
            if (!forward.sql().equals(normalized)) {
                changed++;
            }
        }
        // Most gold queries touch a renamed column at this rate.
        assertThat(changed).isGreaterThan(20);
    }

    @Test
    void shouldGiveTheSameNameToBothColumnsOfAHomonymAndKeepEveryOtherColumn() throws Exception {
        DatabaseSchema schema = DatasetSchemas.footballDb(2);
        InjectedSchema injected = AmbiguityInjector.inject(schema, 0.05, 1);

        List<ColumnRef> renamed = List.copyOf(injected.renaming().renamed().keySet());
        int touchedByTruth = (int) injected.truth().stream()
                .flatMap(x -> x.columns().stream())
                .map(injected::originalOf)
                .filter(renamed::contains)
                .distinct()
                .count();
        assertThat(touchedByTruth).isEqualTo(renamed.size());
        for (ColumnRef c : renamed) {
            assertThat(injected.originalOf(
                            new ColumnRef(c.table(), injected.renaming().nameOf(c))))
                    .isEqualTo(c);
        }
    }
}
