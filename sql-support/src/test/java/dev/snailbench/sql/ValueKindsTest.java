package dev.snailbench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Kinds of values read from samples written for these cases: airport codes, towns, remarks, fares. */
class ValueKindsTest {

    @Test
    void shouldReadTheFormMostValuesAreWrittenIn() {
        ValueKinds.Kind codes = ValueKinds.of("text", List.of("OSL", "BGO", "TRD", "SVG", "Tromsø Airport"));
        assertThat(codes.form()).isEqualTo(ValueKinds.Form.CODE);
        assertThat(codes.size()).isEqualTo(3);
        ValueKinds.Kind towns = ValueKinds.of("text", List.of("Oslo", "Bergen", "Mo i Rana", "Bodø"));
        assertThat(towns.form()).isEqualTo(ValueKinds.Form.PROPER_NAMES);
        assertThat(ValueKinds.of("text", List.of("late arrival", "on time", "cancelled"))
                        .form())
                .isEqualTo(ValueKinds.Form.WORDS);
        assertThat(ValueKinds.of("number", List.of("0.25", "0.5", "0.75")).whole())
                .isFalse();
        assertThat(ValueKinds.of("text", List.of("OSL", "BGO"))).isNull();
    }

    @Test
    void shouldTellOneValuesFormWithoutItsColumn() {
        assertThat(ValueKinds.form("OSL")).isEqualTo(ValueKinds.Form.CODE);
        assertThat(ValueKinds.form("Norway")).isEqualTo(ValueKinds.Form.PROPER_NAMES);
        assertThat(ValueKinds.form("delayed")).isEqualTo(ValueKinds.Form.WORDS);
        assertThat(ValueKinds.form("2 - 1")).isEqualTo(ValueKinds.Form.NUMERIC_TEXT);
    }

    @Test
    void shouldCompareKindsByFormAndSize() {
        ValueKinds.Kind iata = ValueKinds.of("text", List.of("OSL", "BGO", "TRD"));
        ValueKinds.Kind icao = ValueKinds.of("text", List.of("ENGM", "ENBR", "ENVA"));
        ValueKinds.Kind towns = ValueKinds.of("text", List.of("Oslo", "Bergen", "Bodø"));
        assertThat(ValueKinds.same(iata, icao)).isTrue();
        assertThat(ValueKinds.same(iata, towns)).isFalse();
    }
}
