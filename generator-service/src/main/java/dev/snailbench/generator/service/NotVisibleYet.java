package dev.snailbench.generator.service;

/**
 * A write was published but this service's own consumer has not stored it yet. Reads retry on it for a
 * short while; if it outlives that, the caller is told to retry (503) rather than given a wrong answer.
 */
public class NotVisibleYet extends RuntimeException {

    public NotVisibleYet(String what) {
        super(what + " was accepted but is not readable yet; retry shortly", null, false, false);
    }
}
