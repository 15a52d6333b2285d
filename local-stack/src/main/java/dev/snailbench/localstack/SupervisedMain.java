package dev.snailbench.localstack;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Entry point of a service JVM started by {@link Stack}: runs the service's own main class, and stops the service
 * when the process that started it dies (killed demo, killed test JVM), so that no service outlives its stack.
 *
 * <p>Arguments: {@code <parent pid> <main class> [its arguments...]}.
 */
public final class SupervisedMain {

    private SupervisedMain() {}

    public static void main(String[] args) throws Throwable {
        long parentPid = Long.parseLong(args[0]);
        Thread watchdog = new Thread(() -> exitWhenGone(parentPid), "parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        try {
            Class.forName(args[1]).getMethod("main", String[].class).invoke(null, (Object)
                    Arrays.copyOfRange(args, 2, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static void exitWhenGone(long parentPid) {
        while (ProcessHandle.of(parentPid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                TimeUnit.SECONDS.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
        // A graceful stop first (Quarkus closes its consumers and pools); halt if that hangs.
        Thread halt = new Thread(
                () -> {
                    try {
                        TimeUnit.SECONDS.sleep(15);
                    } catch (InterruptedException ignored) {
                        // Exiting anyway.
                    }
                    Runtime.getRuntime().halt(1);
                },
                "halt-after-grace");
        halt.setDaemon(true);
        halt.start();
        System.exit(0);
    }
}
