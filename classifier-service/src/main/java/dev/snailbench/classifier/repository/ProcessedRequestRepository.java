package dev.snailbench.classifier.repository;

import dev.snailbench.classifier.model.ProcessedRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** Request event ids already answered, for idempotent consumption. */
@ApplicationScoped
public class ProcessedRequestRepository implements PanacheRepositoryBase<ProcessedRequest, UUID> {}
