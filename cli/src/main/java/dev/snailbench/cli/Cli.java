package dev.snailbench.cli;

import java.io.PrintStream;
import java.net.ConnectException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The command-line client ({@code ./snailbench <command>}), talking to the platform's REST APIs as a team would.
 * This class only routes: the usage, the command ({@link CliArgs#command}), the class that runs it
 * ({@link TenantCommand}, {@link DatabaseCommands}, {@link JobSpecCommand}, {@link JobCommands} with {@link JobWatch},
 * {@link ReportCommand}, {@link ReviewCommand}, {@link CompareCommand}, and the schema workbench's
 * {@link CrosswalkCommands}, {@link QuestionSetCommands}, {@link ViewCommands}, {@link RefinerCommands}; they share a
 * {@link CommandContext}), and the
 * exit codes: a {@link UserError} (the platform's refusal with the field to fix, a service out of reach) is exit 1
 * with its message, a wrong command line exit 2 with the usage.
 */
public final class Cli {

    static final String USAGE = """
            usage: ./snailbench <command> [options]
              tenant create <name>                      create a tenant; prints its API key (admin key needed)
              db register --name N --kind postgresql|sqlserver --jdbc-url URL --user U --password P
                          [--admin-user U --admin-password P]   register a database and test its connection
              db list | db test <id> | db schema <id>   the tenant's databases, a connection test, a schema
              db update <id> [--name N] [--user U --password P | --password P]
                          [--admin-user U --admin-password P | --admin-password P | --admin-user ""]
                                                        change a registration (new logins are tested first)
              db delete <id>                            remove a registration (refused while a job uses it)
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
              crosswalk list | show <id> | import <file.csv> --name N | export <id> [--out FILE]
              crosswalk build --name N --database <id> --schema S [--dialect D] [--expand-with-llm]
                          [--abbreviate-with-llm] [--data-dictionary FILE] [--wait]   a crosswalk from a schema
              suite create --name N --database <id> --schema S [--seed N] [--counts CATEGORY=N,...] [--tables T,...]
              suite list | suite show <id>              QATCH test suites (a job names one: questionSet.testSuiteId)
              synthetic create --name N --database <id> --schema S --seeds FILE [--target N] [--seed N]
                          [--questions offline|llm] [--embeddings E] [--keep N]   a synthetic question set
              synthetic list | synthetic show <id>      (a job names one: questionSet.syntheticSetId)
              views create --crosswalk <id> --database <id> --schema S [--view-schema V] [--level L] [--apply]
                          [--out FILE]                  natural views under a crosswalk's names (DDL into FILE)
              views rewrite --crosswalk <id> --sql SQL [--level L] [--dialect D] [--view-schema V]
              refine analyse --database <id> --schema S [--packages offline|llm] [--embeddings E] [--context T]
              refine views ... [--view-schema V] [--apply] [--out FILE]   a view layer with canonical names
              refine inject --database <id> --schema S [--rate R] [--seed N] [--view-schema V] [--out FILE]
              refine rewrite --sql SQL --mapping FILE [--dialect D]   SQL on a view layer back to physical names
            options: --api-key KEY (else SNAILBENCH_API_KEY); --json prints the API's JSON instead of columns""";

    private final Map<String, String> endpoints;
    private final PrintStream out;
    private final PlatformClient client = new PlatformClient();
    /** Shows a file in the desktop's browser ({@code report --open}). */
    private final Consumer<Path> browser;
    /** How often {@code --watch} asks for the job's state. */
    Duration pollInterval = Duration.ofMillis(500);
    /** Whether the output is a terminal, where {@code --watch} redraws its line ({@link JobWatch}). */
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
        if (rest.equals(List.of("help"))) {
            // Nothing to ask the platform: no client, no endpoints.
            System.out.println(USAGE);
            exit(root, 0);
        }
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
        exit(root, code);
    }

    /** Exits with the code, after the short commands' run for the class-data archive when this run makes one. */
    private static void exit(Path root, int code) {
        if (ArchiveTraining.wanted()) {
            System.out.flush();
            ArchiveTraining.run(root);
        }
        System.exit(code);
    }

    /**
     * Runs one command; returns the exit code (0, or 1 when a watched job did not succeed or a compared line was
     * refused). A {@link UserError} says what failed; an {@link IllegalArgumentException} a wrong command line.
     */
    int run(List<String> args) {
        CliArgs a = new CliArgs(args);
        String command = a.command();
        try {
            return dispatch(command, a);
        } catch (PlatformClient.Refused e) {
            String field = e.status() == 400 && e.field() != null ? " (fix: " + e.field() + ")" : "";
            String hint = e.status() == 401 ? " — check " + keyOrigin(command, a) : "";
            throw new UserError(e.status() + " " + e.error() + field + hint);
        } catch (PlatformClient.NoAnswer e) {
            Throwable cause = e.getCause();
            throw new UserError(
                    cause instanceof ConnectException
                            ? "cannot reach " + e.url() + " (is the platform running? ./snailbench up)"
                            : cause instanceof InterruptedException
                                    ? "interrupted"
                                    : e.method() + " " + e.url() + " failed: " + cause.getMessage());
        }
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
            case "db update" -> databases.update(a);
            case "db delete" -> databases.delete(a);
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
            case "crosswalk list" -> new CrosswalkCommands(context, pollInterval).list(a);
            case "crosswalk show" -> new CrosswalkCommands(context, pollInterval).show(a);
            case "crosswalk import" -> new CrosswalkCommands(context, pollInterval).importCsv(a);
            case "crosswalk export" -> new CrosswalkCommands(context, pollInterval).export(a);
            case "crosswalk build" -> {
                return new CrosswalkCommands(context, pollInterval).build(a);
            }
            case "suite create" -> suites(context).create(a);
            case "suite list" -> suites(context).list(a);
            case "suite show" -> suites(context).show(a);
            case "synthetic create" -> synthetic(context).create(a);
            case "synthetic list" -> synthetic(context).list(a);
            case "synthetic show" -> synthetic(context).show(a);
            case "views create" -> new ViewCommands(context).create(a);
            case "views rewrite" -> new ViewCommands(context).rewrite(a);
            case "refine analyse" -> new RefinerCommands(context).analyse(a);
            case "refine views" -> new RefinerCommands(context).views(a);
            case "refine inject" -> new RefinerCommands(context).inject(a);
            case "refine rewrite" -> new RefinerCommands(context).rewrite(a);
            default -> throw new IllegalStateException(command);
        }
        return 0;
    }

    private static QuestionSetCommands suites(CommandContext context) {
        return new QuestionSetCommands(context, QuestionSetCommands.Kind.SUITE);
    }

    private static QuestionSetCommands synthetic(CommandContext context) {
        return new QuestionSetCommands(context, QuestionSetCommands.Kind.SYNTHETIC);
    }

    /** Which key a 401 refers to: the admin key for {@code tenant create}, else the one given or the environment's. */
    private static String keyOrigin(String command, CliArgs a) {
        if (command.equals("tenant create")) {
            return "the admin key: check SNAILBENCH_ADMIN_KEY (printed by ./snailbench up)";
        }
        return a.has("--api-key") ? "the key given with --api-key" : "the key in SNAILBENCH_API_KEY";
    }
}
