package dev.snailbench.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.validation.Valid;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import java.util.Map;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.Test;

/** Bean Validation's paths become the JSON paths a caller fixes, every violation in one answer. */
class ViolationsTest {

    record Question(@NotBlank String id, @NotBlank String goldSql) {}

    record Job(@NotBlank String name, List<@Valid @NotNull Question> questions, Map<String, @Min(0) Integer> counts) {}

    private static final Validator VALIDATOR = Validation.byDefaultProvider()
            .configure()
            .messageInterpolator(new ParameterMessageInterpolator())
            .buildValidatorFactory()
            .getValidator();

    @Test
    void shouldNameEachViolationByItsJsonPathInTheOrderOfThePaths() {
        List<Question> questions = new java.util.ArrayList<>();
        for (int i = 0; i < 11; i++) {
            questions.add(new Question("q" + i, i == 2 || i == 10 ? "" : "SELECT 1"));
        }
        questions.add(null);
        ApiError answer = Violations.body(VALIDATOR.validate(new Job("", questions, Map.of("join", -1))));

        assertThat(answer)
                .isEqualTo(new ApiError(
                        400,
                        "counts.join: must be greater than or equal to 0; name: must "
                                + "not be blank; questions[2].goldSql: must not be blank; questions[10].goldSql: must not be blank; "
                                + "questions[11]: must not be null",
                        "counts.join"));
    }

    @Test
    void shouldCountViolationsBeyondTheOnesItNames() {
        List<Question> questions = new java.util.ArrayList<>();
        for (int i = 0; i < 14; i++) {
            questions.add(new Question("q" + i, ""));
        }
        ApiError answer = Violations.body(VALIDATOR.validate(new Job("n", questions, null)));
        assertThat(answer.error())
                .startsWith("questions[0].goldSql: must not be blank; questions[1].goldSql")
                .endsWith("questions[9].goldSql: must not be blank; and 4 more");
        assertThat(answer.field()).isEqualTo("questions[0].goldSql");
    }
}
