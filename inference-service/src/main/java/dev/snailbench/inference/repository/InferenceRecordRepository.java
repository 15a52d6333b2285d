package dev.snailbench.inference.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

@ApplicationScoped
public class InferenceRecordRepository implements PanacheRepositoryBase<InferenceRecord, UUID> {
}
