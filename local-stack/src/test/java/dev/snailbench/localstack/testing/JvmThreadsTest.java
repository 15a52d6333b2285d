package dev.snailbench.localstack.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The benchmarks' CPU by kind of thread keeps what a thread that ended during the measurement used. */
class JvmThreadsTest {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @Test
    void shouldCountAThreadThatEndedDuringTheMeasurementAsEndedNotAsANegativeFigure() throws Exception {
        long pid = ProcessHandle.current().pid();
        CountDownLatch burned = new CountDownLatch(1);
        CountDownLatch measuring = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            burn(0.3);
            burned.countDown();
            await(measuring);
            burn(0.2);
        }, "executor-cpu-test");
        worker.start();
        burned.await();

        JvmThreads before = JvmThreads.of(pid);
        measuring.countDown();
        worker.join();
        Map<String, Double> used = JvmThreads.of(pid).since(before);

        // Before the fix the kind's total dropped the worker's 0.3 s from before the measurement: workers -0.3.
        assertThat(used.get("workers")).isGreaterThanOrEqualTo(0.0);
        assertThat(used.get("ended")).isGreaterThanOrEqualTo(0.15);
        assertThat(used.values()).allSatisfy(seconds -> assertThat(seconds).isGreaterThanOrEqualTo(0.0));
    }

    @Test
    void shouldCountALiveThreadOnlyForWhatItUsedSinceTheFirstSnapshot() throws Exception {
        long pid = ProcessHandle.current().pid();
        CountDownLatch burned = new CountDownLatch(1);
        CountDownLatch measuring = new CountDownLatch(1);
        CountDownLatch measured = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            burn(0.4);
            burned.countDown();
            await(measuring);
            burn(0.2);
            measured.countDown();
            await(done);
        }, "sql-parser-test");
        worker.start();
        burned.await();

        JvmThreads before = JvmThreads.of(pid);
        measuring.countDown();
        measured.await();
        Map<String, Double> used = JvmThreads.of(pid).since(before);
        done.countDown();
        worker.join();

        assertThat(used.get("workers")).isBetween(0.15, 0.35);
        assertThat(used).containsKeys("jit", "gc", "event loop", "kafka", "other", "ended");
    }

    /** Spins on the calling thread until it has used {@code seconds} of CPU (reading its CPU clock is the work). */
    private static void burn(double seconds) {
        long until = THREADS.getCurrentThreadCpuTime() + (long) (seconds * 1e9);
        while (THREADS.getCurrentThreadCpuTime() < until) {
            Thread.onSpinWait();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
