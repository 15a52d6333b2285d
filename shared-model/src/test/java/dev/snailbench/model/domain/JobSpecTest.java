package dev.snailbench.model.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.EvaluationOptions.GoldScreening;
import dev.snailbench.model.domain.EvaluationOptions.Linking;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** A job spec's copies change what they name and keep everything else a team asked for. */
class JobSpecTest {

    /** Every component set, none to its default, so that a copy that drops one is seen. */
    private static final JobSpec SPEC = new JobSpec(
            "options kept",
            new DatabaseRef(SqlDialect.POSTGRESQL, "jdbc:postgresql://db/football", "reader", "sealed", "db-1", null),
            SqlDialect.POSTGRESQL,
            List.of(new ModelRef("gpt", "openai", "gpt-4o-mini", 0.0, 256, 7L)),
            List.of(NaturalnessLevel.LOW),
            new PromptOptions(true, 3, 2, "similar", 11, 4000),
            "snails-football",
            List.of(new Question("q1", "How many clubs?", "SELECT count(*) FROM club", "easy")),
            List.of(new Prediction("q1", "SELECT count(*) FROM club", NaturalnessLevel.LOW)),
            null,
            new EvaluationOptions(Linking.SNAILS, GoldScreening.OFF),
            20);

    @Test
    void shouldKeepTheJobsOptionsWhenItIsNamedAfterItsRegisteredDatabase() {
        JobSpec named = SPEC.withDatabaseName("football");

        assertThat(named.database().name()).isEqualTo("football");
        assertSameExcept(SPEC, named, "database");
        assertThat(named.evaluation()).isEqualTo(new EvaluationOptions(Linking.SNAILS, GoldScreening.OFF));
    }

    @Test
    void shouldKeepTheJobsOptionsWhenTheTeamsSchemaIsAdded() {
        TeamSchema schema = new TeamSchema(
                "football", new DatabaseSchema("PostgreSQL", "football", List.of(), false), List.of(), null);

        JobSpec withSchema = SPEC.withTeamSchema(schema);

        assertThat(withSchema.teamSchema()).isEqualTo(schema);
        assertSameExcept(SPEC, withSchema, "teamSchema");
    }

    @Test
    void shouldKeepTheJobsOptionsThroughBothCopies() {
        UnaryOperator<JobSpec> both = spec ->
                spec.withDatabaseName("football").withTeamSchema(new TeamSchema("football", null, List.of(), null));

        assertSameExcept(SPEC, both.apply(SPEC), "database", "teamSchema");
    }

    private static void assertSameExcept(JobSpec before, JobSpec after, String... changed) {
        List<String> expectedToChange = List.of(changed);
        for (RecordComponent component : JobSpec.class.getRecordComponents()) {
            if (expectedToChange.contains(component.getName())) {
                continue;
            }
            try {
                assertThat(component.getAccessor().invoke(after))
                        .as(component.getName())
                        .isEqualTo(component.getAccessor().invoke(before));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }
}
