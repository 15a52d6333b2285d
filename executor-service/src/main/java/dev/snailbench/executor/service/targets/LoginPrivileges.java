package dev.snailbench.executor.service.targets;

import dev.snailbench.model.domain.SqlDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Refuses a team login that can do more than read its database, asking the server what the login can do (its
 * catalogs decide, not a list the platform keeps of what the login was granted). Runs on every new session of a
 * team's login (a pool's, a registration's), so a login granted more after its registration, or named inline in a
 * job, is refused as soon as a session of it opens. An operator may allow named logins
 * ({@code snailbench.executor.privileged-logins.allowed}).
 *
 * <p>PostgreSQL: the login and every role it is a member of (directly or through other roles, whatever their
 * INHERIT: {@code SET ROLE} reaches them) may be no superuser, have no CREATEROLE, CREATEDB, REPLICATION or BYPASSRLS,
 * be a member of no predefined role ({@code pg_*}: {@code pg_read_server_files}, {@code pg_read_all_stats},
 * {@code pg_signal_backend}…), own nothing in the database (the database itself included), and hold no CREATE on
 * the database or a schema, no INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER (or MAINTAIN) on a table or view, no
 * USAGE or UPDATE on a sequence, no UPDATE on a large object, no EXECUTE on a function the server or an extension
 * keeps from PUBLIC ({@code pg_read_file}, {@code lo_import}...: what a predefined role or a superuser may do, granted
 * one by one) and no SET or ALTER SYSTEM on a parameter. The database-wide TEMPORARY that PostgreSQL grants
 * every login stays allowed: temporary tables cannot be created in the read-only transactions jobs run in.
 *
 * <p>SQL Server: no member of a fixed server role but {@code public}, of {@code db_owner}, {@code db_datawriter},
 * {@code db_ddladmin}, {@code db_securityadmin}, {@code db_accessadmin} or {@code db_backupoperator}; no server
 * permission beyond connecting and viewing definitions ({@code VIEW SERVER STATE} shows other sessions' SQL); no
 * database permission that writes, alters, controls or shows other sessions; no INSERT, UPDATE, DELETE or ALTER on a
 * table, view or schema.
 */
public final class LoginPrivileges {

    /** A login that can do more than read: its session is closed and never pooled; the message says why. */
    public static final class PrivilegedLogin extends SQLException {
        PrivilegedLogin(String message) {
            super(message, "08004");
        }
    }

    /** Where the setting is: named in every refusal. */
    public static final String SETTING = "snailbench.executor.privileged-logins.allowed";

    /** Names shown per kind of object before "and N more". */
    private static final int SHOWN = 5;

    private final List<Entry> allowed;

    /**
     * @param allowed entries of {@value #SETTING}: {@code user@host:port}, {@code user@host}, {@code user} or
     *                {@code *}
     * @throws IllegalArgumentException naming a malformed entry (the service does not start with it)
     */
    public LoginPrivileges(List<String> allowed) {
        this.allowed =
                allowed.stream().filter(e -> !e.isBlank()).map(Entry::parse).toList();
    }

    /** No login may hold more than read rights. */
    public static LoginPrivileges strict() {
        return new LoginPrivileges(List.of());
    }

    /** Whether the operator allows {@code user} on {@code host:port} to hold more than read rights. */
    public boolean allows(String user, String host, int port) {
        return allowed.stream().anyMatch(e -> e.matches(user, host, port));
    }

    /**
     * Refuses the session's login unless it can only read or the operator allows it. Blocking (one or two catalog
     * queries). Leaves the session as it found it (no transaction open).
     *
     * @throws PrivilegedLogin saying what the login can do beyond reading
     */
    public void check(Connection c, SqlDialect dialect, String user, String host, int port) throws SQLException {
        if (allows(user, host, port)) {
            return;
        }
        List<String> reasons = reasons(c, dialect);
        if (!reasons.isEmpty()) {
            throw new PrivilegedLogin("the login " + user + " can do more than read its database: it "
                    + String.join("; it ", reasons) + ". Register a login that can only read (CONNECT, USAGE on "
                    + "the schemas, SELECT on the tables), or an operator may allow this login with " + SETTING);
        }
    }

    /** What the session's login can do beyond reading, one sentence part each; empty when it can only read. */
    public static List<String> reasons(Connection c, SqlDialect dialect) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        try {
            return dialect == SqlDialect.POSTGRESQL ? postgres(c) : sqlServer(c);
        } finally {
            if (!autoCommit) {
                c.rollback();
            }
        }
    }

    private static List<String> postgres(Connection c) throws SQLException {
        List<String> reasons = new ArrayList<>();
        List<String> superusers = new ArrayList<>();
        Map<String, List<String>> attributes = new LinkedHashMap<>();
        List<String> predefined = new ArrayList<>();
        String login;
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT r.rolname, r.rolsuper, "
                        + "r.rolcreaterole, r.rolcreatedb, r.rolreplication, r.rolbypassrls, "
                        + "r.oid < 16384 AND r.rolname LIKE 'pg\\_%', r.rolname = session_user "
                        + "FROM pg_catalog.pg_roles r WHERE pg_catalog.pg_has_role(session_user, r.oid, 'MEMBER') "
                        + "ORDER BY r.rolname = session_user DESC, r.rolname")) {
            login = null;
            String[] names = {"CREATEROLE", "CREATEDB", "REPLICATION", "BYPASSRLS"};
            while (rs.next()) {
                String role = rs.getString(1);
                boolean self = rs.getBoolean(8);
                if (self) {
                    login = role;
                }
                if (rs.getBoolean(2)) {
                    superusers.add(role);
                }
                for (int i = 0; i < names.length; i++) {
                    if (rs.getBoolean(3 + i)) {
                        attributes
                                .computeIfAbsent(names[i], k -> new ArrayList<>())
                                .add(role);
                    }
                }
                if (rs.getBoolean(7)) {
                    predefined.add(role);
                }
            }
        }
        String me = login;
        if (superusers.contains(me)) {
            // A superuser is a member of every role and may do anything: that is the whole reason.
            return List.of("is a superuser");
        }
        if (!superusers.isEmpty()) {
            reasons.add("can become the superuser role " + names(superusers));
        }
        attributes.forEach((attribute, roles) ->
                reasons.add("has " + attribute + (roles.equals(List.of(me)) ? "" : " through " + names(roles))));
        if (!predefined.isEmpty()) {
            reasons.add(
                    "is a member of the predefined role" + (predefined.size() == 1 ? " " : "s ") + names(predefined));
        }
        int version = c.getMetaData().getDatabaseMajorVersion();
        String tablePrivileges = "INSERT,UPDATE,DELETE,TRUNCATE,TRIGGER" + (version >= 17 ? ",MAINTAIN" : "");
        Map<String, List<String>> writable = new LinkedHashMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("WITH me AS (SELECT oid FROM "
                        + "pg_catalog.pg_roles WHERE pg_catalog.pg_has_role(session_user, oid, 'MEMBER')), "
                        + "db AS (SELECT oid, datdba FROM pg_catalog.pg_database WHERE datname = current_database()), "
                        + "system AS (SELECT oid FROM pg_catalog.pg_namespace WHERE nspname IN ('pg_catalog', "
                        + "'information_schema')) "
                        // Ownership of anything in this database (tables, schemas, functions, types...) and of the
                        // database.
                        + "SELECT 'owns', pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid) "
                        + "FROM pg_catalog.pg_shdepend d WHERE d.deptype = 'o' AND d.dbid = (SELECT oid FROM db) "
                        + "AND d.refclassid = 'pg_catalog.pg_authid'::regclass AND d.refobjid IN (SELECT oid FROM me) "
                        + "UNION ALL SELECT 'owns', 'the database' FROM db WHERE datdba IN (SELECT oid FROM me) "
                        + "UNION ALL SELECT 'create', 'the database' WHERE EXISTS (SELECT 1 FROM me WHERE "
                        + "pg_catalog.has_database_privilege(me.oid, current_database(), 'CREATE')) "
                        + "UNION ALL SELECT 'create', 'schema ' || pg_catalog.quote_ident(n.nspname) "
                        + "FROM pg_catalog.pg_namespace n WHERE EXISTS (SELECT 1 FROM me WHERE "
                        + "pg_catalog.has_schema_privilege(me.oid, n.oid, 'CREATE')) "
                        + "UNION ALL SELECT 'write', pg_catalog.quote_ident(n.nspname) || '.' || "
                        + "pg_catalog.quote_ident(c.relname) "
                        + "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                        // The system catalogs are left out: pg_settings' UPDATE for PUBLIC is what SET does.
                        + "WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND c.relnamespace NOT IN (SELECT oid FROM system) "
                        + "AND EXISTS (SELECT 1 FROM me WHERE "
                        + "pg_catalog.has_table_privilege(me.oid, c.oid, '" + tablePrivileges + "') "
                        + "OR pg_catalog.has_any_column_privilege(me.oid, c.oid, 'INSERT,UPDATE')) "
                        + "UNION ALL SELECT 'sequence', pg_catalog.quote_ident(n.nspname) || '.' || "
                        + "pg_catalog.quote_ident(c.relname) "
                        + "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                        + "WHERE c.relkind = 'S' AND c.relnamespace NOT IN (SELECT oid FROM system) "
                        + "AND EXISTS (SELECT 1 FROM me WHERE "
                        + "pg_catalog.has_sequence_privilege(me.oid, c.oid, 'USAGE,UPDATE')) "
                        + "UNION ALL SELECT 'largeobject', l.oid::text FROM pg_catalog.pg_largeobject_metadata l "
                        + "WHERE EXISTS (SELECT 1 FROM pg_catalog.aclexplode(l.lomacl) a WHERE a.privilege_type = 'UPDATE' "
                        + "AND (a.grantee = 0 OR a.grantee IN (SELECT oid FROM me))) "
                        + "UNION ALL SELECT 'largeobject', 'every large object (lo_compat_privileges is on)' "
                        + "WHERE pg_catalog.current_setting('lo_compat_privileges') = 'on' "
                        + "AND EXISTS (SELECT 1 FROM pg_catalog.pg_largeobject_metadata) "
                        // A direct grant of what the server keeps from PUBLIC: functions revoked from PUBLIC when the
                        // server
                        // or an extension was set up (file readers, lo_import, backup and WAL control...).
                        + "UNION ALL SELECT 'execute', p.oid::pg_catalog.regprocedure::text FROM pg_catalog.pg_proc p "
                        + "JOIN pg_catalog.pg_init_privs i ON i.objoid = p.oid "
                        + "AND i.classoid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND i.objsubid = 0 "
                        + "WHERE NOT EXISTS (SELECT 1 FROM pg_catalog.aclexplode(i.initprivs) a WHERE a.grantee = 0 "
                        + "AND a.privilege_type = 'EXECUTE') AND EXISTS (SELECT 1 FROM me WHERE "
                        + "pg_catalog.has_function_privilege(me.oid, p.oid, 'EXECUTE'))"
                        // Parameters only superusers may set, and ALTER SYSTEM, granted to the login, a role of it or
                        // PUBLIC.
                        + (version >= 15
                                ? " UNION ALL SELECT 'parameter', p.parname || ' (' || a.privilege_type || ')' "
                                        + "FROM pg_catalog.pg_parameter_acl p, pg_catalog.aclexplode(p.paracl) a "
                                        + "WHERE a.grantee = 0 OR a.grantee IN (SELECT oid FROM me)"
                                : ""))) {
            while (rs.next()) {
                writable.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                        .add(rs.getString(2));
            }
        }
        add(reasons, writable, "owns", "owns ");
        add(reasons, writable, "create", "can CREATE in ");
        add(
                reasons,
                writable,
                "write",
                "can " + tablePrivileges.replace(",", ", ").replaceAll(", (\\w+)$", " or $1") + " ");
        add(reasons, writable, "sequence", "can advance or set the sequence(s) ");
        add(reasons, writable, "largeobject", "can write the large object(s) ");
        add(reasons, writable, "execute", "can run what the server keeps from PUBLIC: ");
        add(reasons, writable, "parameter", "holds the parameter privilege(s) ");
        return reasons;
    }

    private static List<String> sqlServer(Connection c) throws SQLException {
        List<String> reasons = new ArrayList<>();
        String[] serverRoles = {
            "sysadmin",
            "serveradmin",
            "securityadmin",
            "processadmin",
            "setupadmin",
            "bulkadmin",
            "diskadmin",
            "dbcreator"
        };
        String[] databaseRoles = {
            "db_owner", "db_datawriter", "db_ddladmin", "db_securityadmin", "db_accessadmin", "db_backupoperator"
        };
        StringBuilder sql = new StringBuilder("SELECT ");
        for (String role : serverRoles) {
            sql.append("IS_SRVROLEMEMBER('").append(role).append("'), ");
        }
        for (String role : databaseRoles) {
            sql.append("IS_MEMBER('").append(role).append("'), ");
        }
        sql.setLength(sql.length() - 2);
        List<String> roles = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql.toString())) {
            rs.next();
            for (int i = 0; i < serverRoles.length + databaseRoles.length; i++) {
                if (rs.getInt(i + 1) == 1) {
                    roles.add(i < serverRoles.length ? serverRoles[i] : databaseRoles[i - serverRoles.length]);
                }
            }
        }
        if (!roles.isEmpty()) {
            reasons.add("is a member of " + names(roles));
        }
        Map<String, List<String>> found = new LinkedHashMap<>();
        try {
            collect(
                    c,
                    found,
                    "SELECT 'server', permission_name FROM sys.fn_my_permissions(NULL, 'SERVER') "
                            + "WHERE permission_name NOT IN ('CONNECT SQL', 'VIEW ANY DATABASE', 'VIEW ANY DEFINITION', "
                            + "'VIEW ANY SECURITY DEFINITION', 'VIEW ANY PERFORMANCE DEFINITION')");
        } catch (SQLException e) {
            // Azure SQL Database has no server scope: a contained login holds no server permission.
            if (!c.getAutoCommit()) {
                c.rollback();
            }
        }
        collect(
                c,
                found,
                "SELECT 'database', permission_name FROM sys.fn_my_permissions(NULL, 'DATABASE') "
                        + "WHERE permission_name LIKE 'INSERT%' OR permission_name LIKE 'UPDATE%' "
                        + "OR permission_name LIKE 'DELETE%' OR permission_name LIKE 'ALTER%' "
                        + "OR permission_name LIKE 'CREATE%' OR permission_name LIKE 'CONTROL%' "
                        + "OR permission_name IN ('TAKE OWNERSHIP', 'IMPERSONATE', 'BACKUP DATABASE', 'BACKUP LOG', "
                        + "'CHECKPOINT', 'KILL DATABASE CONNECTION', 'ADMINISTER DATABASE BULK OPERATIONS', "
                        + "'VIEW DATABASE STATE', 'VIEW DATABASE PERFORMANCE STATE') "
                        + "UNION ALL SELECT 'object', QUOTENAME(s.name) + '.' + QUOTENAME(o.name) FROM sys.objects o "
                        + "JOIN sys.schemas s ON s.schema_id = o.schema_id WHERE o.is_ms_shipped = 0 AND o.type IN ('U', 'V') "
                        + "AND (HAS_PERMS_BY_NAME(QUOTENAME(s.name) + '.' + QUOTENAME(o.name), 'OBJECT', 'INSERT') = 1 "
                        + "OR HAS_PERMS_BY_NAME(QUOTENAME(s.name) + '.' + QUOTENAME(o.name), 'OBJECT', 'UPDATE') = 1 "
                        + "OR HAS_PERMS_BY_NAME(QUOTENAME(s.name) + '.' + QUOTENAME(o.name), 'OBJECT', 'DELETE') = 1 "
                        + "OR HAS_PERMS_BY_NAME(QUOTENAME(s.name) + '.' + QUOTENAME(o.name), 'OBJECT', 'ALTER') = 1) "
                        + "UNION ALL SELECT 'schema', QUOTENAME(name) FROM sys.schemas "
                        + "WHERE HAS_PERMS_BY_NAME(QUOTENAME(name), 'SCHEMA', 'ALTER') = 1");
        add(reasons, found, "server", "holds the server permission(s) ");
        add(reasons, found, "database", "holds the database permission(s) ");
        add(reasons, found, "schema", "can ALTER the schema(s) ");
        add(reasons, found, "object", "can INSERT, UPDATE, DELETE or ALTER ");
        return reasons;
    }

    private static void collect(Connection c, Map<String, List<String>> found, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                found.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(2));
            }
        }
    }

    private static void add(List<String> reasons, Map<String, List<String>> found, String kind, String prefix) {
        List<String> names = found.get(kind);
        if (names != null) {
            reasons.add(prefix + names(names));
        }
    }

    private static String names(List<String> names) {
        List<String> distinct = names.stream().distinct().toList();
        String shown = String.join(", ", distinct.subList(0, Math.min(SHOWN, distinct.size())));
        return distinct.size() > SHOWN ? shown + " and " + (distinct.size() - SHOWN) + " more" : shown;
    }

    /** One allowed login: a user on any server ({@code host} null), on a host, or on a host and port. */
    private record Entry(String user, String host, Integer port) {

        static Entry parse(String text) {
            String t = text.trim();
            if (t.equals("*")) {
                return new Entry(null, null, null);
            }
            int at = t.lastIndexOf('@');
            if (at == 0 || at == t.length() - 1) {
                throw new IllegalArgumentException(
                        SETTING + " entry '" + text + "' is none of user, user@host, " + "user@host:port, *");
            }
            if (at < 0) {
                return new Entry(t, null, null);
            }
            String user = t.substring(0, at);
            String hostPort = t.substring(at + 1);
            Integer port = null;
            int colon = hostPort.lastIndexOf(':');
            if (colon > 0
                    && hostPort.substring(colon + 1).matches("\\d{1,5}")
                    && (!hostPort.contains("]") ? hostPort.indexOf(':') == colon : hostPort.charAt(colon - 1) == ']')) {
                port = Integer.parseInt(hostPort.substring(colon + 1));
                hostPort = hostPort.substring(0, colon);
            }
            if (hostPort.startsWith("[") && hostPort.endsWith("]")) {
                hostPort = hostPort.substring(1, hostPort.length() - 1);
            }
            if (hostPort.isBlank() || port != null && (port < 1 || port > 65535)) {
                throw new IllegalArgumentException(SETTING + " entry '" + text + "' has no valid host or port");
            }
            return new Entry(user, hostPort.toLowerCase(Locale.ROOT), port);
        }

        boolean matches(String user, String host, int port) {
            if (this.user == null) {
                return true;
            }
            return this.user.equals(user)
                    && (this.host == null || this.host.equals(normalized(host)))
                    && (this.port == null || this.port == port);
        }

        private static String normalized(String host) {
            String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
            return h.toLowerCase(Locale.ROOT);
        }
    }
}
