package dev.snailbench.generator.service;

import dev.snailbench.generator.config.JobsConfig;
import dev.snailbench.generator.config.SqlParserConfig;
import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.problem.Unavailable;
import dev.snailbench.model.request.JobRequest;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.JobSql;
import dev.snailbench.sql.guard.SqlGuard;
import dev.snailbench.workbench.support.Blocking;
import io.smallrye.mutiny.TimeoutException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SQL a job's tenant sent (gold and recorded predictions), checked when the job is submitted by the executor's
 * own guard (sql-support {@link JobSql}, {@link SqlGuard}), on worker threads with the service's parser and a
 * deadline: SQL that could only fail is a 400 naming it ({@code questions[3].goldSql}), every such text in one
 * answer. The built-in benchmarks' gold and the tenant's generated sets (which ran when they were made) are the
 * platform's, not checked here.
 */
@ApplicationScoped
public class SubmittedSql {

    private final SqlGuard guard;
    private final int lanes;
    private final JobsConfig config;

    public SubmittedSql(SqlParser parser, SqlParserConfig parserConfig, JobsConfig config) {
        this.guard = new SqlGuard(parser);
        this.lanes = Math.max(1, parserConfig.threads());
        this.config = config;
    }

    /** Fails with an {@code InvalidInput} naming every text that could only fail (the first ones, counted). */
    public Uni<Void> check(JobRequest request, JobSpec spec) {
        List<JobSql.Text> texts = JobSql.texts(
                request, spec.questions().stream().map(Question::goldSql).toList());
        if (texts.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        // Each text is parsed once however often it occurs; the lanes keep the parser's threads busy.
        Map<String, String> verdicts = new ConcurrentHashMap<>();
        int size = (texts.size() + lanes - 1) / lanes;
        List<Uni<List<JobSql.Problem>>> parts = new ArrayList<>();
        for (int from = 0; from < texts.size(); from += size) {
            List<JobSql.Text> part = texts.subList(from, Math.min(texts.size(), from + size));
            parts.add(Blocking.run(
                    () -> JobSql.problems(part, spec.dialect(), guard, verdicts), config.sqlCheckTimeout()));
        }
        return Uni.join()
                .all(parts)
                .andFailFast()
                .onFailure(TimeoutException.class)
                .transform(e -> new Unavailable("checking the job's SQL took " + "longer than "
                        + config.sqlCheckTimeout().toSeconds() + " s: try again, or split the job"))
                .invoke(found -> {
                    JobChecks.Problems problems = new JobChecks.Problems();
                    boolean predictions = false;
                    for (List<JobSql.Problem> part : found) {
                        for (JobSql.Problem problem : part) {
                            problems.add(problem.field(), problem.problem());
                            predictions |= problem.field().startsWith("predictions");
                        }
                    }
                    if (predictions) {
                        problems.note(JobSql.INVALID_PREDICTIONS);
                    }
                    problems.throwIfAny();
                })
                .replaceWithVoid();
    }
}
