package dev.snailbench.classifier.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingInputsTest {

    @TempDir
    Path dir;

    private Path data;
    private Path classes;
    private Path jar;
    private String classPath;

    @BeforeEach
    void inputs() throws Exception {
        data = dir.resolve("train.csv");
        Files.writeString(data, "identifier,label\nModelYear,Regular\n");
        classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("dev/x"));
        Files.writeString(classes.resolve("dev/x/Trainer.class"), "code");
        jar = dir.resolve("lib.jar");
        Files.writeString(jar, "jar");
        classPath = classes + File.pathSeparator + jar;
    }

    private String digest(List<String> settings) {
        return TrainingInputs.digest(List.of(data), settings, classPath);
    }

    @Test
    void shouldGiveTheSameDigestWhenNothingChanged() {
        assertThat(digest(List.of("epochs=10"))).isEqualTo(digest(List.of("epochs=10")));
    }

    @Test
    void shouldChangeTheDigestWithTheDataTheSettingsTheCodeOrAJar() throws Exception {
        String before = digest(List.of("epochs=10"));
        assertThat(digest(List.of("epochs=20"))).as("a setting").isNotEqualTo(before);

        Files.writeString(data, "identifier,label\nModelYear,Low\n");
        String afterData = digest(List.of("epochs=10"));
        assertThat(afterData).as("a data file").isNotEqualTo(before);

        Files.writeString(classes.resolve("dev/x/Trainer.class"), "other code");
        String afterCode = digest(List.of("epochs=10"));
        assertThat(afterCode).as("a class file").isNotEqualTo(afterData);

        Files.writeString(classes.resolve("dev/x/words.txt"), "a resource");
        String afterResource = digest(List.of("epochs=10"));
        assertThat(afterResource).as("a new resource").isNotEqualTo(afterCode);

        Files.writeString(jar, "another version of the jar");
        assertThat(digest(List.of("epochs=10"))).as("a jar").isNotEqualTo(afterResource);
    }

    @Test
    void shouldCallAFolderUpToDateOnlyWithTheStampOfTheSameInputs() throws Exception {
        Path model = Files.createDirectories(dir.resolve("model"));
        String digest = digest(List.of());
        assertThat(TrainingInputs.upToDate(model, digest)).as("no stamp yet").isFalse();

        TrainingInputs.write(model, digest);
        assertThat(TrainingInputs.upToDate(model, digest)).isTrue();
        assertThat(TrainingInputs.upToDate(model, digest(List.of("epochs=20"))))
                .as("other inputs")
                .isFalse();

        TrainingInputs.invalidate(model);
        assertThat(TrainingInputs.upToDate(model, digest))
                .as("a training under way")
                .isFalse();
    }
}
