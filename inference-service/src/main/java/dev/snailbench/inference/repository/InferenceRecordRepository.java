package dev.snailbench.inference.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

@ApplicationScoped
public class InferenceRecordRepository implements PanacheRepositoryBase<InferenceRecord, UUID> {

    /** The inference stored for a work item, or null; in a session of its own (a REST request opens none). */
    @WithSession
    public Uni<InferenceRecord> stored(UUID workItemId) {
        return findById(workItemId);
    }
}
