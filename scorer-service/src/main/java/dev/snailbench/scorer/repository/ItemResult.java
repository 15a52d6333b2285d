package dev.snailbench.scorer.repository;

import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.PostLoad;
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

    /** How the gold query ran. */
    @Embedded
    @AttributeOverride(name = "status", column = @Column(name = "goldStatus"))
    @AttributeOverride(name = "error", column = @Column(name = "goldError", columnDefinition = "text"))
    @AttributeOverride(name = "rows", column = @Column(name = "goldRows"))
    @AttributeOverride(name = "seconds", column = @Column(name = "goldSeconds"))
    public RunOutcome gold = new RunOutcome();

    /** How the predicted query ran. */
    @Embedded
    @AttributeOverride(name = "status", column = @Column(name = "predictedStatus"))
    @AttributeOverride(name = "error", column = @Column(name = "predictedError", columnDefinition = "text"))
    @AttributeOverride(name = "rows", column = @Column(name = "predictedRows"))
    @AttributeOverride(name = "seconds", column = @Column(name = "predictedSeconds"))
    public RunOutcome predicted = new RunOutcome();

    /**
     * The first rows of both results as JSON ({@code ResultPreview}), bounded by
     * {@code snailbench.scorer.preview-rows}: enough for a person to see the two results side by side.
     */
    @Column(columnDefinition = "text")
    public String resultPreview;

    /** A person's verdict after review. */
    @Embedded
    public Review review = new Review();

    /** The job's name as the team gave it (for report titles). */
    public String jobName;
    /** How many work items the job has (null in rows scored before items carried it): its report's done/total. */
    public Integer jobItems;

    public boolean failed;
    /**
     * The job names no database: the item is scored on schema linking and query characteristics only (no
     * execution, so no execution metric; {@link #strict} and the other verdicts stay empty).
     */
    public boolean linkingOnly;
    /** The verdict's reason: the strict comparator's, or which side failed and why. */
    @Column(columnDefinition = "text")
    public String reason;

    public boolean orderBy;

    /** The strict comparator's verdict (the item's execution accuracy). */
    @Embedded
    @AttributeOverride(name = "match", column = @Column(name = "strictMatch"))
    @AttributeOverride(name = "reason", column = @Column(name = "strictReason"))
    @AttributeOverride(name = "detail", column = @Column(name = "strictDetail", columnDefinition = "text"))
    public ComparatorVerdict strict = new ComparatorVerdict();

    /** The set comparator's verdict. */
    @Embedded
    @AttributeOverride(name = "match", column = @Column(name = "setMatch"))
    @AttributeOverride(name = "reason", column = @Column(name = "setReason"))
    @AttributeOverride(name = "detail", column = @Column(name = "setDetail", columnDefinition = "text"))
    public ComparatorVerdict set = new ComparatorVerdict();

    /** The relaxed comparator's verdict. */
    @Embedded
    @AttributeOverride(name = "match", column = @Column(name = "relaxedMatch"))
    @AttributeOverride(name = "reason", column = @Column(name = "relaxedReason"))
    @AttributeOverride(name = "detail", column = @Column(name = "relaxedDetail", columnDefinition = "text"))
    public ComparatorVerdict relaxed = new ComparatorVerdict();

    /** QATCH's metrics. */
    @Embedded
    public QatchScores qatch = new QatchScores();

    /** BIRD mini-dev's reward-based VES, R-VES, 0 to 1.25 ({@code Efficiency}). */
    public Double rewardBasedEfficiencyScore;

    public Double softF1;

    /** Schema linking of the predicted against the gold SQL. */
    @Embedded
    public LinkingScores linkingScores = new LinkingScores();

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
     * Whose schema-linking conventions {@link #linkingScores} follow: {@code platform} or {@code snails} (the job's
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

    /** Hibernate loads an embeddable whose columns are all null as null: each part is there, empty when unrecorded. */
    @PostLoad
    void emptyPartsForNullColumns() {
        if (gold == null) {
            gold = new RunOutcome();
        }
        if (predicted == null) {
            predicted = new RunOutcome();
        }
        if (review == null) {
            review = new Review();
        }
        if (strict == null) {
            strict = new ComparatorVerdict();
        }
        if (set == null) {
            set = new ComparatorVerdict();
        }
        if (relaxed == null) {
            relaxed = new ComparatorVerdict();
        }
        if (qatch == null) {
            qatch = new QatchScores();
        }
        if (linkingScores == null) {
            linkingScores = new LinkingScores();
        }
    }
}
