package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceJavaTest {

    @TempDir
    Path dir;

    @Test
    void shouldRunTheServicesOnTheJdkTheVariableNamesWithThatJdksVersion() {
        Path home = Path.of(System.getProperty("java.home"));

        ServiceJava java = ServiceJava.from(Map.of(ServiceJava.HOME_VARIABLE, home.toString()));

        assertThat(java.executable()).isEqualTo(home.resolve("bin/java"));
        assertThat(java.version().feature()).isEqualTo(Runtime.version().feature());
        assertThat(java.version().update()).isEqualTo(Runtime.version().update());
    }

    @Test
    void shouldRunTheServicesOnTheLaunchersJvmWhenTheVariableIsEmpty() {
        ServiceJava java = ServiceJava.from(Map.of(ServiceJava.HOME_VARIABLE, " "));

        assertThat(java).isEqualTo(ServiceJava.launcher());
        assertThat(java.executable()).isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    @Test
    void shouldRefuseAHomeWithoutJavaNamingTheVariableAndTheDirectory() {
        assertThatThrownBy(() -> ServiceJava.from(Map.of(ServiceJava.HOME_VARIABLE, dir.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(ServiceJava.HOME_VARIABLE + "=" + dir + " is not a Java home: it has no executable "
                        + "bin/java");
    }

    @Test
    void shouldRefuseAHomeWhoseVersionCannotBeRead() throws IOException {
        fakeJava();

        assertThatThrownBy(() -> ServiceJava.at(dir)).hasMessageContaining("has no release file");

        Files.writeString(dir.resolve("release"), "IMPLEMENTOR=\"someone\"\n");
        assertThatThrownBy(() -> ServiceJava.at(dir)).hasMessageContaining("no readable JAVA_VERSION (none)");
    }

    @Test
    void shouldRefuseAJavaOlderThanTheClassesNeed() throws IOException {
        fakeJava();
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"11.0.22\"\n");

        assertThatThrownBy(() -> ServiceJava.at(dir))
                .hasMessageContaining("is Java 11.0.22; the services need " + "Java 17 or later");
    }

    @Test
    void shouldGiveTheNamedJdkTheHeapOptionsOfItsOwnVersion() throws IOException {
        fakeJava();
        // A JDK without -XX:TrimNativeHeapInterval, whatever JVM runs the stack: that option would stop it.
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"17.0.8\"\n");
        assertThat(ServiceJava.at(dir).heapOptions())
                .contains("-XX:+UseSerialGC")
                .noneMatch(option -> option.startsWith("-XX:TrimNativeHeapInterval"));

        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"25.0.3\"\n");
        assertThat(ServiceJava.at(dir).heapOptions()).contains("-XX:TrimNativeHeapInterval=5000");
    }

    private void fakeJava() throws IOException {
        Path java = Files.createDirectories(dir.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
