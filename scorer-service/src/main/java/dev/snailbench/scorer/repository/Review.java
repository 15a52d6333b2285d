package dev.snailbench.scorer.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.time.Instant;

/**
 * A person's review of an item's verdict (SNAILS reviewed uncertain verdicts by hand). All null when the item was
 * not reviewed.
 */
@Embeddable
public class Review {

    /** True correct, false incorrect, null not reviewed. Feeds {@code manualAccuracy}. */
    @Column(name = "manualVerdict")
    public Boolean verdict;

    @Column(name = "reviewNote", columnDefinition = "text")
    public String note;

    @Column(name = "reviewedBy")
    public String reviewer;

    @Column(name = "reviewedAt")
    public Instant at;

    /** Not reviewed. */
    public Review() {}

    public Review(Boolean verdict, String note, String reviewer, Instant at) {
        this.verdict = verdict;
        this.note = note;
        this.reviewer = reviewer;
        this.at = at;
    }
}
