package dev.snailbench.scorer.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * One comparator's verdict on an item (strict, set or relaxed): whether the results matched, the {@code Reason}'s
 * name and its detail. All null when nothing was compared.
 */
@Embeddable
public class ComparatorVerdict {

    public Boolean match;

    public String reason;

    @Column(columnDefinition = "text")
    public String detail;
}
