package dev.snailbench.generator.repository;

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
}
