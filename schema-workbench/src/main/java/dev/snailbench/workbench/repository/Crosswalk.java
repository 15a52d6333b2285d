package dev.snailbench.workbench.repository;

import dev.snailbench.tenancy.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/** A tenant's crosswalk (imported, or built for a database); its entries are {@link CrosswalkEntryRow}s. */
@Entity
@Table(name = "crosswalk", indexes = @Index(name = "crosswalk_tenant_idx", columnList = "tenantId"))
public class Crosswalk extends TenantOwned {

    public enum Status {
        CLASSIFYING,
        READY,
        FAILED
    }

    /** How it came about: {@code import} or {@code build}. */
    @Column(nullable = false)
    public String origin;

    /** Dialect the identifiers were made valid for (null for imports). */
    public String dialect;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public Status status;

    /** Why a build failed. */
    @Column(length = 4000)
    public String error;

    /** A build in progress: the request (tables, options) as JSON, kept until the classifier answers. */
    @Column(columnDefinition = "text")
    public String buildSpec;

    /** Build report: identifiers kept native for lack of expansion, renamed on collision, reserved words. */
    @Column(columnDefinition = "text")
    public String buildReport;

    @Column(nullable = false)
    public int entryCount;

    public Instant completedAt;
}
