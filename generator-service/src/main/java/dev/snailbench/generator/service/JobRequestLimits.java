package dev.snailbench.generator.service;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.domain.Question;
import dev.snailbench.tenancy.ApiLimits;
import dev.snailbench.model.problem.InvalidInput;
import java.util.Collection;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The lengths and counts a job spec may have (tenancy-support's {@link ApiLimits}), checked before anything else
 * of the spec is read: a million-character name is a 400 at once, not stored, published and echoed back.
 */
final class JobRequestLimits {

    /** JDBC URLs and logins. */
    static final int CONNECTION = 2_000;

    private JobRequestLimits() {
    }

    static void check(JobRequest r) {
        text(r.name(), "name", ApiLimits.NAME);
        text(r.dialect(), "dialect", ApiLimits.ID);
        text(r.model(), "model", ApiLimits.NAME);
        text(r.schemaId(), "schemaId", ApiLimits.ID);
        text(r.nativeSchema(), "nativeSchema", ApiLimits.ID);
        if (r.database() != null) {
            text(r.database().kind(), "database.kind", ApiLimits.ID);
            text(r.database().jdbcUrl(), "database.jdbcUrl", CONNECTION);
            text(r.database().user(), "database.user", CONNECTION);
            text(r.database().password(), "database.password", CONNECTION);
            text(r.database().databaseId(), "database.databaseId", ApiLimits.ID);
        }
        count(r.levels(), "levels", 8);
        each(r.models(), "models", ApiLimits.MODELS, (m, at) -> {
            text(m.label(), at + ".label", ApiLimits.NAME);
            text(m.backend(), at + ".backend", ApiLimits.NAME);
            text(m.model(), at + ".model", ApiLimits.NAME);
        });
        each(r.questions(), "questions", ApiLimits.QUESTIONS, (q, at) -> {
            text(q.id(), at + ".id", ApiLimits.ID);
            text(q.question(), at + ".question", ApiLimits.QUESTION);
            text(q.goldSql(), at + ".goldSql", ApiLimits.SQL);
            text(q.hardness(), at + ".hardness", ApiLimits.ID);
        });
        each(r.predictions(), "predictions", ApiLimits.PREDICTIONS, (p, at) -> {
            text(p.questionId(), at + ".questionId", ApiLimits.ID);
            text(p.predictedSql(), at + ".predictedSql", ApiLimits.SQL);
            text(p.level(), at + ".level", ApiLimits.ID);
        });
    }

    /** The list's length, then each entry (with its path, {@code questions[3]}); null entries are left to the mapper. */
    private static <T> void each(List<T> values, String field, int max, BiConsumer<T, String> check) {
        count(values, field, max);
        for (int i = 0; values != null && i < values.size(); i++) {
            if (values.get(i) != null) {
                check.accept(values.get(i), field + "[" + i + "]");
            }
        }
    }

    /** The questions a question set produced (inline items, a stored set) are bounded like inline ones. */
    static void check(List<Question> questions) {
        count(questions, "questionSet", ApiLimits.QUESTIONS);
        for (int i = 0; i < questions.size(); i++) {
            text(questions.get(i).question(), "questionSet[" + i + "].question", ApiLimits.QUESTION);
            text(questions.get(i).goldSql(), "questionSet[" + i + "].goldSql", ApiLimits.SQL);
        }
    }

    private static void text(String value, String field, int max) {
        if (value != null && value.length() > max) {
            throw InvalidInput.of(field, ApiLimits.problem(value.length() + " characters",
                    max + " characters"));
        }
    }

    private static void count(Collection<?> values, String field, int max) {
        if (values != null && values.size() > max) {
            throw InvalidInput.of(field, ApiLimits.problem(values.size() + " entries",
                    Integer.toString(max)));
        }
    }
}
