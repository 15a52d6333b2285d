package dev.snailbench.model.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The distance behind every "did you mean": the API's unknown fields and the command-line client's words. */
class SpellingTest {

    @Test
    void shouldMeasureTyposAsAPersonMakesThem() {
        assertThat(Spelling.distance("optoins", "options")).isEqualTo(1);
        assertThat(Spelling.distance("questoin", "question")).isEqualTo(1);
        assertThat(Spelling.distance("nme", "name")).isEqualTo(1);
        assertThat(Spelling.distance("jbo", "job")).isEqualTo(1);
        assertThat(Spelling.distance("colour", "options")).isGreaterThan(2);
    }

    @Test
    void shouldCountNothingBetweenASpellingAndItself() {
        assertThat(Spelling.distance("", "")).isZero();
        assertThat(Spelling.distance("report", "report")).isZero();
        assertThat(Spelling.distance("", "db")).isEqualTo(2);
    }
}
