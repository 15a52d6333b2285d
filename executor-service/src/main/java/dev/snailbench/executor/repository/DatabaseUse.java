package dev.snailbench.executor.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
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
    public static class Key implements Serializable {

        public UUID databaseId;
        public UUID jobId;

        public Key() {}

        public Key(UUID databaseId, UUID jobId) {
            this.databaseId = databaseId;
            this.jobId = jobId;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(databaseId, k.databaseId) && Objects.equals(jobId, k.jobId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(databaseId, jobId);
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
