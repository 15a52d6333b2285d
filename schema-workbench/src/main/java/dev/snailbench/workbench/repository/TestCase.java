package dev.snailbench.workbench.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.util.UUID;

/** One generated test of a QATCH suite: question, gold SQL and the result the SQL returned when generated. */
@Entity
@Table(name = "qatch_test", indexes = @Index(name = "qatch_test_suite_idx", columnList = "suiteId, ordinal"))
public class TestCase extends GeneratedQuestion {

    @Column(nullable = false)
    public UUID suiteId;

    @Column(nullable = false)
    public String category;
}
