package dev.snailbench.workbench.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SyntheticSuite;
import java.util.List;
import org.junit.jupiter.api.Test;

class CentroidTest {

    @Test
    void shouldKeepTheCandidatePhrasedLikeTheOthersAndDropTheOutlier() {
        List<String> candidates = List.of(
                "Which players scored more than 5 goals?",
                "Show me the players who scored more than 5 goals",
                "List the goalkeepers born in Bern",
                "Which players have scored more than 5 goals?");

        List<float[]> vectors = new LexicalEmbedder().embed(candidates).await().indefinitely();

        List<Integer> kept = Centroid.closest(vectors, 2);
        assertThat(kept).hasSize(2).doesNotContain(2);
        assertThat(Centroid.closest(vectors, 1)).containsExactly(kept.get(0));
    }

    @Test
    void shouldRewriteEveryFrameWithThePairsValuesAndSkipAFrameThatDoesNotSayOne() {
        SyntheticSuite.Template template = Templates.valueAndProjection(
                new SyntheticSuite.Frame(0, "Return the country of the club FC Sion.", List.of("FC Sion", "country")),
                new SyntheticSuite.Frame(1, "In which country does FC Basel play?", List.of("FC Basel", "country")),
                new SyntheticSuite.Frame(2, "Where is it?", List.of("Lugano", "country")));
        SyntheticSuite.Pair pair =
                new SyntheticSuite.Pair("syn-1", "t1", "x", List.of("Grasshopper Club", "city"), null);

        assertThat(FrameQuestions.candidates(template, pair, 8))
                .containsExactly(
                        "Return the city of the club Grasshopper Club.", "In which city does Grasshopper Club play?");
        assertThat(FrameQuestions.candidates(template, pair, 1)).hasSize(1);
    }
}
