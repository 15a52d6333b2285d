package dev.snailbench.executor.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.UUID;

/**
 * When a job last ran an item on a registered database, written by whichever executor replica ran it: a database a
 * job used lately is in use, and is not deleted under it. Rows go with their database.
 */
@Entity
@Table(name = "target_database_use")
@IdClass(DatabaseUse.Key.class)
public class DatabaseUse extends PanacheEntityBase {

    /** The primary key: a database and a job. */
    public record Key(UUID databaseId, UUID jobId) implements Serializable {

        public Key() {
            this(null, null);
        }
    }

    @Id
    public UUID databaseId;

    @Id
    public UUID jobId;

    @Column(nullable = false)
    public String tenantId;

    @Column(nullable = false)
    public Instant lastUsed;
}
