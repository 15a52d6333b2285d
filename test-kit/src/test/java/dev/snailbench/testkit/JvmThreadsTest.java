package dev.snailbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The benchmarks' CPU by kind of thread keeps what a thread that ended during the measurement used. */
class JvmThreadsTest {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long PID = ProcessHandle.current().pid();

    @Test
    void shouldCountAThreadThatEndedDuringTheMeasurementAsEndedNotAsANegativeFigure() throws Exception {
        Worker worker = new Worker("executor-cpu-test", 0.3, 0.2);

        JvmThreads before = JvmThreads.of(PID);
        worker.burnAndEnd();
        Map<String, Double> used = JvmThreads.of(PID).since(before);

        // Subtracting the kind's totals took the worker's 0.3 s from before the measurement out: workers -0.3.
        assertThat(used.get("workers")).isGreaterThanOrEqualTo(0.0);
        assertThat(used.get("ended")).isGreaterThanOrEqualTo(0.15);
        assertThat(used.values()).allSatisfy(seconds -> assertThat(seconds).isGreaterThanOrEqualTo(0.0));
    }

    @Test
    void shouldCountALiveThreadOnlyForWhatItUsedSinceTheFirstSnapshot() throws Exception {
        Worker worker = new Worker("sql-parser-test", 0.4, 0.2);

        JvmThreads before = JvmThreads.of(PID);
        worker.burned.countDown();
        worker.done.await();
        Map<String, Double> used = JvmThreads.of(PID).since(before);
        worker.burnAndEnd();

        assertThat(used.get("workers")).isBetween(0.15, 0.35);
        assertThat(used).containsKeys("jit", "gc", "event loop", "kafka", "other", "ended");
    }

    /** A named thread that uses some CPU, then, once told, some more, then ends when told again. */
    private static final class Worker {
        private final CountDownLatch ready = new CountDownLatch(1);
        private final CountDownLatch burned = new CountDownLatch(1);
        private final CountDownLatch done = new CountDownLatch(1);
        private final CountDownLatch end = new CountDownLatch(1);
        private final Thread thread;
        private volatile Path task;

        Worker(String name, double first, double then) throws InterruptedException {
            thread = new Thread(
                    () -> {
                        task = threadSelf();
                        burn(first);
                        ready.countDown();
                        await(burned);
                        burn(then);
                        done.countDown();
                        await(end);
                    },
                    name);
            thread.start();
            ready.await();
        }

        /**
         * Lets the thread use its second share, if not yet, and waits until the system has no such thread: the Java
         * thread's join returns before its native thread has gone from /proc.
         */
        void burnAndEnd() throws InterruptedException {
            burned.countDown();
            end.countDown();
            thread.join();
            Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
            while (Files.exists(task)) {
                assertThat(Instant.now()).as("%s still listed", task).isBefore(deadline);
                Thread.sleep(5);
            }
        }
    }

    /** The calling thread's entry in /proc ({@code /proc/PID/task/TID}). */
    private static Path threadSelf() {
        try {
            return Path.of("/proc").resolve(Files.readSymbolicLink(Path.of("/proc/thread-self")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
