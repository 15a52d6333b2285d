package dev.snailbench.generator.rest;

/** A request over a size limit (answered 413 with the limit). */
public class PayloadTooLarge extends RuntimeException {

    public PayloadTooLarge(String message) {
        super(message);
    }
}
