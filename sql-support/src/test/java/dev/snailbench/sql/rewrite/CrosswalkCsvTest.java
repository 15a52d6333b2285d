package dev.snailbench.sql.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.domain.CrosswalkEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The one reader and writer of the SNAILS crosswalk CSV, on the real files and on every kind of bad row. */
class CrosswalkCsvTest {

    static List<Path> snailsCrosswalks() throws IOException {
        try (Stream<Path> files = Files.list(DataDir.resolve().resolve("snails/crosswalks"))) {
            return files.filter(p -> p.toString().endsWith(".csv")).sorted().toList();
        }
    }

    @Test
    void shouldWriteBackEverySnailsCrosswalkByteForByte() throws IOException {
        List<Path> files = snailsCrosswalks();
        assertThat(files).hasSize(9);
        int rows = 0;
        for (Path f : files) {
            String csv = Files.readString(f, StandardCharsets.UTF_8);
            List<CrosswalkEntry> parsed = CrosswalkCsv.parse(csv);
            rows += parsed.size();
            assertThat(CrosswalkCsv.write(parsed))
                    .as(f.getFileName().toString())
                    .isEqualTo(csv);
        }
        assertThat(rows).isEqualTo(7454);
    }

    @Test
    void shouldKeepSnailsOddNativeLevels() throws IOException {
        Path dir = DataDir.resolve().resolve("snails/crosswalks");
        List<CrosswalkEntry> ntsb = CrosswalkCsv.parse(Files.readString(dir.resolve("NTSB.csv")));
        assertThat(ntsb)
                .filteredOn(r -> r.nativeName().equals("EVENT_DATA_RECORDER_SUMMNO"))
                .singleElement()
                .extracting(CrosswalkEntry::nativeLevel)
                .isEqualTo("UNK");
        List<CrosswalkEntry> sbod = CrosswalkCsv.parse(Files.readString(dir.resolve("SBODemoUS.csv")));
        assertThat(sbod)
                .filteredOn(r -> r.nativeName().equals("Qauntity"))
                .singleElement()
                .extracting(CrosswalkEntry::nativeLevel)
                .isEqualTo("");
    }

    @Test
    void shouldQuoteFieldsThatNeedIt() {
        List<CrosswalkEntry> rows = List.of(new CrosswalkEntry("column", "a,b", "Low", "say \"hi\"", "x", "y"));
        String csv = CrosswalkCsv.write(rows);
        assertThat(csv).contains("\"a,b\"").contains("\"say \"\"hi\"\"\"");
        assertThat(CrosswalkCsv.parse(csv)).isEqualTo(rows);
    }

    @Test
    void shouldExportIdentifiersThatASpreadsheetWouldReadAsFormulasAsTextAndImportThemBack() {
        List<CrosswalkEntry> rows = List.of(
                new CrosswalkEntry("column", "=HYPERLINK(\"http://x\")", "Low", "-1+cmd|' /C calc'!A0", "\t@x", " +1"),
                new CrosswalkEntry("table", "'=kept", "", "ok", "-1", "b"));
        String csv = CrosswalkCsv.write(rows);

        assertThat(csv)
                .contains("column,\"'=HYPERLINK(\"\"http://x\"\")\",Low,'-1+cmd|' /C calc'!A0,'\t@x,' +1\n")
                .contains("table,''=kept,,ok,-1,b\n");
        assertThat(CrosswalkCsv.parse(csv)).isEqualTo(rows);
    }

    @Test
    void shouldNameTheLineOfABadRow() {
        String csv = CrosswalkCsv.HEADER + "\ncolumn,A,Low,A,A,A\nview,B,Low,B,B,B\n";
        assertThatThrownBy(() -> CrosswalkCsv.parse(csv))
                .isInstanceOf(CrosswalkCsv.BadCsvException.class)
                .hasMessageContaining("line 3")
                .hasMessageContaining("kind");
        assertThatThrownBy(() -> CrosswalkCsv.parse("a,b\n")).hasMessageContaining("header");
        assertThatThrownBy(() -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,A,Low,A,A\n"))
                .hasMessageContaining("line 2")
                .hasMessageContaining("6 fields");
        assertThatThrownBy(() -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,A,Low,,A,A\n"))
                .hasMessageContaining("regular");
        assertThatThrownBy(() -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,A,Low,A,A,A\ncolumn,A,Low,B,B,B\n"))
                .hasMessageContaining("duplicate");
    }

    @Test
    void shouldReadCommasQuotesAndLineBreaksInsideQuotedNames() {
        String csv = CrosswalkCsv.HEADER + "\r\n"
                + "table,\"Order, Details\",Regular,\"Order \"\"Details\"\"\",OrdDet,OD\r\n"
                + "column,\"two\nlines\",,TwoLines,TwoLns,TL\r\n";
        List<CrosswalkEntry> rows = CrosswalkCsv.parse(csv);

        assertThat(rows)
                .containsExactly(
                        new CrosswalkEntry("table", "Order, Details", "Regular", "Order \"Details\"", "OrdDet", "OD"),
                        new CrosswalkEntry("column", "two\nlines", "", "TwoLines", "TwoLns", "TL"));
        assertThat(CrosswalkCsv.parse(CrosswalkCsv.write(rows))).isEqualTo(rows);
    }

    @Test
    void shouldNameTheLineAndColumnOfEachBadRow() {
        CrosswalkCsv.BadCsvException kind = catchThrowableOfType(
                CrosswalkCsv.BadCsvException.class,
                () -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,A,Low,A,A,A\n\nview,B,Low,B,B,B\n"));
        // The blank line 3 is skipped but counted: the bad row is on line 4.
        assertThat(kind.line()).isEqualTo(4);
        assertThat(kind.column()).isEqualTo("kind");
        assertThat(kind.field()).isEqualTo("line 4 kind");
        assertThat(kind.getMessage()).isEqualTo("line 4 kind: must be 'table' or 'column', got 'view'");

        CrosswalkCsv.BadCsvException afterMultiline = catchThrowableOfType(
                CrosswalkCsv.BadCsvException.class,
                () -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,\"a\nb\",Low,A,A,A\ncolumn,C,Low,,C,C\n"));
        assertThat(afterMultiline.field()).isEqualTo("line 4 regular");
        assertThat(afterMultiline.problem()).isEqualTo("must not be empty");

        CrosswalkCsv.BadCsvException fields = catchThrowableOfType(
                CrosswalkCsv.BadCsvException.class,
                () -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,A,Low,A,A\n"));
        assertThat(fields.field()).isEqualTo("line 2");
        assertThat(fields.problem()).isEqualTo("expected 6 fields, got 5");

        assertThat(catchThrowableOfType(
                                CrosswalkCsv.BadCsvException.class,
                                () -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,A\"b,Low,A,A,A\n"))
                        .getMessage())
                .isEqualTo("line 2: quote inside an unquoted field");
        assertThat(catchThrowableOfType(
                                CrosswalkCsv.BadCsvException.class,
                                () -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,\"A,Low,A,A,A\n"))
                        .getMessage())
                .isEqualTo("line 2: unterminated quoted field");
        assertThat(catchThrowableOfType(CrosswalkCsv.BadCsvException.class, () -> CrosswalkCsv.parse(" "))
                        .field())
                .isEqualTo("body");
    }
}
