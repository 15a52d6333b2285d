package dev.snailbench.sql.template;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.sql.template.LikeFragments.Kind;
import dev.snailbench.sql.template.LikeFragments.Shape;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LikeFragmentsTest {

    @Test
    void shouldReadAWholeCellWholeWordsOrPartOfAWord() {
        assertThat(LikeFragments.of("Maria Lopez", List.of("maria lopez"))).isEqualTo(new Shape(Kind.WHOLE, 2));
        assertThat(LikeFragments.of("overtime", List.of("Won in overtime (2 - 1)", "Lost in overtime")))
                .isEqualTo(new Shape(Kind.WORDS, 1));
        assertThat(LikeFragments.of("North Shore", List.of("North Shore Rangers")))
                .isEqualTo(new Shape(Kind.WORDS, 2));
        assertThat(LikeFragments.of("ovich", List.of("Petrovich", "Ivanovich"))).isEqualTo(new Shape(Kind.PART, 5));
    }

    @Test
    void shouldTakeWordsForAWordSlotNeverTheWholeCellPunctuationOrACommonWord() {
        Shape oneWord = new Shape(Kind.WORDS, 1);
        String cell = "Uruguay win on penalties (4 - 2)";
        for (int seed = 0; seed < 50; seed++) {
            String f = LikeFragments.fragment(oneWord, cell, new Random(seed));
            assertThat(f).isIn("Uruguay", "win", "penalties");
        }
        Shape twoWords = new Shape(Kind.WORDS, 2);
        for (int seed = 0; seed < 50; seed++) {
            assertThat(LikeFragments.fragment(twoWords, "Royal Antwerp Football Club", new Random(seed)))
                    .isIn("Royal Antwerp", "Antwerp Football", "Football Club");
        }
        // A cell of as many words as the slot is a whole cell, not a keyword: none to take.
        assertThat(LikeFragments.fragment(twoWords, "Royal Antwerp", new Random(1)))
                .isNull();
        assertThat(LikeFragments.fragment(oneWord, "(1 - 3)", new Random(1))).isNull();
    }

    @Test
    void shouldTakeAWholeCellForAWholeSlotAndAPieceOfAWordForAPartSlot() {
        assertThat(LikeFragments.fragment(new Shape(Kind.WHOLE, 2), " Tromsø IL ", new Random(3)))
                .isEqualTo("Tromsø IL");
        String piece = LikeFragments.fragment(new Shape(Kind.PART, 4), "Valparaíso Wanderers", new Random(5));
        assertThat(piece).hasSize(4);
        assertThat("Valparaíso Wanderers").contains(piece);
    }

    @Test
    void shouldCountTheCellsAValueMatches() {
        assertThat(LikeFragments.matches("pen", List.of("Won on PENalties", "open", "none")))
                .isEqualTo(2);
    }
}
