package dev.snailbench.generator.rest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.generator.repository.Job;
import dev.snailbench.generator.repository.JobStatus;
import dev.snailbench.generator.repository.WorkItemStateRepository;
import dev.snailbench.generator.service.JobOutcome;
import dev.snailbench.generator.service.JobService;
import dev.snailbench.model.request.JobRequest;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.tenancy.PathIds;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.RestStreamElementType;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/** Tenants submit jobs and follow their progress. Results are served by the scorer-service. */
@Path("/jobs")
public class JobResource {

    private final JobService jobs;
    private final Caller caller;
    private final ObjectMapper mapper;

    public JobResource(JobService jobs, Caller caller, ObjectMapper mapper) {
        this.jobs = jobs;
        this.caller = caller;
        this.mapper = mapper;
    }

    /**
     * A job's state. {@code reason} says why it failed, was cancelled, or why all its items failed; {@code outcome}
     * sums up a finished job ({@link JobOutcome}, null while it runs); {@code topReasons} are its commonest failure
     * reasons with their item counts (at most 5, commonest first; empty when no item failed).
     */
    public record JobView(
            UUID jobId,
            String name,
            JobStatus status,
            int total,
            int done,
            int failed,
            String reason,
            String outcome,
            List<WorkItemStateRepository.ReasonCount> topReasons,
            Instant createdAt,
            Instant updatedAt) {

        static JobView of(JobService.JobState state) {
            Job job = state.job();
            String outcome = JobOutcome.of(job.status, job.total, job.failed);
            return new JobView(
                    job.id,
                    job.name,
                    job.status,
                    job.total,
                    job.done,
                    job.failed,
                    JobOutcome.reason(job.reason, outcome, job.failed, state.topReasons()),
                    outcome,
                    state.topReasons(),
                    job.createdAt,
                    job.updatedAt);
        }

        /** In lists: the outcome, without the reasons (one query per job would be too many). */
        static JobView listed(Job job) {
            String outcome = JobOutcome.of(job.status, job.total, job.failed);
            return new JobView(
                    job.id,
                    job.name,
                    job.status,
                    job.total,
                    job.done,
                    job.failed,
                    job.reason,
                    outcome,
                    null,
                    job.createdAt,
                    job.updatedAt);
        }
    }

    @Operation(operationId = "submitJob", summary = "Submit an evaluation job")
    @APIResponse(responseCode = "202", description = "a new job, accepted")
    @APIResponse(
            responseCode = "200",
            description = "the same spec again: the existing job (existing: true) with its status")
    @APIResponse(responseCode = "413", description = "the spec is larger than one job event")
    @APIResponse(
            responseCode = "503",
            description =
                    "the executor did not say whether the database exists, or the inference service announced no backends yet: try again")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = JobRequest.class)))
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> submit(InputStream body) {
        // Read here, not bound by Quarkus REST, which would keep the request until the answer is written: a large
        // request is garbage once its job is sent, while the generator's consumer stores that job (its intake peak).
        // A large body arrives as a blocking stream, so it is read on a worker and the job goes on on this context.
        return jobs.submit(caller.tenantId(), VertxContextSupport.executeBlocking(() -> read(body)))
                // A new job is accepted (202); the same spec again is the job that exists, with its status (200).
                .map(accepted -> (accepted.existing() ? Response.ok(accepted) : Response.accepted(accepted))
                        .header("Location", "/jobs/" + accepted.jobId())
                        .build());
    }

    /** The request as Quarkus' mapper reads any body (unknown fields refused); null for an empty body. */
    private JobRequest read(InputStream body) throws IOException {
        try (JsonParser parser = mapper.createParser(body)) {
            return parser.nextToken() == null ? null : mapper.readValue(parser, JobRequest.class);
        }
    }

    @Operation(operationId = "listJobs", summary = "List the tenant's jobs, newest first")
    @APIResponse(responseCode = "200", description = "the jobs with their outcome")
    @GET
    public Uni<List<JobView>> list() {
        return jobs.list(caller.tenantId())
                .map(all -> all.stream().map(JobView::listed).toList());
    }

    @Operation(operationId = "getJob", summary = "Get a job's status, outcome and commonest failure reasons")
    @APIResponse(responseCode = "200", description = "the job")
    @GET
    @Path("/{id}")
    public Uni<JobView> get(@PathParam("id") String id) {
        return jobs.state(caller.tenantId(), parseId(id)).map(JobView::of);
    }

    /**
     * The job's state as server-sent events: one when the stream opens, one whenever it changes, the last one when the
     * job has finished (then the stream ends). A missing key (401) and another tenant's job or no job (404) are
     * answered before the stream opens ({@link #beforeEvents}).
     */
    @Operation(
            operationId = "streamJobEvents",
            summary = "Follow a job's state as server-sent events until it finishes")
    @APIResponse(responseCode = "200", description = "text/event-stream of the job state")
    @GET
    @Path("/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    public Multi<JobView> events(@PathParam("id") String id) {
        UUID jobId = parseId(id);
        return jobs.progress(caller.tenantId(), jobId)
                .map(JobView::of)
                // Sees every read (so the read after the finished state ends the stream), then only changes go out.
                .select()
                .first(new UntilFinished())
                .skip()
                .repetitions();
    }

    private static final Pattern EVENTS = Pattern.compile("/jobs/([^/]+)/events/?");

    /**
     * Checks the job of an events request before the stream opens (the key was checked by tenancy-support's
     * ApiKeyFilter before this): once a server-sent stream has started, its status can no longer say 404.
     */
    @ServerRequestFilter
    public Uni<Void> beforeEvents(ContainerRequestContext request) {
        Matcher m = EVENTS.matcher(request.getUriInfo().getPath());
        if (!m.matches() || !"GET".equals(request.getMethod())) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom()
                .deferred(() -> jobs.get(caller.tenantId(), parseId(m.group(1))))
                .replaceWithVoid();
    }

    /** Lets items through up to and including the first of a finished job. */
    private static final class UntilFinished implements Predicate<JobView> {
        private boolean finished;

        @Override
        public boolean test(JobView view) {
            boolean pass = !finished;
            finished = finished || view.status().finished();
            return pass;
        }
    }

    /** Stops a queued or running job: 200 with its state, 404 if unknown, 409 if it has already finished. */
    @Operation(operationId = "cancelJob", summary = "Cancel a queued or running job")
    @APIResponse(responseCode = "200", description = "the job, now cancelled")
    @APIResponse(responseCode = "409", description = "the job has already finished")
    @POST
    @Path("/{id}/cancel")
    public Uni<Response> cancel(@PathParam("id") String id) {
        UUID jobId = parseId(id);
        String tenantId = caller.tenantId();
        return jobs.cancel(tenantId, jobId)
                .chain(() -> jobs.state(tenantId, jobId))
                .map(state -> Response.ok(JobView.of(state)).build());
    }

    private static UUID parseId(String id) {
        return PathIds.uuid(id, "job");
    }
}
