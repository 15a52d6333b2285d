package dev.snailbench.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code job submit|list|status|cancel}: the tenant's jobs at the generator; {@code --watch} follows one to its end
 * ({@link JobWatch}). {@code job spec} is {@link JobSpecCommand}.
 */
final class JobCommands {

    /** The YAML reader, made on first use (most commands read no YAML). */
    private static final class Yaml {
        static final ObjectMapper MAPPER = new YAMLMapper();
    }

    private final CommandContext context;
    private final JobWatch watch;

    JobCommands(CommandContext context, JobWatch watch) {
        this.context = context;
        this.watch = watch;
    }

    /** Submits a spec (JSON or YAML); the exit code of {@code --watch}, else 0. */
    int submit(CliArgs a) {
        String named = a.word(2, "a job spec (JSON or YAML file)");
        Path spec = CommandContext.file(named);
        String name = spec.getFileName().toString().toLowerCase(Locale.ROOT);
        ObjectMapper reader = name.endsWith(".yaml") || name.endsWith(".yml") ? Yaml.MAPPER : PlatformClient.json();
        Object body;
        String text;
        try {
            text = Files.readString(spec);
            body = reader.readValue(text, Object.class);
        } catch (NoSuchFileException e) {
            throw new UserError("no such file: " + spec);
        } catch (JsonProcessingException e) {
            // Where in the file, as an editor shows it; Jackson's own position text names no file a person knows.
            JsonLocation at = e.getLocation();
            throw new UserError("cannot read the job spec " + spec
                    + (at == null || at.getLineNr() < 1
                            ? ""
                            : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
                    + ": "
                    + String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new UserError("cannot read the job spec " + spec + ": " + e.getMessage());
        }
        SpecLocations where = SpecLocations.of(text, reader.getFactory());
        JobSpecCheck.check(named, body, where);
        JsonNode accepted;
        try {
            accepted = context.call("POST", "generator", "/jobs", a, body);
        } catch (PlatformClient.Refused e) {
            // The field the generator names, found in the file.
            String at = e.status() == 400 && e.field() != null ? where.at(e.field()) : null;
            if (at == null) {
                throw e;
            }
            throw new UserError(
                    e.status() + " " + e.error() + " (fix: " + e.field() + " at " + at + " of " + named + ")");
        }
        String jobId = accepted.path("jobId").asText();
        if (accepted.path("existing").asBoolean()) {
            String progress = accepted.has("done") && accepted.has("total")
                    ? String.format(
                            Locale.ROOT,
                            ", %d/%d done, %d failed",
                            accepted.path("done").asInt(),
                            accepted.path("total").asInt(),
                            accepted.path("failed").asInt())
                    : "";
            context.out.println("job " + jobId + " already exists: "
                    + accepted.path("status").asText() + progress + " (the same spec was submitted before)");
        } else {
            context.out.println("job " + jobId + " accepted");
        }
        return a.has("--watch") ? watch.follow(jobId, CommandContext.apiKey(a)) : 0;
    }

    void list(CliArgs a) {
        // The outcome: succeeded, some-failed, all-failed, cancelled, failed; empty while a job runs.
        context.table(
                context.call("GET", "generator", "/jobs", a, null),
                a,
                List.of("jobId", "status", "outcome", "done", "total", "failed", "name"));
    }

    /** The job's state in one line (the API's JSON with --json); the exit code of {@code --watch}, else 0. */
    int status(CliArgs a) {
        String jobId = a.word(2, "a job id");
        if (a.has("--watch")) {
            return watch.follow(jobId, CommandContext.apiKey(a));
        }
        JsonNode job = context.call("GET", "generator", "/jobs/" + jobId, a, null);
        if (context.printedAsJson(a, job)) {
            return 0;
        }
        String outcome =
                job.path("outcome").isTextual() ? " — " + job.get("outcome").asText() : "";
        context.out.printf(
                Locale.ROOT,
                "job %s (%s): %s, %d/%d done, %d failed%s%n",
                job.path("jobId").asText(),
                job.path("name").asText(""),
                job.path("status").asText(),
                job.path("done").asInt(),
                job.path("total").asInt(),
                job.path("failed").asInt(),
                outcome);
        if (job.hasNonNull("reason")) {
            context.out.println("reason: " + job.get("reason").asText());
        }
        String reasons = JobWatch.topReasons(job);
        if (!reasons.isEmpty()) {
            context.out.println("top failure reasons:");
            context.out.println(reasons);
        }
        return 0;
    }

    void cancel(CliArgs a) {
        String jobId = a.word(2, "a job id");
        JsonNode job = context.call("POST", "generator", "/jobs/" + jobId + "/cancel", a, null);
        if (context.printedAsJson(a, job)) {
            return;
        }
        context.out.printf(
                Locale.ROOT,
                "job %s %s (%d/%d done, %d failed)%n",
                jobId,
                job.path("status").asText(),
                job.path("done").asInt(),
                job.path("total").asInt(),
                job.path("failed").asInt());
    }
}
