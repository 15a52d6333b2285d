package dev.snailbench.generator.rest;

import dev.snailbench.generator.repository.Job;
import dev.snailbench.generator.repository.JobStatus;
import dev.snailbench.generator.service.JobRequest;
import dev.snailbench.generator.service.JobService;
import dev.snailbench.generator.service.TenantService;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.tenancy.ApiError;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Tenants submit jobs and follow their progress. Results are served by the scorer-service. */
@Path("/jobs")
public class JobResource {

    private final JobService jobs;
    private final TenantService tenants;

    public JobResource(JobService jobs, TenantService tenants) {
        this.jobs = jobs;
        this.tenants = tenants;
    }

    /** A job's state; {@code reason} says why it failed or was cancelled. */
    public record JobView(UUID jobId, String name, JobStatus status, int total, int done, int failed,
            String reason, Instant createdAt, Instant updatedAt) {

        static JobView of(Job job) {
            return new JobView(job.id, job.name, job.status, job.total, job.done, job.failed, job.reason,
                    job.createdAt, job.updatedAt);
        }
    }

    @POST
    public Uni<Response> submit(@HeaderParam(ApiKeys.HEADER) String apiKey, JobRequest request) {
        return tenants.authenticate(apiKey)
                .chain(tenant -> jobs.submit(tenant, request))
                .map(accepted -> Response.accepted(accepted).header("Location", "/jobs/" + accepted.jobId()).build());
    }

    @GET
    public Uni<List<JobView>> list(@HeaderParam(ApiKeys.HEADER) String apiKey) {
        return tenants.authenticate(apiKey).chain(jobs::list).map(all -> all.stream().map(JobView::of).toList());
    }

    @GET
    @Path("/{id}")
    public Uni<JobView> get(@HeaderParam(ApiKeys.HEADER) String apiKey, @PathParam("id") String id) {
        return tenants.authenticate(apiKey).chain(tenant -> jobs.get(tenant, parseId(id))).map(JobView::of);
    }

    /** Stops a queued or running job: 200 with its state, 404 if unknown, 409 if it has already finished. */
    @POST
    @Path("/{id}/cancel")
    public Uni<Response> cancel(@HeaderParam(ApiKeys.HEADER) String apiKey, @PathParam("id") String id) {
        return tenants.authenticate(apiKey).chain(tenant -> jobs.cancel(tenant, parseId(id)))
                .map(job -> Response.ok(JobView.of(job)).build())
                .onFailure(JobService.JobFinished.class)
                .recoverWithItem(e -> new ApiError(409, e.getMessage(), "status").response());
    }

    private static UUID parseId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new NotFoundException("no job " + id);
        }
    }
}
