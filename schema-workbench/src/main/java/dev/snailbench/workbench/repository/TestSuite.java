package dev.snailbench.workbench.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A QATCH-generated test suite (a question set with expected results); its tests are {@link TestCase}. */
@Entity
@Table(name = "qatch_suite", indexes = @Index(name = "qatch_suite_tenant_idx", columnList = "tenantId"))
public class TestSuite extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(nullable = false)
    public String tenantId;

    @Column(nullable = false)
    public String name;

    /** The database in the executor's registry the suite was generated on. */
    @Column(nullable = false)
    public UUID databaseId;

    @Column(nullable = false)
    public String nativeSchema;

    @Column(nullable = false)
    public String dialect;

    @Column(nullable = false)
    public long seed;

    /** Options as requested and counts per category as generated (JSON). */
    @Column(nullable = false, columnDefinition = "text")
    public String summary;

    @Column(nullable = false)
    public int testCount;

    @Column(nullable = false)
    public Instant createdAt;
}
