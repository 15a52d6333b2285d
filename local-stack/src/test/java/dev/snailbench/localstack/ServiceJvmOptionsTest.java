package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ServiceJvmOptionsTest {

    @Test
    void shouldStartEachServicesJvmWithEveryOptionTheStackGivesIt() throws Exception {
        // The JVM the stack would start the services on here (SNAILBENCH_SERVICES_JAVA_HOME, else this one).
        ServiceJava services = ServiceJava.from(Map.of());
        for (Stack.Service service : Stack.Service.values()) {
            List<String> command = new ArrayList<>(List.of(services.executable().toString()));
            command.addAll(services.heapOptions());
            // As the JVM reads JAVA_TOOL_OPTIONS: options separated by spaces.
            command.addAll(List.of(Stack.jvmOptions(service).split(" ")));
            command.add("-version");
            Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(java.waitFor(60, TimeUnit.SECONDS)).as(service.module()).isTrue();
            assertThat(java.exitValue()).as(service.module() + ": " + output).isZero();
            // Sizes the JVM cannot reconcile (a young generation above its maximum, say) only print a warning and
            // start.
            assertThat(output).as(service.module()).doesNotContainIgnoringCase("warning");
        }
    }

    @Test
    void shouldRunEveryServiceOnTheClientCompilerAloneAndOnlyTheJobPathAtLowThresholds() {
        for (Stack.Service service : Stack.Service.values()) {
            assertThat(Stack.jvmOptions(service)).as(service.module()).contains("-XX:TieredStopAtLevel=1");
        }
        // The classifier is idle during jobs: its start compiles only what runs often, at the usual thresholds.
        assertThat(Stack.jvmOptions(Stack.Service.CLASSIFIER)).doesNotContain("CompileThresholdScaling");
        // The others: the job path's packages at a low threshold, everything else (start-up code) at the usual one.
        assertThat(Stack.jvmOptions(Stack.Service.EXECUTOR))
                .contains("-XX:CompileCommand=CompileThresholdScaling,dev.snailbench.*::*,0.02")
                .doesNotContain("-XX:CompileThresholdScaling");
    }

    @Test
    void shouldCompileTheJobPathsMethodsAfterAFewCallsAndOthersAtTheUsualThreshold() throws Exception {
        List<String> command = new ArrayList<>(List.of(
                ServiceJava.from(Map.of()).executable().toString(),
                // Each compilation at the call that asks for it, so that the probe's 20 calls are enough to see it.
                "-Xbatch",
                "-XX:+PrintCompilation"));
        command.addAll(List.of(Stack.jvmOptions(Stack.Service.GENERATOR).split(" ")));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), JitProbe.class.getName()));
        Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(java.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(output)
                .contains("sum ")
                .contains("dev.snailbench.localstack.JitProbe::work")
                .doesNotContain("jitprobe.OutsideJobPath::work");
    }

    @Test
    void shouldTrimTheNativeHeapOnlyOnJvmsThatHaveTheOption() {
        for (String without : List.of("17.0.8", "17.0.2+8", "21", "20.0.2")) {
            assertThat(ServiceJava.heapOptions(Runtime.Version.parse(without)))
                    .as(without)
                    .contains("-Xmx512m")
                    .noneMatch(option -> option.startsWith("-XX:TrimNativeHeapInterval"));
        }
        for (String with : List.of("17.0.9", "17.0.15+6", "21.0.1", "22", "25.0.1")) {
            assertThat(ServiceJava.heapOptions(Runtime.Version.parse(with)))
                    .as(with)
                    .contains("-Xmx512m", "-XX:TrimNativeHeapInterval=5000");
        }
    }
}
