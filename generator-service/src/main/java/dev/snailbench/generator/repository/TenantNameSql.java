package dev.snailbench.generator.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Locale;

/**
 * Tenant names taken in the platform database, so that two creations of one name (any case) on any replicas cannot
 * both pass: the table's primary key decides, in one statement ({@code INSERT … ON CONFLICT}). A name is free when
 * no tenant known from the tenants topic has it and no creation holds it; a creation that never registered its
 * tenant (its event was not sent) frees its name at once, or after {@link #ABANDONED_AFTER} if it could not say so.
 */
@ApplicationScoped
public class TenantNameSql {

    /** How long a name stays held by a creation whose tenant never appeared in the tenants topic. */
    public static final Duration ABANDONED_AFTER = Duration.ofMinutes(5);

    // A name another tenant has (its registration read from the topic) is never taken, whatever this table says;
    // a row whose creation was abandoned is taken over, and a concurrent take-over waits for the row and then sees it
    // fresh, so only one of them returns a row. The name key is typed ($1::text): left untyped, the insert's column
    // deduces varchar and lower() text, PostgreSQL refuses the prepare (42P08, an ERROR in its log) and the client
    // prepares it again with the values' types.
    private static final String RESERVE =
            "INSERT INTO generator.tenant_name AS t (namekey, tenantid, name, reservedat) "
                    + "SELECT $1::text, $2, $3, $4 "
                    + "WHERE NOT EXISTS (SELECT 1 FROM generator.tenant_key k WHERE lower(k.name) = $1::text) "
                    + "ON CONFLICT (namekey) DO UPDATE SET tenantid = excluded.tenantid, name = excluded.name, "
                    + "reservedat = excluded.reservedat WHERE t.reservedat < $5 RETURNING t.tenantid";

    private static final String RELEASE = "DELETE FROM generator.tenant_name WHERE namekey = $1 AND tenantid = $2";

    private static final String HOLDER = "SELECT k.tenantid, k.name, true FROM generator.tenant_key k "
            + "WHERE lower(k.name) = $1::text UNION ALL "
            + "SELECT t.tenantid, t.name, false FROM generator.tenant_name t WHERE t.namekey = $1::text "
            + "ORDER BY 3 DESC LIMIT 1";

    private final Pool pool;

    public TenantNameSql(Pool pool) {
        this.pool = pool;
    }

    /** Who holds a name: a registered tenant, or a creation still waiting for its tenant to be registered. */
    public record Holder(String tenantId, String name, boolean registered) {}

    /** The name's key: the same for every spelling that differs only in case. */
    public static String keyOf(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Takes the name for this tenant; false if another tenant or creation holds it. */
    public Uni<Boolean> reserve(String name, String tenantId) {
        Instant now = Instant.now();
        return pool.preparedQuery(RESERVE)
                .execute(Tuple.from(Arrays.<Object>asList(
                        keyOf(name),
                        tenantId,
                        name,
                        now.atOffset(ZoneOffset.UTC),
                        now.minus(ABANDONED_AFTER).atOffset(ZoneOffset.UTC))))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Frees a name this creation took (its tenant's event could not be sent). */
    public Uni<Void> release(String name, String tenantId) {
        return pool.preparedQuery(RELEASE)
                .execute(Tuple.of(keyOf(name), tenantId))
                .replaceWithVoid();
    }

    /** The holder of a name (a registered tenant first), or null if the name is free. */
    public Uni<Holder> holder(String name) {
        return pool.preparedQuery(HOLDER).execute(Tuple.of(keyOf(name))).map(TenantNameSql::first);
    }

    private static Holder first(RowSet<Row> rows) {
        for (Row row : rows) {
            return new Holder(row.getString(0), row.getString(1), row.getBoolean(2));
        }
        return null;
    }
}
