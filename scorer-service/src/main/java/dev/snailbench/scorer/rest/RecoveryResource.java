package dev.snailbench.scorer.rest;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.scorer.service.report.JobReports;
import dev.snailbench.scorer.service.report.RecoverySection;
import dev.snailbench.scorer.service.report.ReportRenderer;
import dev.snailbench.tenancy.Caller;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * A Schema-Refiner experiment's report: three of the caller's jobs — the same questions on the original, the
 * injected and the refined schema of one database — and per metric recovery and attained
 * ({@link RecoverySection}). A job with no result visible to the caller is 404, as for one job's report.
 */
@Path("/experiments")
public class RecoveryResource {

    private final Caller caller;
    private final JobReports jobs;

    public RecoveryResource(Caller caller, JobReports jobs) {
        this.caller = caller;
        this.jobs = jobs;
    }

    @Operation(operationId = "getRecoveryJson", summary = "Compare three jobs of a Schema-Refiner experiment (JSON)")
    @APIResponse(responseCode = "200", description = "recovery and attained per metric")
    @GET
    @Path("/recovery.json")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<RecoverySection.Section> json(
            @QueryParam("original") String original,
            @QueryParam("injected") String injected,
            @QueryParam("refined") String refined) {
        return section(original, injected, refined);
    }

    @Operation(operationId = "getRecoveryCsv", summary = "Compare three jobs of a Schema-Refiner experiment (CSV)")
    @APIResponse(responseCode = "200", description = "recovery and attained per metric")
    @GET
    @Path("/recovery.csv")
    @Produces("text/csv")
    public Uni<Response> csv(
            @QueryParam("original") String original,
            @QueryParam("injected") String injected,
            @QueryParam("refined") String refined) {
        return section(original, injected, refined)
                .map(s -> Response.ok(RecoverySection.csv(s), "text/csv; charset=utf-8")
                        .build());
    }

    @Operation(operationId = "getRecoveryHtml", summary = "Compare three jobs of a Schema-Refiner experiment (HTML)")
    @APIResponse(responseCode = "200", description = "recovery and attained per metric")
    @GET
    @Path("/recovery.html")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> html(
            @QueryParam("original") String original,
            @QueryParam("injected") String injected,
            @QueryParam("refined") String refined) {
        return section(original, injected, refined)
                .map(s -> Response.ok(RecoverySection.html(s), "text/html; charset=utf-8")
                        .header("Content-Security-Policy", ReportRenderer.CONTENT_SECURITY_POLICY)
                        .build());
    }

    private Uni<RecoverySection.Section> section(String original, String injected, String refined) {
        String tenant = caller.tenantId();
        UUID o = jobId("original", original);
        UUID i = jobId("injected", injected);
        UUID r = jobId("refined", refined);
        // The three jobs read one after the other on the event loop, their summaries then on a worker thread.
        return items(tenant, "original", o)
                .flatMap(lo -> items(tenant, "injected", i)
                        .flatMap(li -> items(tenant, "refined", r).map(lr -> List.of(lo, li, lr))))
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(l -> RecoverySection.of(
                        jobs.summary(o, l.get(0)), jobs.summary(i, l.get(1)), jobs.summary(r, l.get(2))));
    }

    private Uni<JobReports.JobItems> items(String tenant, String field, UUID job) {
        return jobs.items(job, tenant)
                .onFailure(NotFound.class)
                .transform(e -> new NotFound(field + ": " + e.getMessage()));
    }

    private static UUID jobId(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidInput(field, field + " is required (the job id of the " + field + " schema's run)");
        }
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidInput(field, field + " '" + value + "' is not a UUID");
        }
    }
}
