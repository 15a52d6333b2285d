package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.targets.ConnectionErrors;
import dev.snailbench.executor.service.targets.LoginPrivileges;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, privileged logins (real PostgreSQL, the executor's connector with the production default: no login
 * allowed to do more than read): every way a login can be more than a reader — superuser, a superuser role it can
 * become, role attributes, each predefined role the server has (directly or through a NOINHERIT group), ownership,
 * CREATE, table, column, sequence and large-object write privileges, a function or parameter the server keeps from
 * PUBLIC granted directly, a grant to PUBLIC — is refused when a session of
 * it opens, with the reason; a reader is not; the operator's allowance admits exactly the login it names.
 * Beyond the in-memory tier: the privileges a real PostgreSQL grants, read from its catalogs.
 */
@RealInfrastructure
class LoginPrivilegeAttackTest {

    private static final String DB = "login_attack";
    private static final String PASSWORD = "login-attack-pw";
    private static final TargetConnector.Settings SETTINGS = new TargetConnector.Settings(
            Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(5));

    private static Postgres pg;

    @BeforeAll
    static void database() throws SQLException {
        pg = LocalStack.targets();
        pg.createDatabase(DB);
        superuser(
                DB,
                "CREATE SCHEMA IF NOT EXISTS data",
                "CREATE TABLE IF NOT EXISTS data.t (id int PRIMARY KEY, v text)",
                "CREATE SEQUENCE IF NOT EXISTS data.s",
                "CREATE OR REPLACE FUNCTION data.f() RETURNS int LANGUAGE sql AS 'SELECT 1'");
    }

    @Test
    void shouldOpenSessionsOfALoginThatCanOnlyRead() throws SQLException {
        reader("lp_reader");

        try (Connection c = strict().readOnly(target("lp_reader"), 0).getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM data.t")) {
            assertThat(rs.next()).isTrue();
        }
    }

    @Test
    void shouldRefuseASuperuserAndALoginThatCanBecomeOne() throws SQLException {
        login("lp_super", "ALTER ROLE lp_super SUPERUSER");
        reader("lp_su_member");
        superuser(
                DB,
                "DO $$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lp_su_group') THEN "
                        + "CREATE ROLE lp_su_group NOLOGIN SUPERUSER NOINHERIT; END IF; END$$",
                "GRANT lp_su_group TO lp_su_member");

        refused("lp_super", "is a superuser");
        refused("lp_su_member", "can become the superuser role lp_su_group");
    }

    @Test
    void shouldRefuseRoleAttributesOfTheLoginOrOfARoleItBelongsTo() throws SQLException {
        for (String attribute : List.of("CREATEROLE", "CREATEDB", "REPLICATION", "BYPASSRLS")) {
            String role = "lp_attr_" + attribute.toLowerCase();
            reader(role);
            superuser(DB, "ALTER ROLE " + role + " " + attribute);
            refused(role, "has " + attribute);
        }
        reader("lp_attr_member");
        superuser(
                DB,
                "DO $$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lp_attr_group') THEN "
                        + "CREATE ROLE lp_attr_group NOLOGIN CREATEROLE; END IF; END$$",
                "GRANT lp_attr_group TO lp_attr_member");
        refused("lp_attr_member", "has CREATEROLE through lp_attr_group");
    }

    @Test
    void shouldRefuseAMemberOfEveryPredefinedRoleDirectlyOrThroughANoInheritGroup() throws SQLException {
        List<String> predefined = new ArrayList<>();
        try (Connection c = pg.connect(DB);
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT rolname FROM pg_roles WHERE oid < 16384 AND rolname LIKE 'pg\\_%' "
                                + "AND rolname <> 'pg_database_owner' ORDER BY 1")) {
            while (rs.next()) {
                predefined.add(rs.getString(1));
            }
        }
        // Whatever this server has, at least those a tenant would use to read files, run programs or see and stop
        // other sessions.
        assertThat(predefined)
                .contains(
                        "pg_read_server_files",
                        "pg_write_server_files",
                        "pg_execute_server_program",
                        "pg_read_all_data",
                        "pg_write_all_data",
                        "pg_signal_backend",
                        "pg_read_all_stats",
                        "pg_monitor");
        for (String role : predefined) {
            String direct = "lp_direct_" + role.substring(3);
            reader(direct);
            superuser(DB, "GRANT " + role + " TO " + direct);
            refused(direct, role);

            String group = "lp_group_" + role.substring(3);
            String member = "lp_member_" + role.substring(3);
            reader(member);
            superuser(
                    DB,
                    "DO $$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + group + "') THEN "
                            + "CREATE ROLE " + group + " NOLOGIN NOINHERIT; END IF; END$$",
                    "GRANT " + role + " TO " + group,
                    "GRANT " + group + " TO " + member);
            refused(member, role);
        }
    }

    @Test
    void shouldRefuseEveryWritePrivilegeOnTheDatabaseItsSchemasAndItsObjects() throws SQLException {
        Map<String, String> grants = new LinkedHashMap<>();
        grants.put("GRANT INSERT ON data.t TO %s", "data.t");
        grants.put("GRANT UPDATE (v) ON data.t TO %s", "data.t");
        grants.put("GRANT INSERT (v) ON data.t TO %s", "data.t");
        grants.put("GRANT DELETE ON data.t TO %s", "data.t");
        grants.put("GRANT TRUNCATE ON data.t TO %s", "data.t");
        grants.put("GRANT TRIGGER ON data.t TO %s", "data.t");
        grants.put("GRANT MAINTAIN ON data.t TO %s", "data.t");
        grants.put("GRANT CREATE ON SCHEMA data TO %s", "can CREATE in schema data");
        grants.put("GRANT CREATE ON DATABASE " + DB + " TO %s", "can CREATE in the database");
        grants.put("GRANT USAGE ON SEQUENCE data.s TO %s", "sequence(s) data.s");
        grants.put("GRANT UPDATE ON SEQUENCE data.s TO %s", "sequence(s) data.s");
        grants.put("ALTER FUNCTION data.f() OWNER TO %s", "owns function data.f()");
        grants.put(
                "CREATE TABLE data.owned_by_%1$s (x int); ALTER TABLE data.owned_by_%1$s OWNER TO %1$s",
                "owns table data.owned_by_");
        int n = 0;
        for (Map.Entry<String, String> grant : grants.entrySet()) {
            String role = "lp_write_" + n++;
            reader(role);
            superuser(DB, grant.getKey().formatted(role).split("; "));
            refused(role, grant.getValue());
        }
    }

    @Test
    void shouldRefuseADirectGrantOfWhatTheServerKeepsFromPublic() throws SQLException {
        // What pg_read_server_files or a superuser may do, granted function by function; parameters only a superuser
        // may set, and ALTER SYSTEM.
        Map<String, String> grants = new LinkedHashMap<>();
        grants.put("GRANT EXECUTE ON FUNCTION pg_catalog.pg_read_file(text) TO %s", "pg_read_file(text)");
        grants.put("GRANT EXECUTE ON FUNCTION pg_catalog.pg_read_binary_file(text) TO %s", "pg_read_binary_file(text)");
        grants.put("GRANT EXECUTE ON FUNCTION pg_catalog.pg_ls_dir(text) TO %s", "pg_ls_dir(text)");
        grants.put("GRANT EXECUTE ON FUNCTION pg_catalog.lo_import(text) TO %s", "lo_import(text)");
        grants.put("GRANT EXECUTE ON FUNCTION pg_catalog.pg_stat_file(text) TO %s", "pg_stat_file(text)");
        grants.put("GRANT SET ON PARAMETER session_replication_role TO %s", "session_replication_role (SET)");
        grants.put("GRANT ALTER SYSTEM ON PARAMETER work_mem TO %s", "work_mem (ALTER SYSTEM)");
        int n = 0;
        for (Map.Entry<String, String> grant : grants.entrySet()) {
            String role = "lp_kept_" + n++;
            reader(role);
            superuser(DB, grant.getKey().formatted(role));
            refused(role, grant.getValue());
        }

        reader("lp_kept_member");
        superuser(
                DB,
                "DO $$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lp_file_readers') THEN "
                        + "CREATE ROLE lp_file_readers NOLOGIN NOINHERIT; END IF; END$$",
                "GRANT EXECUTE ON FUNCTION pg_catalog.pg_read_file(text, bigint, bigint) TO lp_file_readers",
                "GRANT lp_file_readers TO lp_kept_member");
        refused("lp_kept_member", "pg_read_file(text,bigint,bigint)");

        String open = "login_attack_kept";
        pg.createDatabase(open);
        superuser(open, "GRANT EXECUTE ON FUNCTION pg_catalog.pg_ls_dir(text) TO PUBLIC");
        reader("lp_kept_public");
        assertThatThrownBy(() ->
                        strict().readOnly(target("lp_kept_public", open), 0).getConnection())
                .isInstanceOf(LoginPrivileges.PrivilegedLogin.class)
                .hasMessageContaining("pg_ls_dir(text)");
    }

    @Test
    void shouldRefuseAWritePrivilegeHeldThroughAGroupOrGrantedToPublic() throws SQLException {
        reader("lp_via_group");
        superuser(
                DB,
                "DO $$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lp_writers') THEN "
                        + "CREATE ROLE lp_writers NOLOGIN NOINHERIT; END IF; END$$",
                "GRANT DELETE ON data.t TO lp_writers",
                "GRANT lp_writers TO lp_via_group");
        refused("lp_via_group", "data.t");

        String open = "login_attack_public";
        pg.createDatabase(open);
        superuser(open, "CREATE TABLE IF NOT EXISTS guestbook (line text)", "GRANT INSERT ON guestbook TO PUBLIC");
        reader("lp_public");
        assertThatThrownBy(() -> strict().readOnly(target("lp_public", open), 0).getConnection())
                .isInstanceOf(LoginPrivileges.PrivilegedLogin.class)
                .hasMessageContaining("guestbook");
    }

    @Test
    void shouldRefuseTheOwnerOfTheDatabaseAndOfALargeObject() throws SQLException {
        String owned = "login_attack_owned";
        reader("lp_db_owner");
        pg.createDatabase(owned);
        superuser(owned, "ALTER DATABASE " + owned + " OWNER TO lp_db_owner");
        assertThatThrownBy(
                        () -> strict().readOnly(target("lp_db_owner", owned), 0).getConnection())
                .isInstanceOf(LoginPrivileges.PrivilegedLogin.class)
                .hasMessageContaining("owns the database");

        reader("lp_lo_writer");
        superuser(
                DB,
                "SELECT lo_create(424242) WHERE NOT EXISTS (SELECT 1 FROM pg_largeobject_metadata "
                        + "WHERE oid = 424242)",
                "GRANT UPDATE ON LARGE OBJECT 424242 TO lp_lo_writer");
        refused("lp_lo_writer", "large object(s) 424242");
    }

    @Test
    void shouldRefuseALoginGrantedMoreAfterItsFirstSessionWhenANewSessionOpens() throws SQLException {
        reader("lp_later");
        Target target = target("lp_later");
        try (PoolManager pools = new PoolManager(
                new PoolManager.Settings(2, 4, Duration.ofMinutes(1), Duration.ofSeconds(5)), strict())) {
            assertThat(pools.<Integer>withConnection(target, Duration.ofSeconds(5), c -> 1))
                    .isEqualTo(1);
            superuser(DB, "GRANT pg_signal_backend TO lp_later");

            // A session of another pool (another statement timeout) opens after the grant.
            assertThatThrownBy(() -> pools.withConnection(target, Duration.ofSeconds(6), c -> 1))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("pg_signal_backend")
                    .satisfies(e -> assertThat(ConnectionErrors.categorize(e))
                            .isEqualTo(ConnectionErrors.Category.PRIVILEGED_LOGIN));
        }
    }

    @Test
    void shouldAdmitExactlyTheLoginsTheOperatorAllows() throws SQLException {
        login("lp_allowed_super", "ALTER ROLE lp_allowed_super SUPERUSER");
        login("lp_other_super", "ALTER ROLE lp_other_super SUPERUSER");
        String here = "127.0.0.1:" + pg.port();
        TargetConnector allowing =
                connector(new LoginPrivileges(List.of("lp_allowed_super@" + here, "lp_other_super@127.0.0.1:1")));

        try (Connection c = allowing.readOnly(target("lp_allowed_super"), 0).getConnection()) {
            assertThat(c.isValid(5)).isTrue();
        }
        // The same login name on another port, and a login allowed elsewhere only: refused.
        assertThatThrownBy(() -> allowing.readOnly(target("lp_other_super"), 0).getConnection())
                .isInstanceOf(LoginPrivileges.PrivilegedLogin.class)
                .hasMessageContaining("is a superuser")
                .hasMessageContaining(LoginPrivileges.SETTING);
        assertThat(new LoginPrivileges(List.of("u@db.example.com")).allows("u", "DB.example.com", 5432))
                .isTrue();
        assertThat(new LoginPrivileges(List.of("u@db.example.com")).allows("U", "db.example.com", 5432))
                .isFalse();
        assertThat(new LoginPrivileges(List.of("u@[::1]:5432")).allows("u", "::1", 5432))
                .isTrue();
        assertThat(new LoginPrivileges(List.of("u@[::1]:5432")).allows("u", "::1", 5433))
                .isFalse();
        assertThatThrownBy(() -> new LoginPrivileges(List.of("u@")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(LoginPrivileges.SETTING);
    }

    private static void refused(String role, String reason) {
        assertThatThrownBy(() -> strict().readOnly(target(role), 0).getConnection())
                .as("a session of " + role)
                .isInstanceOf(LoginPrivileges.PrivilegedLogin.class)
                .hasMessageContaining("the login " + role + " can do more than read")
                .hasMessageContaining(reason);
    }

    private static TargetConnector strict() {
        return connector(LoginPrivileges.strict());
    }

    private static TargetConnector connector(LoginPrivileges logins) {
        return new TargetConnector(
                new TargetPolicy(List.of(pg.hostAndPort()), List.of(), TargetPolicy::dns), SETTINGS, logins);
    }

    private static Target target(String role) {
        return target(role, DB);
    }

    private static Target target(String role, String database) {
        return new Target("login-attack", SqlDialect.POSTGRESQL, pg.jdbcUrl(database), role, PASSWORD, Map.of());
    }

    /** A login that can connect to the database, read the schema's table and sequence, and nothing else. */
    private static void reader(String role) throws SQLException {
        login(
                role,
                "GRANT USAGE ON SCHEMA data TO " + role,
                "GRANT SELECT ON data.t TO " + role,
                "GRANT SELECT ON SEQUENCE data.s TO " + role);
    }

    private static void login(String role, String... then) throws SQLException {
        List<String> statements = new ArrayList<>();
        statements.add("DO $$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role + "') THEN "
                + "CREATE ROLE " + role + " LOGIN PASSWORD '" + PASSWORD + "'; END IF; END$$");
        statements.addAll(List.of(then));
        superuser(DB, statements.toArray(String[]::new));
    }

    private static void superuser(String database, String... statements) throws SQLException {
        try (Connection c = pg.connect(database);
                Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }
}
