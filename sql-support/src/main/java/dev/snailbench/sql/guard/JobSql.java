package dev.snailbench.sql.guard;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.request.JobRequest;
import dev.snailbench.sql.SqlExtractor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The SQL a job spec carries, checked as the executor will run it (one rule for the generator, which checks it when
 * the job is submitted, and the command-line client, which checks it before sending): every gold query the tenant
 * wrote and every recorded prediction, out of its Markdown fence ({@link SqlExtractor#recorded}), must pass the
 * executor's own {@link SqlGuard}. Blocking (JSqlParser): call it on a worker.
 */
public final class JobSql {

    /** Said once after the problems when a recorded prediction is among them. */
    public static final String INVALID_PREDICTIONS = "recorded predictions a model wrote that cannot run are accepted "
            + "with \"allowInvalidPredictions\": true (their items fail)";

    private JobSql() {}

    /** One text of the spec: where it is ({@code questions[3].goldSql}), and whether it is a recorded prediction. */
    public record Text(String field, String sql, boolean prediction) {}

    /** A text that can only fail: its field, and why. */
    public record Problem(String field, String problem) {}

    /**
     * The texts to check: the gold of the spec's questions as {@code golds} lists them (inline questions, or the
     * items of a Spider-style set at {@code questionSet.items[i].query}; none for the platform's own sets), then its
     * recorded predictions unless it allows invalid ones.
     */
    public static List<Text> texts(JobRequest request, List<String> golds) {
        List<Text> texts = new ArrayList<>();
        boolean spider = request.questionSet() != null
                && "spider".equals(request.questionSet().format());
        if (request.questions() != null || spider) {
            for (int i = 0; i < golds.size(); i++) {
                texts.add(new Text(
                        request.questions() != null
                                ? "questions[" + i + "].goldSql"
                                : "questionSet.items[" + i + "].query",
                        golds.get(i),
                        false));
            }
        }
        if (request.predictions() != null && !Boolean.TRUE.equals(request.allowInvalidPredictions())) {
            for (int i = 0; i < request.predictions().size(); i++) {
                texts.add(new Text(
                        "predictions[" + i + "].predictedSql",
                        request.predictions().get(i).predictedSql(),
                        true));
            }
        }
        return texts;
    }

    /**
     * The texts that could only fail. {@code verdicts} remembers each text's reason ("" when it passes), so that a
     * text is parsed once however often it occurs (several callers may share it).
     */
    public static List<Problem> problems(
            List<Text> texts, SqlDialect dialect, SqlGuard guard, Map<String, String> verdicts) {
        List<Problem> problems = new ArrayList<>();
        for (Text text : texts) {
            String sql;
            try {
                sql = text.prediction() ? SqlExtractor.recorded(text.sql()) : text.sql();
            } catch (SqlExtractor.NoSql e) {
                problems.add(new Problem(text.field(), "its Markdown fence holds no query"));
                continue;
            }
            String key = sql == null ? "" : sql;
            String reason = verdicts.get(key);
            if (reason == null) {
                SqlGuard.Verdict verdict = guard.check(key, dialect);
                reason = verdict.allowed() ? "" : verdict.reason();
                verdicts.put(key, reason);
            }
            if (!reason.isEmpty()) {
                problems.add(new Problem(text.field(), "is not one read-only query the executor would run: " + reason));
            }
        }
        return problems;
    }
}
