package dev.snailbench.generator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.cli.JobSpecFields;
import dev.snailbench.generator.service.JobRequest;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The command-line client names a mistyped spec field before sending it ({@code JobSpecFields}): its lists must be
 * the fields this service reads, or it would refuse a valid spec or let a typo through to the server.
 */
class JobSpecFieldsTest {

    @Test
    void shouldKnowExactlyTheFieldsOfAJobRequestAndOfItsQuestionsAndPredictions() {
        assertThat(JobSpecFields.TOP_LEVEL).containsExactlyInAnyOrderElementsOf(names(JobRequest.class));
        assertThat(JobSpecFields.QUESTION).containsExactlyInAnyOrderElementsOf(names(
                JobRequest.QuestionRequest.class));
        assertThat(JobSpecFields.PREDICTION).containsExactlyInAnyOrderElementsOf(names(
                JobRequest.PredictionRequest.class));
    }

    private static List<String> names(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }
}
