package dev.snailbench.workbench.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SyntheticSuite;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuestionFitTest {

    @Test
    void shouldRefuseARewrittenFrameThatStillSaysAWordOfTheSwappedColumn() {
        // The frame said "band name" for the returned column; "band" is also the question's subject.
        assertThat(QuestionFit.keepsSwappedWord(
                        List.of("VALUE", "PROJECTION"),
                        List.of("Oslo", "band name"),
                        List.of("Bergen", "label name"),
                        "Which band played in Bergen? Return the label name."))
                .isTrue();
        assertThat(QuestionFit.keepsSwappedWord(
                        List.of("VALUE", "PROJECTION"),
                        List.of("Oslo", "band name"),
                        List.of("Bergen", "label name"),
                        "Return the label name of the act that played in Bergen."))
                .isFalse();
        // A plural says the same word; a value slot's word is no column word.
        assertThat(QuestionFit.keepsSwappedWord(
                        List.of("MEASURE"),
                        List.of("tickets sold"),
                        List.of("seats"),
                        "What is the total of seats? Count the tickets too."))
                .isTrue();
        assertThat(QuestionFit.keepsSwappedWord(
                        List.of("VALUE"), List.of("Oslo"), List.of("Bergen"), "Which venue in Bergen is near Oslo?"))
                .isFalse();
    }

    @Test
    void shouldRankTheCandidateThatSaysTheQueryFirst() {
        List<String> candidates = List.of(
                "Who headlined the festival in 2019? Return the tickets sold",
                "What were the tickets sold of the 2019 festival headliner?");
        String sql = "SELECT tickets_sold FROM festival WHERE headliner = 'true' AND year = 2019";

        assertThat(QuestionFit.rank(candidates, sql, List.of(0, 1))).containsExactly(1, 0);
        assertThat(QuestionFit.closeness(candidates.get(1), sql))
                .isGreaterThan(QuestionFit.closeness(candidates.get(0), sql));
    }

    @Test
    void shouldWriteOnlyTheFramesThatFitAndCountTheOthers() {
        SyntheticSuite.Template template = Templates.valueAndProjection(
                new SyntheticSuite.Frame(
                        0, "Which band played in Oslo? Return the band name.", List.of("Oslo", "band name")),
                new SyntheticSuite.Frame(
                        1, "Give the band name of the act that played in Tromsø.", List.of("Tromsø", "band name")));
        SyntheticSuite.Pair pair = new SyntheticSuite.Pair("syn-1", "t1", "x", List.of("Bergen", "label name"), null);

        FrameQuestions.Written written = FrameQuestions.write(template, pair, 8);

        assertThat(written.candidates()).containsExactly("Give the label name of the act that played in Bergen.");
        assertThat(written.refused()).isEqualTo(1);
    }
}
