package dev.snailbench.datasets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Fetches one pinned commit of a repository with the system {@code git}: git's object ids pin the sources, so a
 * checkout is exactly the snapshot the data was prepared from. A full 40-hex commit is fetched alone (shallow);
 * an abbreviated one (what the data README names) needs the repository's history to be resolved.
 */
final class Git {

    private static final Pattern FULL_ID = Pattern.compile("[0-9a-f]{40}");
    private static final long TIMEOUT_MINUTES = 30;

    /** A fetch that failed: the repository could not be reached ({@code unreachable}) or does not hold the commit. */
    static final class FetchFailed extends Exception {
        final boolean unreachable;

        FetchFailed(String message, boolean unreachable) {
            super(message);
            this.unreachable = unreachable;
        }
    }

    private Git() {}

    /** Checks {@code commit} of {@code url} out into the empty directory {@code dir}; returns the full commit id. */
    static String checkout(String url, String commit, Path dir) throws FetchFailed, IOException {
        Files.createDirectories(dir);
        run(dir, "git", "init", "-q");
        String wanted = commit.toLowerCase();
        boolean fetched = false;
        String lastError = "";
        if (FULL_ID.matcher(wanted).matches()) {
            Result shallow = run(dir, "git", "fetch", "-q", "--depth", "1", url, wanted);
            fetched = shallow.ok();
            lastError = shallow.error();
        }
        if (!fetched) {
            // Every branch and tag, so that an abbreviated id (or a server refusing fetch-by-id) still resolves.
            Result all = run(dir, "git", "fetch", "-q", "--tags", url, "+refs/heads/*:refs/remotes/origin/*");
            if (!all.ok()) {
                throw new FetchFailed(firstLine(all.error().isBlank() ? lastError : all.error()), true);
            }
        }
        Result resolved = run(dir, "git", "rev-parse", "--verify", "-q", wanted + "^{commit}");
        if (!resolved.ok()) {
            throw new FetchFailed("commit " + commit + " is not in the repository", false);
        }
        String full = resolved.out().strip();
        Result co = run(dir, "git", "-c", "advice.detachedHead=false", "checkout", "-q", full);
        if (!co.ok()) {
            throw new FetchFailed("cannot check out " + commit + ": " + firstLine(co.error()), false);
        }
        return full;
    }

    private static String firstLine(String s) {
        for (String line : s.strip().split("\n")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return "git failed";
    }

    private record Result(int code, String out, String error) {
        boolean ok() {
            return code == 0;
        }
    }

    private static Result run(Path dir, String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(List.of(command)).directory(dir.toFile());
        // Never wait for a password or a host key: an unreachable repository must fail, not hang.
        pb.environment().put("GIT_TERMINAL_PROMPT", "0");
        pb.environment().put("GIT_SSH_COMMAND", "ssh -o BatchMode=yes");
        Path err = Files.createTempFile("git", ".err");
        Path out = Files.createTempFile("git", ".out");
        try {
            pb.redirectError(err.toFile()).redirectOutput(out.toFile());
            Process p = pb.start();
            if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new Result(-1, "", "git timed out after " + TIMEOUT_MINUTES + " minutes");
            }
            return new Result(
                    p.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running git", e);
        } finally {
            Files.deleteIfExists(err);
            Files.deleteIfExists(out);
        }
    }
}
