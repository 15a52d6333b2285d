package dev.snailbench.executor.model;

import dev.snailbench.model.domain.SqlDialect;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A tenant's target database. The password is stored sealed (AES-GCM) and never leaves the service. */
@Entity
@Table(name = "target_database", indexes = @Index(name = "target_database_tenant", columnList = "tenantId"))
public class RegisteredDatabase {

    @Id
    public UUID id;

    @Column(nullable = false)
    public String tenantId;

    @Column(nullable = false)
    public String name;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public SqlDialect kind;

    @Column(nullable = false, length = 2000)
    public String jdbcUrl;

    @Column(nullable = false)
    public String username;

    @Column(length = 2000)
    public String sealedPassword;

    /** A login allowed to create views, used only for that; null when the team registered none. */
    public String adminUsername;

    @Column(length = 2000)
    public String sealedAdminPassword;

    /** Driver properties as JSON (e.g. sslmode, encrypt). */
    @Column(columnDefinition = "text")
    public String optionsJson;

    public Instant createdAt;
}
