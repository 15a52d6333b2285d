package dev.snailbench.executor.service.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Which {@code LIKE} values the generator refuses by how many distinct cells of the column they match against the
 * seed's value, on counts written for these cases: a column of 40 notes of how a game was decided.
 */
class LikeCountsTest {

    private static final long NOTES = 40;

    @Test
    void shouldRefuseAKeywordEveryNoteHoldsWhereTheSeedsLeftSomeOut() {
        // The seed's keyword is in 25 of the 40 notes (most of them): a keyword in all 40 keeps every row with a note.
        assertThat(SlotFiller.countsRefuse(true, NOTES, 25, 40)).isTrue();
        // One in 30 of them still tells the notes apart.
        assertThat(SlotFiller.countsRefuse(true, NOTES, 25, 30)).isFalse();
        // A seed whose keyword every note holds already: the same kind of keyword.
        assertThat(SlotFiller.countsRefuse(true, NOTES, 40, 40)).isFalse();
    }

    @Test
    void shouldKeepTheRulesOfOneCellSeveralCellsAndMostCells() {
        // A keyword that names one note where the seed's named several.
        assertThat(SlotFiller.countsRefuse(true, NOTES, 6, 1)).isTrue();
        // Most notes where the seed's matched at most half.
        assertThat(SlotFiller.countsRefuse(true, NOTES, 20, 21)).isTrue();
        assertThat(SlotFiller.countsRefuse(true, NOTES, 20, 12)).isFalse();
        // Any value that matches several cells where the seed's named one (a first name for a surname).
        assertThat(SlotFiller.countsRefuse(false, NOTES, 1, 3)).isTrue();
        assertThat(SlotFiller.countsRefuse(false, NOTES, 1, 1)).isFalse();
        // A whole cell is no keyword: matching every cell is not a rule for it (a column of one value).
        assertThat(SlotFiller.countsRefuse(false, 1, 1, 1)).isFalse();
    }
}
