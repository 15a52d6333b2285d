package dev.snailbench.generator.testing;

import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.Prediction;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.SqlDialect;
import java.util.List;

/** Job specs as they travel on the job-events topic, of replay jobs on PostgreSQL with no database named. */
public final class ReplaySpecs {

    private ReplaySpecs() {}

    /** A replay job of model {@code m} at the Native level with these questions and recorded predictions. */
    public static JobSpec replay(String name, List<Question> questions, List<Prediction> predictions) {
        return new JobSpec(
                name,
                null,
                SqlDialect.POSTGRESQL,
                List.of(ModelRef.replay("m")),
                null,
                null,
                null,
                questions,
                predictions);
    }

    /**
     * A spec that cannot be expanded (as an older or corrupted record could be): two predictions for its one
     * question, which the REST API refuses but the topic may still carry.
     */
    public static JobSpec twoPredictionsForOneQuestion(String name) {
        return replay(
                name,
                List.of(new Question("q1", "?", "SELECT 1")),
                List.of(new Prediction("q1", "SELECT 1"), new Prediction("q1", "SELECT 2")));
    }
}
