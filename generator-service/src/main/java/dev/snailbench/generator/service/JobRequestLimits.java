package dev.snailbench.generator.service;

import dev.snailbench.model.domain.Question;
import dev.snailbench.tenancy.ApiLimits;
import java.util.Collection;
import java.util.List;

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
        count(r.models(), "models", ApiLimits.MODELS);
        for (int i = 0; r.models() != null && i < r.models().size(); i++) {
            JobRequest.ModelRequest m = r.models().get(i);
            if (m != null) {
                text(m.label(), "models[" + i + "].label", ApiLimits.NAME);
                text(m.backend(), "models[" + i + "].backend", ApiLimits.NAME);
                text(m.model(), "models[" + i + "].model", ApiLimits.NAME);
            }
        }
        count(r.questions(), "questions", ApiLimits.QUESTIONS);
        for (int i = 0; r.questions() != null && i < r.questions().size(); i++) {
            JobRequest.QuestionRequest q = r.questions().get(i);
            if (q != null) {
                text(q.id(), "questions[" + i + "].id", ApiLimits.ID);
                text(q.question(), "questions[" + i + "].question", ApiLimits.QUESTION);
                text(q.goldSql(), "questions[" + i + "].goldSql", ApiLimits.SQL);
                text(q.hardness(), "questions[" + i + "].hardness", ApiLimits.ID);
            }
        }
        count(r.predictions(), "predictions", ApiLimits.PREDICTIONS);
        for (int i = 0; r.predictions() != null && i < r.predictions().size(); i++) {
            JobRequest.PredictionRequest p = r.predictions().get(i);
            if (p != null) {
                text(p.questionId(), "predictions[" + i + "].questionId", ApiLimits.ID);
                text(p.predictedSql(), "predictions[" + i + "].predictedSql", ApiLimits.SQL);
                text(p.level(), "predictions[" + i + "].level", ApiLimits.ID);
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
            throw new InvalidRequestException(field, ApiLimits.problem(value.length() + " characters",
                    max + " characters"));
        }
    }

    private static void count(Collection<?> values, String field, int max) {
        if (values != null && values.size() > max) {
            throw new InvalidRequestException(field, ApiLimits.problem(values.size() + " entries",
                    Integer.toString(max)));
        }
    }
}
