package dev.snailbench.generator.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A tenant name held by a tenant, or by a creation in progress: its primary key, the name in lower case, is what keeps
 * two tenants of one name (any case) apart on every generator replica at once ({@link TenantNameSql}).
 */
@Entity
@Table(name = "tenant_name")
public class TenantName {

    /** The name in lower case ({@code Locale.ROOT}). */
    @Id
    @Column(length = 200)
    public String nameKey;

    /** The tenant the name is held for (its registration may still be on its way through the tenants topic). */
    @Column(nullable = false)
    public String tenantId;

    /** The name as the operator wrote it. */
    @Column(nullable = false, length = 200)
    public String name;

    /** When the name was taken; a creation that never registered its tenant frees it after a while. */
    @Column(nullable = false)
    public Instant reservedAt;
}
