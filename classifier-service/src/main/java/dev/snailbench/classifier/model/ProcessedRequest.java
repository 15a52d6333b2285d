package dev.snailbench.classifier.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A {@code ClassificationRequested} event already answered: a redelivery of the same event id is skipped. */
@Entity
@Table(name = "processed_request")
public class ProcessedRequest {

    @Id
    @Column(name = "event_id")
    public UUID eventId;

    @Column(name = "request_id", nullable = false)
    public UUID requestId;

    @Column(name = "answer_event_id", nullable = false)
    public UUID answerEventId;

    @Column(name = "identifiers", nullable = false)
    public int identifiers;

    @Column(name = "processed_at", nullable = false)
    public Instant processedAt;

    public ProcessedRequest() {}

    public ProcessedRequest(UUID eventId, UUID requestId, UUID answerEventId, int identifiers, Instant processedAt) {
        this.eventId = eventId;
        this.requestId = requestId;
        this.answerEventId = answerEventId;
        this.identifiers = identifiers;
        this.processedAt = processedAt;
    }
}
