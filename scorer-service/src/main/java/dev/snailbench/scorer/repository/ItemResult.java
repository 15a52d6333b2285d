package dev.snailbench.scorer.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/**
 * The scored result of one work item. The work-item id is the primary key: a redelivered ExecutionCompleted
 * finds its row and never creates a second one.
 */
@Entity
@Table(name = "item_result", indexes = @Index(name = "item_result_job", columnList = "jobId, tenantId"))
public class ItemResult {

    @Id
    public UUID workItemId;

    @Column(nullable = false)
    public UUID jobId;

    @Column(nullable = false)
    public String tenantId;

    public String questionId;
    public String model;
    public String databaseKey;
    public String level;
    public String dialect;
    /** The question as the job asked it (shown with the item's detail). */
    @Column(columnDefinition = "text")
    public String question;

    @Column(columnDefinition = "text")
    public String goldSql;

    @Column(columnDefinition = "text")
    public String predictedSql;

    @Column(columnDefinition = "text")
    public String inferenceError;

    public String goldStatus;

    @Column(columnDefinition = "text")
    public String goldError;

    public Integer goldRows;
    public Double goldSeconds;
    public String predictedStatus;

    @Column(columnDefinition = "text")
    public String predictedError;

    public Integer predictedRows;
    public Double predictedSeconds;
    /**
     * The first rows of both results as JSON ({@code ResultPreview}), bounded by
     * {@code snailbench.scorer.preview-rows}: enough for a person to see the two results side by side.
     */
    @Column(columnDefinition = "text")
    public String resultPreview;

    /** No comparison was possible (inference, gold or predicted execution failed). */
    /**
     * A person's verdict after review (SNAILS reviewed uncertain verdicts by hand): true correct, false incorrect,
     * null not reviewed. Feeds {@code manualAccuracy}.
     */
    public Boolean manualVerdict;

    @Column(columnDefinition = "text")
    public String reviewNote;

    public String reviewedBy;
    public Instant reviewedAt;
    /** The job's name as the team gave it (for report titles). */
    public String jobName;
    /** How many work items the job has (null in rows scored before items carried it): its report's done/total. */
    public Integer jobItems;

    public boolean failed;
    /**
     * The job names no database: the item is scored on schema linking and query characteristics only (no
     * execution, so no execution metric; {@code strictMatch} and the others stay null).
     */
    public boolean linkingOnly;
    /** The verdict's reason: the strict comparator's, or which side failed and why. */
    @Column(columnDefinition = "text")
    public String reason;

    public boolean orderBy;

    public Boolean strictMatch;
    public String strictReason;

    @Column(columnDefinition = "text")
    public String strictDetail;

    public Boolean setMatch;
    public String setReason;

    @Column(columnDefinition = "text")
    public String setDetail;

    public Boolean relaxedMatch;
    public String relaxedReason;

    @Column(columnDefinition = "text")
    public String relaxedDetail;

    public Double cellPrecision;
    public Double cellRecall;
    public Double tupleCardinality;
    public Double tupleConstraint;
    public Double tupleOrder;
    /**
     * QATCH's execution accuracy (shown everywhere as {@code qatchExecutionAccuracy}; {@code executionAccuracy} is the
     * strict match), stored in the column {@code executionAccuracy}.
     */
    @Column(name = "executionAccuracy")
    public Double qatchExecutionAccuracy;
    /** BIRD's original VES as QATCH computes it ({@code QatchMetrics.validEfficiencyScore}). */
    public Double validEfficiencyScore;
    /** BIRD mini-dev's reward-based VES, R-VES, 0 to 1.25 ({@code Efficiency}). */
    public Double rewardBasedEfficiencyScore;

    public Double softF1;

    /**
     * Schema linking of the predicted against the gold SQL (null when the gold did not parse, or there is no
     * prediction); {@link #linkingMethod} says how the predicted identifiers were read.
     */
    public Double queryRecall;

    public Double queryPrecision;
    public Double queryF1;

    @Column(columnDefinition = "text")
    public String linkingError;
    /** {@code parsed}, or {@code tokens} when the predicted SQL did not parse and its identifiers were read from its tokens. */
    public String linkingMethod;
    /**
     * The predicted SQL holds several statements ({@code SELECT …; SELECT …}): linked over all of them, and refused
     * by the executor (exactly one statement may run). Null in rows scored before the flag existed: false.
     */
    public Boolean multipleStatements;
    /** Spider hardness computed from the gold SQL. */
    public String hardness;
    /**
     * The dataset's own hardness label of the question (easy, medium, hard, extra), when the job gave one; it can
     * differ from {@link #hardness} (FootballDB labels a question once, on its v3 text). Null in rows scored before
     * the label existed: Hibernate's schema update adds the column as nullable.
     */
    public String labelledHardness;
    /**
     * Whose schema-linking conventions the linking scores follow: {@code platform} or {@code snails} (the job's
     * {@code linking}); null in rows scored before the option existed (the platform's).
     */
    public String linking;
    /** The job's gold screening ({@code off}, {@code flag}, {@code exclude}); null in rows scored before it existed. */
    public String goldScreening;
    /**
     * {@code gold nondeterministic: <why>} when screening found the gold's result plan-dependent (the comparators
     * then compare tie-aware); null otherwise.
     */
    @Column(columnDefinition = "text")
    public String goldNondeterministic;
    /** Left out of the accuracy metrics ({@code goldScreening: exclude} and a nondeterministic gold). */
    public Boolean excludedFromAccuracy;
    /** Gold identifiers ({@code t:table}, {@code c:column}), one per line, for IdentifierRecall and naturalness. */
    @Column(columnDefinition = "text")
    public String goldIdentifiers;
    /** Predicted identifiers, one per line. */
    @Column(columnDefinition = "text")
    public String predictedIdentifiers;

    @Column(nullable = false)
    public Instant scoredAt;
}
