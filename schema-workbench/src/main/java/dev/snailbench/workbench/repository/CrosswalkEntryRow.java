package dev.snailbench.workbench.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.util.UUID;

/** One entry of a crosswalk (a row of {@code crosswalk_entry}), in file order ({@code ordinal}). */
@Entity
@Table(
        name = "crosswalk_entry",
        indexes = @Index(name = "crosswalk_entry_crosswalk_idx", columnList = "crosswalkId, ordinal"))
public class CrosswalkEntryRow extends PanacheEntityBase {

    @Id
    @GeneratedValue
    public UUID id;

    @Column(nullable = false)
    public UUID crosswalkId;

    @Column(nullable = false)
    public int ordinal;

    @Column(nullable = false, length = 16)
    public String kind;

    @Column(nullable = false, length = 512)
    public String identifierNative;

    /** As written: Regular/Low/Least, or SNAILS' odd values (UNK, empty). */
    @Column(nullable = false, length = 32)
    public String nativeLevel;

    @Column(nullable = false, length = 512)
    public String regular;

    @Column(nullable = false, length = 512)
    public String low;

    @Column(nullable = false, length = 512)
    public String least;
}
