package dev.snailbench.model.event;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A batch of identifiers to classify. {@code requestId} ties the answer to the question (for example one
 * crosswalk build); {@code jobId} may be null when the request belongs to no job.
 */
public record ClassificationRequested(
        UUID eventId,
        UUID jobId,
        String tenantId,
        Instant occurredAt,
        int schemaVersion,
        UUID requestId,
        List<String> identifiers)
        implements Event {

    public static ClassificationRequested of(UUID jobId, String tenantId, UUID requestId, List<String> identifiers) {
        return new ClassificationRequested(
                UUID.randomUUID(), jobId, tenantId, Instant.now(), SCHEMA_VERSION, requestId, List.copyOf(identifiers));
    }

    @Override
    public String key() {
        return requestId.toString();
    }
}
