package dev.snailbench.tenancy;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;
import java.util.UUID;

/**
 * The first columns of a record a tenant owns and names, the same in every table of one (the generator's jobs, the
 * workbench's crosswalks, QATCH suites and synthetic sets, the executor's registered databases): its id, given by the
 * service that creates it, the tenant, the name the tenant gave it and when it was created. Queries scope by
 * {@code tenantId}.
 */
@MappedSuperclass
public abstract class TenantOwned extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(nullable = false)
    public String tenantId;

    @Column(nullable = false)
    public String name;

    @Column(nullable = false)
    public Instant createdAt;
}
