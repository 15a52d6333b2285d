package dev.snailbench.executor.support;

import dev.snailbench.testkit.LocalStack;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A small database to attack: tables, a sequence, a function and a procedure that write. The fingerprint covers
 * everything a statement could change: every table's content, the catalog of tables, functions, roles and
 * databases, sequences, large objects and per-database settings.
 */
public final class HostileDb {

    public static final String NAME = "hostile";

    private HostileDb() {}

    public static synchronized void create() {
        LocalStack.targets().createDatabase(NAME);
        try (Connection c = LocalStack.targets().connect(NAME);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS accounts (id int PRIMARY KEY, name text NOT NULL, "
                    + "balance numeric(12,2))");
            s.execute("CREATE TABLE IF NOT EXISTS audit (id bigserial PRIMARY KEY, account_id int REFERENCES "
                    + "accounts(id), note text)");
            s.execute("CREATE SEQUENCE IF NOT EXISTS hostile_seq");
            s.execute("INSERT INTO accounts VALUES (1, 'alice', 100.50), (2, 'bob', 20.00), (3, 'carol', NULL) "
                    + "ON CONFLICT DO NOTHING");
            s.execute("INSERT INTO audit (account_id, note) SELECT 1, 'opened' WHERE NOT EXISTS (SELECT 1 FROM audit)");
            s.execute("CREATE OR REPLACE FUNCTION evil_insert() RETURNS int LANGUAGE plpgsql AS "
                    + "$$BEGIN INSERT INTO accounts VALUES (999, 'evil', 0); RETURN 1; END$$");
            s.execute("CREATE OR REPLACE PROCEDURE evil_proc() LANGUAGE sql AS $$DELETE FROM accounts$$");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the hostile database", e);
        }
    }

    /** Everything that must not change, as text. */
    public static String fingerprint() {
        try (Connection c = LocalStack.targets().connect(NAME);
                Statement s = c.createStatement()) {
            List<String> parts = new ArrayList<>();
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT schemaname || '.' || tablename FROM pg_tables "
                    + "WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            parts.add("tables=" + tables);
            for (String table : tables) {
                parts.add(table + "="
                        + one(
                                s,
                                "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' "
                                        + "ORDER BY t::text)), '') FROM " + table + " t"));
                parts.add(table + ".columns="
                        + one(
                                s,
                                "SELECT string_agg(column_name || ' ' || data_type, ',' "
                                        + "ORDER BY ordinal_position) FROM information_schema.columns WHERE table_schema || '.' || "
                                        + "table_name = '" + table + "'"));
                parts.add(table + ".acl="
                        + one(
                                s,
                                "SELECT coalesce(relacl::text, '') FROM pg_class WHERE oid = '" + table
                                        + "'::regclass"));
            }
            parts.add("indexes="
                    + one(
                            s,
                            "SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes "
                                    + "WHERE schemaname = 'public'"));
            parts.add("functions="
                    + one(
                            s,
                            "SELECT string_agg(proname, ',' ORDER BY proname) FROM pg_proc "
                                    + "WHERE pronamespace = 'public'::regnamespace"));
            parts.add("seq=" + one(s, "SELECT last_value || ':' || is_called FROM hostile_seq"));
            parts.add("largeobjects=" + one(s, "SELECT count(*) FROM pg_largeobject_metadata"));
            parts.add("roles=" + one(s, "SELECT string_agg(rolname || rolsuper, ',' ORDER BY rolname) FROM pg_roles"));
            parts.add("databases=" + one(s, "SELECT string_agg(datname, ',' ORDER BY datname) FROM pg_database"));
            parts.add("dbsettings="
                    + one(
                            s,
                            "SELECT coalesce(string_agg(array_to_string(setconfig, ';'), ',' "
                                    + "ORDER BY setdatabase), '') FROM pg_db_role_setting"));
            parts.add("extensions=" + one(s, "SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension"));
            return String.join("\n", parts);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot fingerprint the hostile database", e);
        }
    }

    private static String one(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
