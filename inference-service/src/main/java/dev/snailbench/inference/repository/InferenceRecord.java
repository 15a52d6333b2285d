package dev.snailbench.inference.repository;

import dev.snailbench.model.domain.Inference;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * What one work item's inference produced, kept so that a redelivered request re-emits the same answer
 * instead of asking (and paying) the model again, and so every prompt can be reproduced later.
 */
@Entity
@Table(name = "inference_record")
public class InferenceRecord {

    @Id
    public UUID workItemId;

    public UUID jobId;
    public String tenantId;
    public String questionId;
    public String backend;
    public String model;
    public String level;

    @Column(columnDefinition = "text")
    public String prompt;

    @Column(columnDefinition = "text")
    public String rawAnswer;

    @Column(columnDefinition = "text")
    public String predictedSql;

    @Column(columnDefinition = "text")
    public String error;
    /** The API's raw JSON response (null for replay). */
    @Column(columnDefinition = "text")
    public String rawResponse;

    public long latencyMillis;
    public Integer promptTokens;
    public Integer completionTokens;

    @Column(precision = 14, scale = 6)
    public BigDecimal costUsd;
    /** True when the answer came from the response cache (no call was made, no cost incurred). */
    public boolean cached;
    /** Identifiers of the predicted SQL that matched no crosswalk entry (left as written). */
    @Column(columnDefinition = "text")
    public String unknownIdentifiers;
    /**
     * How the predicted SQL was mapped back to native names: {@code parsed}, or {@code tokens} when it did not
     * parse and was rewritten token by token; null when the item's level is Native.
     */
    public String denaturalization;

    public Instant createdAt;

    public Inference toInference() {
        return new Inference(predictedSql, rawAnswer, error, latencyMillis);
    }
}
