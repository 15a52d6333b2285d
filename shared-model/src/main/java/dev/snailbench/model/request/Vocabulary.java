package dev.snailbench.model.request;

import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.SqlDialect;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/** The closed sets of words a request field takes, each read by the parser the platform reads it with. */
public enum Vocabulary {
    DIALECT(SqlDialect::fromId),
    LEVEL(NaturalnessLevel::fromLabel),
    HARDNESS(Question::hardnessLabel),
    LINKING(EvaluationOptions.Linking::fromId),
    GOLD_SCREENING(EvaluationOptions.GoldScreening::fromId),
    SHOT_SELECTION(value -> exactly(value, "random or similar", "random", "similar")),
    VARIANT_KIND(value -> anyCase(
            value, "unknown kind '" + value + "' (original, injected or refined)", "original", "injected", "refined")),
    VARIANT_CONTEXT(value -> anyCase(
            value, "unknown context '" + value + "' (schema, community or table)", "schema", "community", "table")),
    VARIANT_OVER(
            value -> anyCase(value, "unknown schema '" + value + "' (original or injected)", "original", "injected"));

    private final Consumer<String> parser;

    Vocabulary(Consumer<String> parser) {
        this.parser = parser;
    }

    /**
     * Reads {@code value} (null passes: whether a field must be given is another constraint's).
     *
     * @throws IllegalArgumentException saying what is accepted
     */
    public void check(String value) {
        if (value != null) {
            parser.accept(value);
        }
    }

    private static void exactly(String value, String problem, String... words) {
        if (!List.of(words).contains(value)) {
            throw new IllegalArgumentException(problem);
        }
    }

    private static void anyCase(String value, String problem, String... words) {
        if (!List.of(words).contains(value.trim().toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(problem);
        }
    }
}
