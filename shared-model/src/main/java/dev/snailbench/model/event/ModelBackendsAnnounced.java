package dev.snailbench.model.event;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * The model backends the inference service is configured with, published by every inference replica when it
 * starts (one key, {@link #KEY}: replicas share one configuration, so the latest announcement is the truth). The
 * generator reads it to refuse, at submission, a job naming a backend that does not exist, instead of accepting it
 * and failing every item ({@code unknown backend 'openai'}).
 *
 * @param backends the configured backends' names, sorted ({@code replay} is built in and not listed)
 */
public record ModelBackendsAnnounced(
        UUID eventId, UUID jobId, String tenantId, Instant occurredAt, int schemaVersion, List<String> backends)
        implements Event {

    /** The one record key: the topic keeps only the latest announcement per key. */
    public static final String KEY = "inference";

    public static ModelBackendsAnnounced of(Collection<String> backends) {
        return new ModelBackendsAnnounced(
                UUID.randomUUID(),
                null,
                null,
                Instant.now(),
                SCHEMA_VERSION,
                backends.stream().sorted().toList());
    }

    @Override
    public String key() {
        return KEY;
    }
}
