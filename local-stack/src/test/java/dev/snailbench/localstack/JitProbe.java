package dev.snailbench.localstack;

import jitprobe.OutsideJobPath;

/**
 * Calls a method of the work-item path's packages and one outside them 20 times each, then exits: run with the
 * services' JVM options and {@code -XX:+PrintCompilation} by ServiceJvmOptionsTest, which reads which were compiled.
 */
public final class JitProbe {

    private JitProbe() {}

    static int work(int x) {
        return x * 17 + 3;
    }

    public static void main(String[] args) {
        int sum = 0;
        for (int i = 0; i < 20; i++) {
            sum += work(i) + OutsideJobPath.work(i);
        }
        System.out.println("sum " + sum);
    }
}
