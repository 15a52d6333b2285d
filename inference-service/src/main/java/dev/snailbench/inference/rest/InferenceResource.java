package dev.snailbench.inference.rest;

import dev.snailbench.inference.model.InferenceRecord;
import dev.snailbench.inference.repository.InferenceRecordRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;

/** The stored inference of a work item: prompt, raw answer, predicted SQL, tokens, cost, latency. */
@Path("/inferences")
@Produces(MediaType.APPLICATION_JSON)
public class InferenceResource {

    private final InferenceRecordRepository records;

    public InferenceResource(InferenceRecordRepository records) {
        this.records = records;
    }

    @GET
    @Path("/{workItemId}")
    @WithSession
    public Uni<InferenceRecord> get(@PathParam("workItemId") String workItemId) {
        UUID id;
        try {
            id = UUID.fromString(workItemId);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("workItemId must be a UUID, was " + workItemId);
        }
        return records.findById(id).onItem().ifNull().failWith(() -> new NotFoundException(
                "no inference stored for work item " + workItemId));
    }
}
