package dev.snailbench.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line of {@code ./snailbench}: the command's words ({@link #command}), positional words and
 * {@code --name value} options.
 */
final class CliArgs {

    /** The commands and their subcommands, for "did you mean" (up, demo and data are the script's own). */
    static final Map<String, List<String>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("tenant", List.of("create"));
        COMMANDS.put("db", List.of("register", "list", "test", "schema", "update", "delete"));
        COMMANDS.put("job", List.of("spec", "submit", "list", "status", "cancel"));
        COMMANDS.put("report", List.of());
        COMMANDS.put("review", List.of());
        COMMANDS.put("compare", List.of());
        COMMANDS.put("crosswalk", List.of("list", "show", "import", "export", "build"));
        COMMANDS.put("suite", List.of("create", "list", "show"));
        COMMANDS.put("synthetic", List.of("create", "list", "show"));
        COMMANDS.put("views", List.of("create", "rewrite"));
        COMMANDS.put("refine", List.of("analyse", "views", "inject", "rewrite"));
        COMMANDS.put("help", List.of());
        COMMANDS.put("up", List.of());
        COMMANDS.put("demo", List.of());
        COMMANDS.put("data", List.of());
    }

    private static final Set<String> FLAGS = Set.of(
            "--watch",
            "--json",
            "--open",
            "--items",
            "--apply",
            "--wait",
            "--expand-with-llm",
            "--abbreviate-with-llm");

    /** The options every command takes. */
    private static final List<String> COMMON = List.of("--api-key", "--json");

    final List<String> words = new ArrayList<>();
    final Map<String, String> options = new HashMap<>();

    CliArgs(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (FLAGS.contains(arg)) {
                options.put(arg, "true");
            } else if (arg.startsWith("--")) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException(arg + " needs a value");
                }
                options.put(arg, args.get(++i));
            } else {
                words.add(arg);
            }
        }
    }

    /** The command's words ("job submit", "report"), or an {@link IllegalArgumentException} naming the one meant. */
    String command() {
        String first = word(0, "a command");
        if (!COMMANDS.containsKey(first)) {
            throw new IllegalArgumentException(
                    "unknown command '" + first + "'" + Suggest.hint(first, COMMANDS.keySet()));
        }
        List<String> subcommands = COMMANDS.get(first);
        if (subcommands.isEmpty()) {
            return first;
        }
        String second = word(1, "a " + first + " command (" + String.join(", ", subcommands) + ")");
        if (!subcommands.contains(second)) {
            throw new IllegalArgumentException("unknown command '" + first + " " + second + "'"
                    + Suggest.closest(second, subcommands)
                            .map(s -> ": did you mean '" + first + " " + s + "'?")
                            .orElse(" (one of: " + String.join(", ", subcommands) + ")"));
        }
        return first + " " + second;
    }

    String word(int i, String what) {
        if (i >= words.size()) {
            throw new IllegalArgumentException("missing " + what);
        }
        return words.get(i);
    }

    boolean has(String option) {
        return options.containsKey(option);
    }

    /**
     * Refuses an option the command does not take (a typo would otherwise be ignored), naming the one meant; the
     * common ones ({@code --api-key}, {@code --json}) are always taken.
     */
    void only(String... known) {
        List<String> taken = new ArrayList<>(COMMON);
        taken.addAll(List.of(known));
        for (String given : options.keySet()) {
            if (!taken.contains(given)) {
                throw new IllegalArgumentException("unknown option " + given
                        + Suggest.closest(given, taken)
                                .map(c -> ": did you mean " + c + "?")
                                .orElse(" (this command takes " + String.join(", ", taken) + ")"));
            }
        }
    }

    /** An option's value if it was given, else null. */
    String optional(String option) {
        return options.get(option);
    }

    String option(String option) {
        String value = options.get(option);
        if (value == null) {
            throw new IllegalArgumentException("missing " + option);
        }
        return value;
    }
}
