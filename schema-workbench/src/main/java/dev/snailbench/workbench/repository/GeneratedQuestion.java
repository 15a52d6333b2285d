package dev.snailbench.workbench.repository;

import dev.snailbench.model.domain.Question;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.util.UUID;

/**
 * One question of a {@link GeneratedSet}, in its place in the set: the question, its gold SQL and the result the SQL
 * returned when it was generated.
 */
@MappedSuperclass
public abstract class GeneratedQuestion extends PanacheEntityBase {

    @Id
    @GeneratedValue
    public UUID id;

    @Column(nullable = false)
    public int ordinal;

    /** The question id within the set, e.g. {@code qatch-select-3}, {@code syn-12}. */
    @Column(nullable = false)
    public String questionId;

    @Column(nullable = false, columnDefinition = "text")
    public String question;

    @Column(nullable = false, columnDefinition = "text")
    public String goldSql;

    /** {"columns": [...], "rows": [[...], ...]}, cells as text, null = SQL NULL. */
    @Column(nullable = false, columnDefinition = "text")
    public String expectedResult;

    @Column(nullable = false)
    public int expectedRowCount;

    /** As a job asks it: id, question, gold SQL. */
    public Question toQuestion() {
        return new Question(questionId, question, goldSql);
    }
}
