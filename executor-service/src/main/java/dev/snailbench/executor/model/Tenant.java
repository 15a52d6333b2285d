package dev.snailbench.executor.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A tenant known from the tenants topic; only the SHA-256 of its API key is kept. */
@Entity
@Table(name = "tenant")
public class Tenant {

    @Id
    public String tenantId;

    public String name;

    @Column(unique = true, nullable = false, length = 64)
    public String apiKeySha256;

    public Instant registeredAt;
}
