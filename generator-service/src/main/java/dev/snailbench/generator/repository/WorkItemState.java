package dev.snailbench.generator.repository;

import dev.snailbench.model.domain.FailureReasons;
import dev.snailbench.model.event.ItemScored;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.util.UUID;

/**
 * One work item of a job: whether its verdict has been counted (verdicts are counted exactly once). The failure
 * reasons' query is a named one so that Hibernate parses it at start-up: it runs only for jobs with failed items,
 * so the start-up warm-up (no failures) left its first parse, a cold HQL parser, to a team's first job.
 */
@Entity
@Table(indexes = @Index(columnList = "jobId"))
@NamedQuery(
        name = WorkItemState.TOP_REASONS,
        query = "select w.reason, count(w) from WorkItemState w "
                + "where w.jobId = ?1 and w.failed = true group by w.reason order by count(w) desc, w.reason")
public class WorkItemState extends PanacheEntityBase {

    /** A job's failure reasons with their counts, commonest first (ties by reason); parameter 1: the job's id. */
    public static final String TOP_REASONS = "WorkItemState.topReasons";

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

    /**
     * Why its verdict is a failure: the group of the scorer's reason ({@link FailureReasons#group}: its first side,
     * on one line), cut to {@link #REASON_LENGTH}; null otherwise.
     */
    @Column(columnDefinition = "text")
    public String reason;

    /** Reasons are counted per job as written: long ones (a database's whole message) are cut here. */
    public static final int REASON_LENGTH = ItemScored.REASON_LENGTH;

    public static String reasonOf(String reason) {
        if (reason == null || reason.isBlank()) {
            return "no reason given";
        }
        String one = FailureReasons.group(reason);
        return one.length() <= REASON_LENGTH ? one : one.substring(0, REASON_LENGTH - 1) + "…";
    }
}
