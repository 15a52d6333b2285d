package dev.snailbench.cli;

/** A failure to show the user as is (what went wrong and what to fix), with exit code 1 ({@link Cli}). */
final class UserError extends RuntimeException {

    UserError(String message) {
        super(message);
    }
}
