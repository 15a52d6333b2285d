package dev.snailbench.inference.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A model answer kept under the hash of everything that determined it, so a rerun of a job costs nothing; one
 * tenant's answers are never another's (the tenant is part of the key).
 */
@Entity
@Table(name = "response_cache")
public class CachedResponse {

    /** SHA-256 of (tenant, backend, api, model, full prompt, temperature, max tokens, seed). */
    @Id
    public String key;
    /** Whose call this answer was (also in the key). */
    public String tenantId;

    public String backend;
    public String model;

    @Column(columnDefinition = "text")
    public String answer;

    @Column(columnDefinition = "text")
    public String rawResponse;

    public Integer promptTokens;
    public Integer completionTokens;
    public Double costUsd;
    public long latencyMillis;
    public Instant createdAt;
}
