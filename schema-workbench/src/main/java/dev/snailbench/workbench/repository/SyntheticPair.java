package dev.snailbench.workbench.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.util.UUID;

/** One synthetic pair: the chosen question, its candidates, the SQL and the result it returned. */
@Entity
@Table(name = "synthetic_pair", indexes = @Index(name = "synthetic_pair_set_idx", columnList = "setId, ordinal"))
public class SyntheticPair extends PanacheEntityBase {

    @Id
    @GeneratedValue
    public UUID id;

    @Column(nullable = false)
    public UUID setId;

    @Column(nullable = false)
    public int ordinal;

    /** The question id within the set, e.g. {@code syn-12} (a second question for the same SQL: {@code syn-12b}). */
    @Column(nullable = false)
    public String questionId;

    /** The seed template the SQL was filled from. */
    @Column(nullable = false)
    public String templateId;

    @Column(nullable = false, columnDefinition = "text")
    public String question;

    /** Every candidate written for the SQL, in order (JSON array). */
    @Column(nullable = false, columnDefinition = "text")
    public String candidates;

    @Column(nullable = false, columnDefinition = "text")
    public String goldSql;

    /** {"columns": [...], "rows": [[...], ...]}, cells as text, null = SQL NULL. */
    @Column(nullable = false, columnDefinition = "text")
    public String expectedResult;

    @Column(nullable = false)
    public int expectedRowCount;

    /** Spider hardness of the SQL (easy, medium, hard, extra), null when it cannot be told. */
    public String hardness;
}
