package dev.snailbench.tenancy;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A tenant as this service knows it: its API key's SHA-256 (the key itself is never stored), learnt from Kafka. */
@Entity
@Table(name = "tenant_key")
public class TenantKey extends PanacheEntityBase {

    @Id
    public String tenantId;

    public String name;

    @Column(nullable = false, unique = true)
    public String apiKeySha256;

    public Instant registeredAt;
}
