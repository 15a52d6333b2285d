package dev.snailbench.datasets;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./snailbench data fetch|verify}: the public datasets on a fresh machine. The data directory is
 * {@code --data-dir}, else {@code SNAILBENCH_DATA_DIR}, else {@code ../shared/data} next to the project root (where
 * the platform looks by default). Exit code 1 with a one-line message when a fetch fails or a file is corrupted.
 */
public final class DataCommand {

    static final String USAGE = """
            usage: ./snailbench data fetch [--data-dir DIR] [--only snails|footballdb|qatch]...
                                                   fetch the public datasets from their repositories (pinned commits)
                                                   and write them in the layout the platform reads, with CHECKSUMS.sha256
                   ./snailbench data verify [--data-dir DIR]   check every file against CHECKSUMS.sha256
            data directory: --data-dir, else SNAILBENCH_DATA_DIR, else ../shared/data next to the project
            sources: -Dsnailbench.data.<name>.url / SNAILBENCH_DATA_<NAME>_URL (and .commit / _COMMIT) to use a mirror""";

    private DataCommand() {}

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println(USAGE);
            System.exit(2);
        }
        System.exit(
                run(Path.of(args[0]), List.of(args).subList(1, args.length), Dataset.all(), System.out, System.err));
    }

    /** Runs one command; returns the exit code. */
    static int run(Path root, List<String> args, List<Dataset> known, PrintStream out, PrintStream err) {
        String command = args.get(0);
        Path dataDir = null;
        List<String> only = new ArrayList<>();
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if ((a.equals("--data-dir") || a.equals("--only")) && i + 1 < args.size()) {
                String value = args.get(++i);
                if (a.equals("--data-dir")) {
                    dataDir = Path.of(value);
                } else {
                    only.addAll(List.of(value.split(",")));
                }
            } else {
                err.println("error: unknown or incomplete option " + a);
                err.println(USAGE);
                return 2;
            }
        }
        if (dataDir == null) {
            String env = System.getenv("SNAILBENCH_DATA_DIR");
            dataDir = env != null && !env.isBlank()
                    ? Path.of(env)
                    : root.resolve("../shared/data").normalize();
        }
        try {
            switch (command) {
                case "fetch" -> {
                    List<Dataset> chosen = new ArrayList<>();
                    for (Dataset d : known) {
                        if (only.isEmpty() || only.contains(d.name())) {
                            chosen.add(d);
                        }
                    }
                    for (String name : only) {
                        if (known.stream().noneMatch(d -> d.name().equals(name))) {
                            err.println("error: --only " + name + ": no such dataset (snails, footballdb or qatch)");
                            return 2;
                        }
                    }
                    List<String> notes = new DataFetch(out).fetch(dataDir, chosen);
                    if (!notes.isEmpty()) {
                        out.println("incomplete: " + notes.size() + " part(s) of the layout above were not produced; "
                                + "for them point SNAILBENCH_DATA_DIR or --data-dir at an existing copy of the data");
                    }
                    return 0;
                }
                case "verify" -> {
                    Checksums.Report r = Checksums.verify(dataDir);
                    r.corrupted()
                            .forEach(f -> out.println(
                                    "corrupted: " + f + " (its SHA-256 differs from " + Checksums.FILE + ")"));
                    r.missing().forEach(f -> out.println("missing: " + f));
                    r.unlisted().forEach(f -> out.println("not listed in " + Checksums.FILE + ": " + f));
                    if (!r.ok()) {
                        err.println(
                                "error: " + (r.corrupted().size() + r.missing().size()) + " of " + r.checked()
                                        + " files in " + dataDir + " do not match " + Checksums.FILE
                                        + ": fetch them again with ./snailbench data fetch");
                        return 1;
                    }
                    out.println("ok: " + r.checked() + " files in " + dataDir + " match " + Checksums.FILE);
                    return 0;
                }
                default -> {
                    err.println("error: unknown command data " + command);
                    err.println(USAGE);
                    return 2;
                }
            }
        } catch (DataFetch.Failed e) {
            err.println("error: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
    }
}
