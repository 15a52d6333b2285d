package dev.snailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run that makes the class-data archive goes through the short commands' whole path, answer included. */
class ArchiveTrainingTest {

    @TempDir
    Path root;

    @Test
    void shouldRunJobListJobStatusAndARefusalToTheirAnswers() {
        assertThat(ArchiveTraining.run(root)).isEqualTo(3);
    }
}
