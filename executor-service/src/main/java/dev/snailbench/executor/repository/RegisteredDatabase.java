package dev.snailbench.executor.repository;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.target.TargetSpec;
import dev.snailbench.tenancy.TenantOwned;
import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import java.util.Locale;

/**
 * A tenant's target database. The password is stored sealed (AES-GCM) and never leaves the service. Unlike the other
 * tenant-owned tables, this one's {@code createdAt} column has always admitted null: the override keeps it so.
 */
@Entity
@Table(
        name = "target_database",
        indexes = @Index(name = "target_database_tenant", columnList = "tenantId"),
        uniqueConstraints =
                @UniqueConstraint(
                        name = RegisteredDatabase.UNIQUE_NAME,
                        columnNames = {"tenantId", "nameKey"}))
@AttributeOverride(name = "createdAt", column = @Column(name = "createdAt"))
public class RegisteredDatabase extends TenantOwned {

    /** The constraint that keeps a tenant's database names unique (in any case), whatever replica inserts. */
    public static final String UNIQUE_NAME = "target_database_tenant_name";

    /** The name as the uniqueness constraint compares it: trimmed, lower case; null only on rows not migrated yet. */
    public String nameKey;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public SqlDialect kind;

    /** The URL as the executor builds it from the parts below (shown to the tenant; never passed as given). */
    @Column(nullable = false, length = 2000)
    public String jdbcUrl;

    /** Parsed parts (TargetSpec); null on a row registered before targets were parsed, until startup fills them. */
    public String host;

    public Integer port;

    public String databaseName;

    /**
     * Why this registration can no longer be used (its URL or options are refused by today's rules), or null. Such a
     * row is kept and shown with the reason, never silently dropped: the team registers the database again.
     */
    @Column(length = 1000)
    public String problem;

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

    /** Names the database (and its key, which a tenant's other databases must not share). */
    public void rename(String newName) {
        name = newName.trim();
        nameKey = keyOf(name);
    }

    /** The key of a name: the same for spellings that differ only in case or surrounding blanks. */
    public static String keyOf(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }

    /** Keeps a parsed target: its parts, the URL the executor builds from them, and its allowed properties (JSON). */
    public void target(TargetSpec spec, String propertiesJson) {
        jdbcUrl = spec.jdbcUrl();
        host = spec.host();
        port = spec.port();
        databaseName = spec.database();
        optionsJson = propertiesJson;
    }

    /** The GCM associated data binding the password to this record. */
    public String passwordBinding() {
        return "database:" + id + ":password";
    }

    /** The GCM associated data binding the admin password to this record. */
    public String adminPasswordBinding() {
        return "database:" + id + ":admin-password";
    }
}
