package dev.snailbench.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.problem.InvalidInput;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Named question sets carry the dataset's own hardness label of each question, where it gives one. */
class QuestionSetsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final Path data = DataDir.resolve();
    private final QuestionSets sets = new QuestionSets(data.toString());

    @Test
    void shouldCarryFootballDbsHardnessLabelOfEveryDevQuestion() throws Exception {
        for (String version : List.of("v1", "v2", "v3")) {
            Map<String, String> labels = new HashMap<>();
            for (JsonNode q : JSON.readTree(
                    data.resolve("footballdb/" + version + "/dev.json").toFile())) {
                labels.put(q.get("id").asText(), q.get("hardness").asText());
            }

            List<Question> questions = sets.benchmark("footballdb", version, "dev", null);

            assertThat(questions).hasSize(labels.size());
            assertThat(questions).allSatisfy(q -> {
                assertThat(q.hardness()).isIn(Question.HARDNESS_LABELS);
                assertThat(q.hardness()).as("%s question %s", version, q.id()).isEqualTo(labels.get(q.id()));
            });
        }
    }

    @Test
    void shouldGiveNoLabelWhereTheDatasetHasNone() {
        // FootballDB's large v3 train split and the SNAILS questions carry no hardness label.
        assertThat(sets.benchmark("footballdb", "v3", "train", null))
                .isNotEmpty()
                .allSatisfy(q -> assertThat(q.hardness()).isNull());
        assertThat(sets.benchmark("snails", null, null, "NTSB"))
                .isNotEmpty()
                .allSatisfy(q -> assertThat(q.hardness()).isNull());
    }

    @Test
    void shouldReadAnOptionalLabelOfSpiderStyleItemsInAnyCaseAndNameABadOne() throws Exception {
        List<Question> questions = QuestionSets.spider(JSON.readTree("[{\"db_id\": \"club\", "
                + "\"question\": \"How many?\", \"query\": \"SELECT count(*) FROM club\", \"hardness\": \"Easy\"}, "
                + "{\"db_id\": \"club\", "
                + "\"question\": \"Names?\", \"query\": \"SELECT name FROM club\"}]"));

        assertThat(questions).extracting(Question::hardness).containsExactly("easy", null);
        assertThatThrownBy(() -> QuestionSets.spider(JSON.readTree("[{\"db_id\": \"club\", \"question\": \"?\", "
                        + "\"query\": \"SELECT 1\"}, {\"db_id\": \"club\", \"question\": \"?\", \"query\": \"SELECT 1\", "
                        + "\"hardness\": \"very hard\"}]")))
                .isInstanceOfSatisfying(InvalidInput.class, e -> {
                    assertThat(e.field()).isEqualTo("questionSet.items[1].hardness");
                    assertThat(e.getMessage()).contains("unknown hardness 'very hard' (easy, medium, hard or extra)");
                });
    }
}
