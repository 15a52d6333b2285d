package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A service started by a stack does not outlive the process that started it. */
class SupervisedMainTest {

    /** Stands in for a service: runs until stopped. */
    public static final class Forever {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    @Test
    void shouldStopTheServiceWhenItsParentDies() throws Exception {
        Process parent = new ProcessBuilder("sleep", "600").start();
        String classpath = Path.of(SupervisedMain.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                + File.pathSeparator
                + Path.of(Forever.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI());
        Process service = new ProcessBuilder(List.of(
                        KafkaBroker.javaExecutable(),
                        "-cp",
                        classpath,
                        SupervisedMain.class.getName(),
                        Long.toString(parent.pid()),
                        Forever.class.getName()))
                .redirectErrorStream(true)
                .start();
        try {
            assertThat(service.waitFor(3, TimeUnit.SECONDS))
                    .as("service runs while its parent lives")
                    .isFalse();

            parent.destroyForcibly().waitFor();

            assertThat(service.waitFor(30, TimeUnit.SECONDS))
                    .as("service stopped after its parent died")
                    .isTrue();
        } finally {
            service.destroyForcibly();
            parent.destroyForcibly();
        }
    }
}
