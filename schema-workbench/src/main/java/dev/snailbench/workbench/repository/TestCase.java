package dev.snailbench.workbench.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.util.UUID;

/** One generated test: question, gold SQL and the result the SQL returned when generated. */
@Entity
@Table(name = "qatch_test", indexes = @Index(name = "qatch_test_suite_idx", columnList = "suiteId, ordinal"))
public class TestCase extends PanacheEntityBase {

    @Id
    @GeneratedValue
    public UUID id;

    @Column(nullable = false)
    public UUID suiteId;

    @Column(nullable = false)
    public int ordinal;

    /** The question id within the suite, e.g. {@code qatch-select-3}. */
    @Column(nullable = false)
    public String questionId;

    @Column(nullable = false)
    public String category;

    @Column(nullable = false, columnDefinition = "text")
    public String question;

    @Column(nullable = false, columnDefinition = "text")
    public String goldSql;

    /** {"columns": [...], "rows": [[...], ...]}, cells as text, null = SQL NULL. */
    @Column(nullable = false, columnDefinition = "text")
    public String expectedResult;

    @Column(nullable = false)
    public int expectedRowCount;
}
