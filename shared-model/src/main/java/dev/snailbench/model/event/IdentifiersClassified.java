package dev.snailbench.model.event;

import dev.snailbench.model.domain.ClassifiedIdentifier;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The answer to one {@link ClassificationRequested}, in the request's order. */
public record IdentifiersClassified(
        UUID eventId,
        UUID jobId,
        String tenantId,
        Instant occurredAt,
        int schemaVersion,
        UUID requestId,
        UUID requestEventId,
        String modelVersion,
        List<ClassifiedIdentifier> results)
        implements Event {

    public static IdentifiersClassified answering(
            ClassificationRequested request, String modelVersion, List<ClassifiedIdentifier> results) {
        return new IdentifiersClassified(
                UUID.randomUUID(),
                request.jobId(),
                request.tenantId(),
                Instant.now(),
                SCHEMA_VERSION,
                request.requestId(),
                request.eventId(),
                modelVersion,
                List.copyOf(results));
    }

    @Override
    public String key() {
        return requestId.toString();
    }
}
