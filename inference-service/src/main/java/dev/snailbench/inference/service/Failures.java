package dev.snailbench.inference.service;

/** Turns an exception into the one-line reason a user reads in the job's results. */
public final class Failures {

    private Failures() {}

    public static String message(Throwable e) {
        Throwable t = e;
        while ((t.getMessage() == null || t.getMessage().isBlank()) && t.getCause() != null) {
            t = t.getCause();
        }
        String msg = t.getMessage();
        return msg == null || msg.isBlank() ? t.getClass().getSimpleName() : msg;
    }
}
