package dev.snailbench.generator.repository;

import dev.snailbench.model.event.ItemScored;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.util.UUID;

/** One work item of a job: whether its verdict has been counted (verdicts are counted exactly once). */
@Entity
@Table(indexes = @Index(columnList = "jobId"))
public class WorkItemState extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(nullable = false)
    public UUID jobId;

    @Column(nullable = false)
    public String questionId;

    @Column(nullable = false)
    public String modelLabel;

    @Column(nullable = false)
    public String level;

    public boolean scored;

    public boolean failed;

    /** Why its verdict is a failure (the scorer's reason, cut to {@link #REASON_LENGTH}); null otherwise. */
    @Column(columnDefinition = "text")
    public String reason;

    /** Reasons are counted per job as written: long ones (a database's whole message) are cut here. */
    public static final int REASON_LENGTH = ItemScored.REASON_LENGTH;

    public static String reasonOf(String reason) {
        if (reason == null || reason.isBlank()) {
            return "no reason given";
        }
        String one = reason.strip();
        return one.length() <= REASON_LENGTH ? one : one.substring(0, REASON_LENGTH - 1) + "…";
    }
}
