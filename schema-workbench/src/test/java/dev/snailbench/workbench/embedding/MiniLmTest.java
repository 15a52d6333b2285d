package dev.snailbench.workbench.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.workbench.refiner.AmbiguityDetector;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The built-in sentence-embedding model ranks meaning, not spelling (cases written here, not from a dataset). */
class MiniLmTest {

    private static MiniLm model;

    @BeforeAll
    static void load() {
        model = MiniLm.load(MiniLm.Provider.cpu, 0, 1);
    }

    @AfterAll
    static void close() {
        model.close();
    }

    private static double sim(String a, String b) {
        List<float[]> v = model.embed(List.of(a, b), 8);
        return AmbiguityDetector.cosine(v.get(0), v.get(1));
    }

    @Test
    void shouldRankATrueParaphraseAboveAnUnrelatedSentence() {
        assertThat(sim("number of goals scored", "how many goals"))
                .isGreaterThan(sim("number of goals scored", "stadium capacity") + 0.2);
        assertThat(sim("the player's date of birth", "when was the player born"))
                .isGreaterThan(sim("the player's date of birth", "the name of the referee"));
        assertThat(sim("club", "team")).isGreaterThan(sim("club", "birthday"));
    }

    @Test
    void shouldRankAParaphraseAboveAStringThatSharesItsLetters() {
        // the lexical backend (character 3-grams) ranks these the other way round: "goalkeeper" shares "goal"
        double meaning = sim("number of goals scored", "how many times did they score");
        double letters = sim("number of goals scored", "goalkeeper number");
        assertThat(meaning).isGreaterThan(letters);
    }

    @Test
    void shouldGiveUnitVectorsOf384DimensionsInTheTextsOrder() {
        List<float[]> v =
                model.embed(List.of("stadium capacity", "", "how many goals in the season", "stadium capacity"), 1);
        assertThat(v).hasSize(4);
        assertThat(v.get(0)).hasSize(384);
        double norm = 0;
        for (float x : v.get(0)) {
            norm += x * x;
        }
        assertThat(norm).isCloseTo(1.0, Offset.offset(1e-4));
        // one text per run: the same text gets the same vector whatever is embedded with it
        // (the quantized model scales activations per run, so a batch would move it slightly)
        assertThat(AmbiguityDetector.cosine(v.get(0), v.get(3))).isGreaterThan(0.99999);
        assertThat(AmbiguityDetector.cosine(
                        v.get(0), model.embed(List.of("stadium capacity"), 1).get(0)))
                .isGreaterThan(0.99999);
    }

    @Test
    void shouldSplitWordsAndPunctuationAsBertDoes() {
        assertThat(WordPieceTokenizer.words("Héllo, World's  GOALS!"))
                .containsExactly("hello", ",", "world", "'", "s", "goals", "!");
    }
}
