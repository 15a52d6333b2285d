package dev.snailbench.scorer.rest;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.scorer.repository.ItemResultRepository;
import dev.snailbench.scorer.service.report.RecoverySection;
import dev.snailbench.scorer.service.report.ReportRenderer;
import dev.snailbench.scorer.service.stats.JobStatistics;
import io.quarkus.hibernate.reactive.panache.Panache;
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

    private final ItemResultRepository results;
    private final Caller caller;
    private final JobStatistics statistics;

    public RecoveryResource(ItemResultRepository results, Caller caller, JobStatistics statistics) {
        this.results = results;
        this.caller = caller;
        this.statistics = statistics;
    }

    @Operation(operationId = "getRecoveryJson", summary = "Compare three jobs of a Schema-Refiner experiment (JSON)")
    @APIResponse(responseCode = "200", description = "recovery and attained per metric")
    @GET
    @Path("/recovery.json")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<RecoverySection.Section> json(@QueryParam("original") String original, @QueryParam("injected") String injected,
            @QueryParam("refined") String refined) {
        return section(original, injected, refined);
    }

    @Operation(operationId = "getRecoveryCsv", summary = "Compare three jobs of a Schema-Refiner experiment (CSV)")
    @APIResponse(responseCode = "200", description = "recovery and attained per metric")
    @GET
    @Path("/recovery.csv")
    @Produces("text/csv")
    public Uni<Response> csv(@QueryParam("original") String original,
            @QueryParam("injected") String injected, @QueryParam("refined") String refined) {
        return section(original, injected, refined).map(s -> Response.ok(RecoverySection.csv(s),
                "text/csv; charset=utf-8").build());
    }

    @Operation(operationId = "getRecoveryHtml", summary = "Compare three jobs of a Schema-Refiner experiment (HTML)")
    @APIResponse(responseCode = "200", description = "recovery and attained per metric")
    @GET
    @Path("/recovery.html")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> html(@QueryParam("original") String original,
            @QueryParam("injected") String injected, @QueryParam("refined") String refined) {
        return section(original, injected, refined).map(s -> Response.ok(RecoverySection.html(s),
                "text/html; charset=utf-8")
                .header("Content-Security-Policy", ReportRenderer.CONTENT_SECURITY_POLICY).build());
    }

    private Uni<RecoverySection.Section> section(String original, String injected, String refined) {
        String tenant = caller.tenantId();
        UUID o = jobId("original", original);
        UUID i = jobId("injected", injected);
        UUID r = jobId("refined", refined);
        return Panache.withSession(() -> load(tenant, "original", o).flatMap(lo -> load(tenant, "injected", i)
                .flatMap(li -> load(tenant, "refined", r).map(lr -> List.of(lo, li, lr)))))
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(l -> RecoverySection.of(statistics.summarize(o, l.get(0)), statistics.summarize(i, l.get(1)),
                        statistics.summarize(r, l.get(2))));
    }

    private Uni<List<ItemResult>> load(String tenant, String field, UUID job) {
        return results.forJob(job, tenant).invoke(list -> {
            if (list.isEmpty()) {
                throw new NotFound(field + ": no results for job " + job);
            }
        });
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
