package dev.snailbench.generator.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.time.Instant;

/** A team using the platform. Only the SHA-256 of its API key is stored. */
@Entity
public class Tenant extends PanacheEntityBase {

    @Id
    public String id;

    @Column(nullable = false)
    public String name;

    @Column(nullable = false, unique = true, length = 64)
    public String apiKeySha256;

    @Column(nullable = false)
    public Instant createdAt;
}
