package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.ViewDdl;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.SqlGuard;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Attack suite, SQL: functions that run the SQL in their string argument or touch the server are refused at any
 * nesting and in any spelling (schema-qualified, quoted, Unicode-escaped); the view DDL run with a team's admin login
 * is only the platform's own shapes.
 */
class SqlGuardAttackTest {

    private final SqlGuard guard = new SqlGuard(new SqlParser(1, Duration.ofSeconds(5)));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM ts_stat('SELECT to_tsvector(pg_read_file(''/etc/passwd''))')",
                "SELECT ts_rewrite('a'::tsquery, 'SELECT ''a''::tsquery, ''b''::tsquery FROM pg_sleep(5)')",
                "SELECT x FROM (SELECT * FROM pg_catalog.ts_stat('WITH d AS (DELETE FROM t RETURNING 1) SELECT ''x''::tsvector')) s",
                "SELECT 1 WHERE EXISTS (SELECT 1 FROM \"ts_stat\"('SELECT 1'))",
                "WITH c AS (SELECT pg_catalog.\"ts_rewrite\"('a'::tsquery, 'SELECT 1')) SELECT * FROM c",
                "SELECT * FROM t, LATERAL (SELECT query_to_xml('SELECT * FROM pg_shadow', true, true, '')) x",
                "SELECT CAST(table_to_xml('pg_authid', true, true, '') AS text)",
                "SELECT coalesce(NULL, database_to_xml(true, true, ''))",
                "SELECT * FROM dblink('host=10.0.0.1', 'SELECT 1') AS t(x int)",
                "SELECT length(lo_import('/etc/passwd')::text)",
                "SELECT (SELECT pg_read_file('/etc/passwd'))",
                "SELECT lower(pg_read_binary_file('/etc/hosts')::text)",
                "SELECT * FROM pg_ls_dir('/')",
                "SELECT pg_stat_file('/etc/passwd')",
                "SELECT set_config('default_transaction_read_only', 'off', false)",
                "SELECT 1 FROM t ORDER BY (SELECT 1 FROM pg_sleep(10))",
                "SELECT U&\"ts\\0073tat\"('SELECT 1')",
                "SELECT cursor_to_xml('c', 1, false, true, '')",
                "SELECT * FROM t FOR UPDATE",
                "SELECT * INTO stolen FROM t",
                "WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d",
                "COPY t TO PROGRAM 'id'",
                "DO $$BEGIN PERFORM 1; END$$",
                "EXECUTE stmt"
            })
    void shouldRefuseHiddenSqlAndServerAccessAtAnyNesting(String sql) {
        SqlGuard.Verdict verdict = guard.check(sql, SqlDialect.POSTGRESQL);

        assertThat(verdict.allowed()).as(sql).isFalse();
        assertThat(verdict.reason()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM OPENROWSET('SQLNCLI', 'Server=10.0.0.1;', 'SELECT 1') AS r",
                "SELECT * FROM OPENDATASOURCE('SQLNCLI', 'Data Source=x').db.dbo.t",
                "SELECT (SELECT TOP 1 x FROM OPENQUERY(linked, 'SELECT 1') q)",
                "SELECT * FROM sys.fn_xe_file_target_read_file('C:\\x\\*.xel', NULL, NULL, NULL)",
                "SELECT [xp_dirtree]('C:\\')",
                "SELECT * FROM master.dbo.fn_get_audit_file('C:\\*', DEFAULT, DEFAULT)"
            })
    void shouldRefuseTsqlServerAccess(String sql) {
        assertThat(guard.check(sql, SqlDialect.SQLSERVER).allowed()).as(sql).isFalse();
    }

    @Test
    void shouldStillAllowFunctionsThatOnlyRead() {
        for (String sql : new String[] {
            "SELECT current_setting('statement_timeout')",
            "SELECT version()",
            "SELECT to_tsvector('english', name) FROM t",
            "SELECT 'ts_stat(x)' AS text_only"
        }) {
            assertThat(guard.check(sql, SqlDialect.POSTGRESQL).allowed())
                    .as(sql)
                    .isTrue();
        }
    }

    @Test
    void shouldApplyOnlyThePlatformsViewStatementsWithTheAdminLogin() {
        String nativeSchema = "public";
        for (String ok : new String[] {
            "CREATE SCHEMA IF NOT EXISTS \"natural\"",
            "DROP VIEW IF EXISTS \"natural\".\"team\"",
            "CREATE VIEW \"natural\".\"team\" AS SELECT \"tm\" AS \"team name\", \"a\"\"b\" AS \"c\" FROM "
                    + "\"public\".\"tm_tbl\""
        }) {
            assertThat(ViewDdl.problem(ok, SqlDialect.POSTGRESQL, nativeSchema))
                    .as(ok)
                    .isNull();
        }
        for (String bad : new String[] {
            "CREATE VIEW \"natural\".\"v\" AS SELECT \"a\" AS \"b\" FROM \"public\".\"t\"; DROP TABLE \"public\".\"t\"",
            "CREATE VIEW \"natural\".\"v\" AS SELECT pg_sleep(5) AS \"b\" FROM \"public\".\"t\"",
            "CREATE VIEW \"natural\".\"v\" AS SELECT \"a\" AS \"b\" FROM \"executor\".\"target_database\"",
            "CREATE VIEW \"public\".\"t\" AS SELECT \"a\" AS \"b\" FROM \"public\".\"t\"",
            "DROP VIEW IF EXISTS \"public\".\"t\"",
            "CREATE SCHEMA IF NOT EXISTS \"x\"; GRANT ALL ON SCHEMA \"public\" TO PUBLIC",
            "CREATE OR REPLACE FUNCTION f() RETURNS int AS 'SELECT 1' LANGUAGE sql"
        }) {
            assertThat(ViewDdl.problem(bad, SqlDialect.POSTGRESQL, nativeSchema))
                    .as(bad)
                    .isNotNull();
        }
        assertThat(ViewDdl.problem(
                        "IF SCHEMA_ID(N'natural') IS NULL EXEC(N'CREATE SCHEMA [natural]')",
                        SqlDialect.SQLSERVER,
                        "dbo"))
                .isNull();
        assertThat(ViewDdl.problem(
                        "IF SCHEMA_ID(N'x') IS NULL EXEC(N'CREATE SCHEMA [x]; EXEC xp_cmdshell ''dir''')",
                        SqlDialect.SQLSERVER,
                        "dbo"))
                .isNotNull();
        assertThat(ViewDdl.problem(
                        "CREATE OR ALTER VIEW [natural].[t] AS SELECT [a] AS [b] FROM [dbo].[t]",
                        SqlDialect.SQLSERVER,
                        "dbo"))
                .isNull();
    }

    /**
     * Texts a lexer reading strings and comments the standard way sees as harmless, which PostgreSQL reads otherwise:
     * a backslash escaping a quote ({@code standard_conforming_strings} off), a line comment ended by a carriage
     * return, a second statement inside what looks like one string. The guard reads them every way.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 'x\\'', pg_sleep(1) --'",
                "SELECT 1 --\r, pg_sleep(1)",
                "SELECT 'a\\'';COMMIT;DELETE FROM t;--'",
                "SELECT 'x\\'' AS a, ';SET ROLE postgres;--' AS b",
                "SELECT gin_clean_pending_list('t_doc'::regclass)",
                "SELECT brin_summarize_new_values('b_brin')",
                "SELECT 1 WHERE 1 = ?"
            })
    void shouldReadTheTextEveryWayPostgresqlCan(String sql) {
        assertThat(guard.check(sql, SqlDialect.POSTGRESQL).allowed()).as(sql).isFalse();
    }
}
