package dev.snailbench.localstack;

import java.io.PrintStream;
import java.net.ConnectException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The command-line client ({@code ./snailbench <command>}), talking to the platform's REST APIs as a team would.
 * Where the services are: {@code target/snailbench-endpoints.properties} written by {@code ./snailbench up}, or
 * the environment ({@code SNAILBENCH_GENERATOR_URL}, {@code SNAILBENCH_EXECUTOR_URL}, {@code SNAILBENCH_SCORER_URL}).
 * Keys: {@code SNAILBENCH_API_KEY} (or {@code --api-key}) and, for {@code tenant create}, {@code SNAILBENCH_ADMIN_KEY}
 * (or the endpoints file). Every 4xx is printed as the platform's error with the field to fix, exit code 1.
 * This class routes a command line to the class that runs it and turns failures into messages and exit codes:
 * {@link TenantCommand}, {@link DatabaseCommands}, {@link JobSpecCommand}, {@link JobCommands} (with
 * {@link JobWatch}), {@link ReportCommand}, {@link ReviewCommand}, {@link CompareCommand}; they share a
 * {@link CommandContext} (the endpoints, the one {@link PlatformClient}, the output).
 */
public final class Cli {

    static final String USAGE = """
            usage: ./snailbench <command> [options]
              tenant create <name>                      create a tenant; prints its API key (admin key needed)
              db register --name N --kind postgresql|sqlserver --jdbc-url URL --user U --password P
                          [--admin-user U --admin-password P]   register a database and test its connection
              db list | db test <id> | db schema <id>   the tenant's databases, a connection test, a schema
              job spec footballdb v1|v2|v3 --database <id> [--out FILE]   a job spec to start from: FootballDB's
                                                        100 dev questions and gpt-3.5-turbo's recorded answers
              job submit <spec.json|spec.yaml> [--watch]   submit a job (prints its id); --watch follows it to the
                                                        end and prints its score (exit 1 if it failed, was
                                                        cancelled or every item failed)
              job list | job status <id> [--watch] | job cancel <id>
              report <job> [--items] [--html FILE | --csv FILE] [--open]   the job's summary (--items: and every
                                                        item); --open shows the HTML report in the browser
              review <job>                              items whose verdict a person should judge
              review <job> <item|question> correct|incorrect [--note TEXT] [--reviewer NAME]   record a verdict
              compare <pairs.ndjson> [--out FILE]       score many result pairs in one streamed request (each line
                                                        a POST /compare body, optional id): a line per pair and a
                                                        summary; --out writes the answers (NDJSON) to FILE
            options: --api-key KEY (else SNAILBENCH_API_KEY); --json prints the API's JSON instead of columns""";

    /** The commands and their subcommands, for "did you mean" (up, demo and data are the script's own). */
    static final Map<String, List<String>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("tenant", List.of("create"));
        COMMANDS.put("db", List.of("register", "list", "test", "schema"));
        COMMANDS.put("job", List.of("spec", "submit", "list", "status", "cancel"));
        COMMANDS.put("report", List.of());
        COMMANDS.put("review", List.of());
        COMMANDS.put("compare", List.of());
        COMMANDS.put("help", List.of());
        COMMANDS.put("up", List.of());
        COMMANDS.put("demo", List.of());
        COMMANDS.put("data", List.of());
    }

    /** A failure to show the user as is (what went wrong and what to fix), with exit code 1. */
    static final class UserError extends RuntimeException {
        UserError(String message) {
            super(message);
        }
    }

    private final Map<String, String> endpoints;
    private final PrintStream out;
    private final PlatformClient client = new PlatformClient();
    /** Shows a file in the desktop's browser ({@code report --open}). */
    private final Consumer<Path> browser;
    /** How often {@code --watch} asks for the job's state. */
    Duration pollInterval = Duration.ofMillis(500);
    /**
     * Whether the output is a terminal: {@code --watch} redraws one line there; into a file or a pipe it writes a
     * line per tenth of the job and one when its status changes, so a log reads line by line.
     */
    boolean terminal;

    Cli(Map<String, String> endpoints, PrintStream out) {
        this(endpoints, out, ReportCommand::openInBrowser);
    }

    Cli(Map<String, String> endpoints, PrintStream out, Consumer<Path> browser) {
        this.endpoints = endpoints;
        this.out = out;
        this.browser = browser;
        this.terminal = out == System.out && System.console() != null;
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println(USAGE);
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        List<String> rest = List.of(args).subList(1, args.length);
        int code;
        try {
            code = new Cli(Endpoints.find(root), System.out).run(rest);
        } catch (UserError e) {
            System.out.flush();
            System.err.println("error: " + e.getMessage());
            code = 1;
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(USAGE);
            code = 2;
        }
        System.exit(code);
    }

    /**
     * Runs one command; returns the exit code (0, or 1 when a watched job did not succeed or a compared line was
     * refused). A {@link UserError} says what failed; an {@link IllegalArgumentException} a wrong command line.
     */
    int run(List<String> args) {
        CliArgs a = new CliArgs(args);
        String command = command(a);
        try {
            return dispatch(command, a);
        } catch (PlatformClient.Refused e) {
            String field = e.status() == 400 && e.field() != null ? " (fix: " + e.field() + ")" : "";
            String hint = e.status() == 401 ? " — check " + keyOrigin(command, a) : "";
            throw new UserError(e.status() + " " + e.error() + field + hint);
        } catch (PlatformClient.NoAnswer e) {
            throw new UserError(e.getCause() instanceof ConnectException ? "cannot reach " + e.url()
                    + " (is the platform running? ./snailbench up)"
                    : e.getCause() instanceof InterruptedException ? "interrupted"
                            : e.method() + " " + e.url() + " failed: " + e.getCause().getMessage());
        }
    }

    /** The command's words ("job submit", "report"), or an {@link IllegalArgumentException} naming the one meant. */
    private static String command(CliArgs a) {
        String first = a.word(0, "a command");
        if (!COMMANDS.containsKey(first)) {
            throw new IllegalArgumentException("unknown command '" + first + "'" + Suggest.hint(first,
                    COMMANDS.keySet()));
        }
        List<String> subcommands = COMMANDS.get(first);
        if (subcommands.isEmpty()) {
            return first;
        }
        String second = a.word(1, "a " + first + " command (" + String.join(", ", subcommands) + ")");
        if (!subcommands.contains(second)) {
            throw new IllegalArgumentException("unknown command '" + first + " " + second + "'"
                    + Suggest.closest(second, subcommands).map(s -> ": did you mean '" + first + " " + s + "'?")
                            .orElse(" (one of: " + String.join(", ", subcommands) + ")"));
        }
        return first + " " + second;
    }

    private int dispatch(String command, CliArgs a) {
        CommandContext context = new CommandContext(endpoints, out, client);
        DatabaseCommands databases = new DatabaseCommands(context);
        JobCommands jobs = new JobCommands(context, new JobWatch(context, pollInterval, terminal));
        switch (command) {
            case "help" -> out.println(USAGE);
            case "up", "demo", "data" -> throw new UserError("run it as ./snailbench " + command);
            case "tenant create" -> new TenantCommand(context).create(a);
            case "db register" -> databases.register(a);
            case "db list" -> databases.list(a);
            case "db test" -> databases.test(a);
            case "db schema" -> databases.schema(a);
            case "job spec" -> new JobSpecCommand(context).write(a);
            case "job submit" -> {
                return jobs.submit(a);
            }
            case "job list" -> jobs.list(a);
            case "job status" -> {
                return jobs.status(a);
            }
            case "job cancel" -> jobs.cancel(a);
            case "report" -> new ReportCommand(context, browser).run(a);
            case "review" -> new ReviewCommand(context).run(a);
            case "compare" -> {
                return new CompareCommand(context).run(a);
            }
            default -> throw new IllegalStateException(command);
        }
        return 0;
    }

    /** Which key a 401 refers to: the admin key for {@code tenant create}, else the one given or the environment's. */
    private static String keyOrigin(String command, CliArgs a) {
        return command.equals("tenant create")
                ? "the admin key: check SNAILBENCH_ADMIN_KEY (printed by ./snailbench up)" : a.has("--api-key") ? "the key given with --api-key" : "the key in SNAILBENCH_API_KEY";
    }
}
