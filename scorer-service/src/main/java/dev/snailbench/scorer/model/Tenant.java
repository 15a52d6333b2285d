package dev.snailbench.scorer.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A tenant as announced on the tenants topic: only the SHA-256 of its API key is known here. */
@Entity
@Table(name = "tenant")
public class Tenant {

    @Id
    public String tenantId;
    public String name;
    @Column(nullable = false, unique = true)
    public String apiKeySha256;
}
