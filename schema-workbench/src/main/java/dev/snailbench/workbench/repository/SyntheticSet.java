package dev.snailbench.workbench.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A synthetic question set (ScienceBenchmark pipeline); its pairs are {@link SyntheticPair}. */
@Entity
@Table(name = "synthetic_set", indexes = @Index(name = "synthetic_set_tenant_idx", columnList = "tenantId"))
public class SyntheticSet extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(nullable = false)
    public String tenantId;

    @Column(nullable = false)
    public String name;

    /** The database in the executor's registry the queries ran on. */
    @Column(nullable = false)
    public UUID databaseId;

    @Column(nullable = false)
    public String nativeSchema;

    @Column(nullable = false)
    public String dialect;

    @Column(nullable = false)
    public long seed;

    @Column(nullable = false)
    public int pairCount;

    /** Options, backends, counts per step and per template, and the hardness comparison (JSON). */
    @Column(nullable = false, columnDefinition = "text")
    public String summary;

    @Column(nullable = false)
    public Instant createdAt;
}
