package dev.snailbench.executor.repository;

import dev.snailbench.executor.model.ExecutionRecord;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

@ApplicationScoped
public class ExecutionRecordRepository implements PanacheRepositoryBase<ExecutionRecord, UUID> {
}
