package dev.snailbench.model.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** CSV formula injection: every spelling a spreadsheet opens as a formula gets the apostrophe, numbers do not. */
class SpreadsheetCellsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "=1+1",
                "+1+cmd|' /C calc'!A0",
                "-1+cmd|' /C calc'!A0",
                "-1+1",
                "-2-3",
                "@SUM(A1:A2)",
                "=HYPERLINK(\"http://x\")",
                "\t=1+1",
                "\tanything",
                "\r=1",
                "\ranything",
                "\n=1",
                " =1+1",
                "   -1+1",
                "\u00A0=1",
                "\u2003@x",
                "\uFF1D1+1",
                "\uFF0B1",
                "\uFF0D1+1",
                "\uFF201",
                "-",
                "+",
                "- 1",
                "-1 ",
                "-1,5",
                "--1",
                "-0x10",
                "-1e",
                "+.",
                "-Infinity"
            })
    void shouldPrefixEveryCellASpreadsheetReadsAsAFormula(String cell) {
        assertThat(SpreadsheetCells.formula(cell)).as(cell).isTrue();
        assertThat(SpreadsheetCells.text(cell)).isEqualTo("'" + cell);
        assertThat(SpreadsheetCells.value(SpreadsheetCells.text(cell))).isEqualTo(cell);
    }

    @ParameterizedTest
    @ValueSource(strings = {"'=1", "''-1+1", "'@x"})
    void shouldGiveBackAValueThatStartsWithAnApostropheBeforeAFormula(String value) {
        assertThat(SpreadsheetCells.text(value)).isEqualTo("'" + value);
        assertThat(SpreadsheetCells.value(SpreadsheetCells.text(value))).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "SELECT 1",
                "a=b",
                "x - 1",
                "1+1",
                "-1",
                "-1.5",
                "+3",
                "-0.25",
                ".5",
                "-.5",
                "1e5",
                "-1E+5",
                "+3e-2",
                "'already quoted",
                "  ",
                "NaN"
            })
    void shouldKeepTextAndPlainNumbersAsTheyAre(String cell) {
        assertThat(SpreadsheetCells.formula(cell)).as(cell).isFalse();
        assertThat(SpreadsheetCells.text(cell)).isEqualTo(cell);
        assertThat(SpreadsheetCells.value(cell)).isEqualTo(cell);
    }
}
