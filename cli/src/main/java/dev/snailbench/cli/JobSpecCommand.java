package dev.snailbench.cli;

import dev.snailbench.datasets.DataDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code job spec footballdb v1|v2|v3 --database ID [--out FILE]}: a spec a newcomer can submit as it is, or edit:
 * FootballDB's dev questions and gpt-3.5-turbo's recorded answers ({@link FootballDbJob#replay}).
 */
final class JobSpecCommand {

    private final CommandContext context;

    JobSpecCommand(CommandContext context) {
        this.context = context;
    }

    void write(CliArgs a) {
        String dataset = a.word(2, "a dataset (footballdb)");
        if (!dataset.equals("footballdb")) {
            throw new UserError("no spec template for '" + dataset + "': the one available is footballdb");
        }
        String version = a.word(3, "a FootballDB data model (v1, v2 or v3)");
        Map<String, Object> database = Map.of("databaseId", a.option("--database"));
        Path data;
        try {
            data = DataDir.resolve();
        } catch (IllegalStateException e) {
            throw new UserError(e.getMessage());
        }
        Map<String, Object> spec;
        try {
            spec = FootballDbJob.replay(data, version, database);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            throw new UserError("cannot read FootballDB " + version + " from " + data + " (" + e.getMessage()
                    + "); point SNAILBENCH_DATA_DIR at a data folder that has it, or ./snailbench data fetch");
        }
        String text;
        try {
            text = PlatformClient.json().writerWithDefaultPrettyPrinter().writeValueAsString(spec);
        } catch (IOException e) {
            throw new UserError("cannot write the spec: " + e.getMessage());
        }
        if (!a.has("--out")) {
            context.out.println(text);
            return;
        }
        Path file = CommandContext.file(a.option("--out"));
        try {
            Files.writeString(file, text + System.lineSeparator());
        } catch (IOException e) {
            throw new UserError("cannot write " + file + ": " + e.getMessage());
        }
        context.out.println(
                "job spec written to " + file.toAbsolutePath() + " (" + ((List<?>) spec.get("questions")).size()
                        + " questions); submit it with ./snailbench job submit " + a.option("--out") + " --watch");
    }
}
