package dev.snailbench.workbench.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * A QATCH-generated test suite (a question set with expected results); its tests are {@link TestCase}. Its summary
 * holds the options as requested and the counts per category as generated.
 */
@Entity
@Table(name = "qatch_suite", indexes = @Index(name = "qatch_suite_tenant_idx", columnList = "tenantId"))
public class TestSuite extends GeneratedSet {

    @Column(nullable = false)
    public int testCount;
}
