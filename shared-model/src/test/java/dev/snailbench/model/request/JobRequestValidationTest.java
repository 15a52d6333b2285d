package dev.snailbench.model.request;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.request.JobRequest.DatabaseRequest;
import dev.snailbench.model.request.JobRequest.ModelRequest;
import dev.snailbench.model.request.JobRequest.PredictionRequest;
import dev.snailbench.model.request.JobRequest.QuestionRequest;
import dev.snailbench.model.request.JobRequest.QuestionSetRequest;
import dev.snailbench.model.request.JobRequest.SchemaVariantRequest;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.Test;

/** A job request's constraints and the rules between its fields, each refusal at the field to fix. */
class JobRequestValidationTest {

    private static final Validator VALIDATOR = Validation.byDefaultProvider()
            .configure()
            .messageInterpolator(new ParameterMessageInterpolator())
            .buildValidatorFactory()
            .getValidator();

    private static final DatabaseRequest INLINE =
            new DatabaseRequest("postgresql", "jdbc:postgresql://db/team", "reader", "secret", null);
    private static final String REGISTERED = UUID.randomUUID().toString();

    @Test
    void shouldAcceptAPlainReplayJob() {
        assertThat(problems(replay(INLINE))).isEmpty();
    }

    @Test
    void shouldNameEveryBrokenConstraintOfTheRequestAtOnce() {
        JobRequest job = new JobRequest(
                " ",
                INLINE,
                "oracle",
                "m",
                null,
                List.of("Native", "Lowest"),
                null,
                null,
                List.of(new QuestionRequest("q1", "?", "SELECT 1", "tricky"), new QuestionRequest("q2", "?", "", null)),
                null,
                List.of(new PredictionRequest("q1", null, null)));

        assertThat(problems(job))
                .containsOnlyKeys(
                        "name",
                        "dialect",
                        "levels[1]",
                        "questions[0].hardness",
                        "questions[1].goldSql",
                        "predictions[0].predictedSql")
                .containsEntry("dialect", "unknown dialect 'oracle' (expected postgresql or sqlserver)")
                .containsEntry(
                        "levels[1]", "unknown naturalness level 'Lowest' (expected Native, Regular, Low or " + "Least)")
                .containsEntry("questions[0].hardness", "unknown hardness 'tricky' (easy, medium, hard or extra)");
    }

    @Test
    void shouldRefuseADatabaseThatIsBothRegisteredAndInline() {
        JobRequest job =
                replay(new DatabaseRequest("postgresql", "jdbc:postgresql://db/team", "reader", "secret", REGISTERED));

        assertThat(problems(job))
                .containsOnly(Map.entry(
                        "database",
                        "name either a registered database "
                                + "(databaseId) or an inline one (kind, jdbcUrl, user, password), not both"));
    }

    @Test
    void shouldRefuseAnInlineDatabaseOfAnotherDialectOrWithoutItsLogin() {
        JobRequest job = replay(
                new DatabaseRequest("sqlserver", "jdbc:sqlserver://db:1433;databaseName=team", null, null, null));

        assertThat(problems(job))
                .containsOnlyKeys("dialect", "database.user", "database.password")
                .containsEntry("dialect", "dialect postgresql does not match the sqlserver database");
    }

    @Test
    void shouldRefuseANativeSchemaForAModelJobOnAnInlineDatabase() {
        JobRequest job = new JobRequest(
                "j",
                INLINE,
                "postgresql",
                null,
                List.of(new ModelRequest("gpt", "openai", "gpt-4o-mini", null, null, null, null)),
                null,
                null,
                null,
                questions(),
                null,
                null,
                "public",
                null);

        assertThat(problems(job)).containsOnlyKeys("nativeSchema");
    }

    @Test
    void shouldNameTheRulesBetweenFieldsAtTheFieldToFix() {
        JobRequest noModel = new JobRequest(
                "j",
                INLINE,
                "postgresql",
                null,
                null,
                List.of("Low"),
                null,
                null,
                List.of(
                        new QuestionRequest("q1", "?", "SELECT 1", null),
                        new QuestionRequest("q1", "?", "SELECT 2", null)),
                new QuestionSetRequest("footballdb", "v1", "dev", null, null, null, null, null),
                List.of(new PredictionRequest("q1", "SELECT 1", null)));

        assertThat(problems(noModel)).containsOnlyKeys("model", "schemaId", "questionSet", "predictions");
    }

    @Test
    void shouldNameADuplicateQuestionIdByItsIndex() {
        JobRequest job = new JobRequest(
                "j",
                INLINE,
                "postgresql",
                "m",
                null,
                null,
                null,
                null,
                List.of(
                        new QuestionRequest("q1", "?", "SELECT 1", null),
                        new QuestionRequest("q1", "?", "SELECT 2", null)),
                null,
                null);

        assertThat(problems(job)).containsOnly(Map.entry("questions[1].id", "question id 'q1' is used twice"));
    }

    @Test
    void shouldRefuseASchemaVariantOffARegisteredDatabaseOrAtOtherLevels() {
        JobRequest job = new JobRequest(
                "j",
                INLINE,
                "postgresql",
                "m",
                null,
                List.of("Native", "Least"),
                null,
                null,
                questions(),
                null,
                null,
                null,
                null,
                new SchemaVariantRequest("original", 3L, null, null));

        assertThat(problems(job)).containsOnlyKeys("database.databaseId", "levels", "schemaId", "schemaVariant.seed");
    }

    @Test
    void shouldNeverReadACallersValueAsAMessageTemplate() {
        JobRequest job = replay(
                new DatabaseRequest("postgresql", "jdbc:postgresql://db/team", "reader", "secret", "${1+1}{max}"));

        assertThat(problems(job))
                .containsEntry(
                        "database.databaseId",
                        "'${1+1}{max}' is not the id of a registered "
                                + "database (a UUID from POST /databases on the executor)");
    }

    private static JobRequest replay(DatabaseRequest database) {
        return new JobRequest(
                "j",
                database,
                "postgresql",
                "m",
                null,
                null,
                null,
                null,
                questions(),
                null,
                List.of(new PredictionRequest("q1", "SELECT 1", null)));
    }

    private static List<QuestionRequest> questions() {
        return List.of(new QuestionRequest("q1", "How many?", "SELECT count(*) FROM club", null));
    }

    /** {@code levels[1]} for Bean Validation's {@code levels[1].<list element>}. */
    private static String path(jakarta.validation.Path path) {
        StringBuilder out = new StringBuilder();
        for (jakarta.validation.Path.Node node : path) {
            if (node.getIndex() != null) {
                out.append('[').append(node.getIndex()).append(']');
            }
            if (node.getName() != null && !node.getName().startsWith("<")) {
                out.append(out.length() == 0 ? "" : ".").append(node.getName());
            }
        }
        return out.toString();
    }

    /** Path → message of every violation. */
    private static Map<String, String> problems(JobRequest job) {
        Map<String, String> problems = new TreeMap<>();
        for (ConstraintViolation<JobRequest> v : VALIDATOR.validate(job)) {
            problems.merge(path(v.getPropertyPath()), v.getMessage(), (a, b) -> a + " | " + b);
        }
        return problems;
    }
}
