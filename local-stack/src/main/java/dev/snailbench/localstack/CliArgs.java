package dev.snailbench.localstack;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The command line of {@code ./snailbench}: positional words and {@code --name value} options. */
final class CliArgs {

    private static final Set<String> FLAGS = Set.of("--watch", "--json", "--open",
            "--items");
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

    String word(int i, String what) {
        if (i >= words.size()) {
            throw new IllegalArgumentException("missing " + what);
        }
        return words.get(i);
    }

    boolean has(String option) {
        return options.containsKey(option);
    }

    String option(String option) {
        String value = options.get(option);
        if (value == null) {
            throw new IllegalArgumentException("missing " + option);
        }
        return value;
    }
}
