package dev.snailbench.workbench.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * A synthetic question set (ScienceBenchmark pipeline); its pairs are {@link SyntheticPair}. Its summary holds the
 * options, backends, counts per step and per template, and the hardness comparison.
 */
@Entity
@Table(name = "synthetic_set", indexes = @Index(name = "synthetic_set_tenant_idx", columnList = "tenantId"))
public class SyntheticSet extends GeneratedSet {

    @Column(nullable = false)
    public int pairCount;
}
