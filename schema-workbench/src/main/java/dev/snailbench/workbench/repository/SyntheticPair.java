package dev.snailbench.workbench.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.util.UUID;

/**
 * One synthetic pair: the chosen question, its candidates, the SQL and the result it returned. A second question
 * for the same SQL has the first one's id with a {@code b} ({@code syn-12b}).
 */
@Entity
@Table(name = "synthetic_pair", indexes = @Index(name = "synthetic_pair_set_idx", columnList = "setId, ordinal"))
public class SyntheticPair extends GeneratedQuestion {

    @Column(nullable = false)
    public UUID setId;

    /** The seed template the SQL was filled from. */
    @Column(nullable = false)
    public String templateId;

    /** Every candidate written for the SQL, in order (JSON array). */
    @Column(nullable = false, columnDefinition = "text")
    public String candidates;

    /** Spider hardness of the SQL (easy, medium, hard, extra), null when it cannot be told. */
    public String hardness;
}
