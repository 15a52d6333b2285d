package dev.snailbench.scorer.rest;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.scorer.model.ItemResult;
import dev.snailbench.scorer.repository.ItemResultRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.UUID;

/**
 * Per-item results of a job, for the tenant that owns it. A job with no result visible to the caller (unknown,
 * another tenant's, or nothing scored yet) is 404: the scorer does not reveal other tenants' jobs.
 */
@Path("/jobs/{jobId}")
@Produces(MediaType.APPLICATION_JSON)
public class ResultsResource {

    private final ItemResultRepository results;
    private final ApiKeyAuth auth;

    public ResultsResource(ItemResultRepository results, ApiKeyAuth auth) {
        this.results = results;
        this.auth = auth;
    }

    @GET
    @Path("/results")
    @WithSession
    public Uni<List<ItemResultView>> results(@PathParam("jobId") String jobId,
            @HeaderParam(ApiKeys.HEADER) String apiKey) {
        return visibleResults(jobId, apiKey).map(list -> list.stream().map(ItemResultView::of).toList());
    }

    /** The caller's results of a job, or 401 / 400 / 404. Must run inside a session. */
    Uni<List<ItemResult>> visibleResults(String jobId, String apiKey) {
        return auth.tenant(apiKey).flatMap(tenant -> {
            UUID id = parseJobId(jobId);
            return results.forJob(id, tenant.tenantId);
        }).invoke(list -> {
            if (list.isEmpty()) {
                throw Problems.notFound("no results for job " + jobId);
            }
        });
    }

    static UUID parseJobId(String jobId) {
        try {
            return UUID.fromString(jobId);
        } catch (IllegalArgumentException e) {
            throw Problems.badRequest("jobId: '" + jobId + "' is not a UUID");
        }
    }
}
