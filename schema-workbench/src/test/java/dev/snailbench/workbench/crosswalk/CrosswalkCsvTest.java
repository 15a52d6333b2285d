package dev.snailbench.workbench.crosswalk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.localstack.DataDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

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
            List<CrosswalkRow> parsed = CrosswalkCsv.parse(csv);
            rows += parsed.size();
            assertThat(CrosswalkCsv.write(parsed)).as(f.getFileName().toString()).isEqualTo(csv);
        }
        assertThat(rows).isEqualTo(7454);
    }

    @Test
    void shouldKeepSnailsOddNativeLevels() throws IOException {
        Path dir = DataDir.resolve().resolve("snails/crosswalks");
        List<CrosswalkRow> ntsb = CrosswalkCsv.parse(Files.readString(dir.resolve("NTSB.csv")));
        assertThat(ntsb).filteredOn(r -> r.identifierNative().equals("EVENT_DATA_RECORDER_SUMMNO"))
                .singleElement().extracting(CrosswalkRow::nativeLevel).isEqualTo("UNK");
        List<CrosswalkRow> sbod = CrosswalkCsv.parse(Files.readString(dir.resolve("SBODemoUS.csv")));
        assertThat(sbod).filteredOn(r -> r.identifierNative().equals("Qauntity"))
                .singleElement().extracting(CrosswalkRow::nativeLevel).isEqualTo("");
    }

    @Test
    void shouldQuoteFieldsThatNeedIt() {
        List<CrosswalkRow> rows = List.of(new CrosswalkRow("column", "a,b", "Low", "say \"hi\"", "x", "y"));
        String csv = CrosswalkCsv.write(rows);
        assertThat(csv).contains("\"a,b\"").contains("\"say \"\"hi\"\"\"");
        assertThat(CrosswalkCsv.parse(csv)).isEqualTo(rows);
    }

    @Test
    void shouldNameTheLineOfABadRow() {
        String csv = CrosswalkCsv.HEADER + "\ncolumn,A,Low,A,A,A\nview,B,Low,B,B,B\n";
        assertThatThrownBy(() -> CrosswalkCsv.parse(csv)).isInstanceOf(InvalidInput.class)
                .hasMessageContaining("line 3").hasMessageContaining("kind");
        assertThatThrownBy(() -> CrosswalkCsv.parse("a,b\n")).hasMessageContaining("header");
        assertThatThrownBy(() -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,A,Low,A,A\n"))
                .hasMessageContaining("line 2").hasMessageContaining("6 fields");
        assertThatThrownBy(() -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,A,Low,,A,A\n"))
                .hasMessageContaining("regular");
        assertThatThrownBy(() -> CrosswalkCsv.parse(CrosswalkCsv.HEADER + "\ncolumn,A,Low,A,A,A\ncolumn,A,Low,B,B,B\n"))
                .hasMessageContaining("duplicate");
    }
}
