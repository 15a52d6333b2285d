package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.SqlExecutor;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.support.Core;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, calls decided on what PostgreSQL resolved (real PostgreSQL): a function with side effects is refused
 * wherever the server finds it, whatever the text looks like to a lexer (quoting, comments, string forms a lexer
 * reads otherwise) and whichever node holds it (every expression kind, operators, casts, domains, aggregates, views,
 * row-level security policies, function bodies, aliases of built-ins made by the team's admin login), through the
 * guard and without it; the functions a benchmark query uses still run.
 * Beyond the in-memory tier: the functions PostgreSQL itself resolves in a query.
 */
@RealInfrastructure
class CallWallAttackTest {

    static final String DB = "wall_calls";
    static final String READER = "wall_reader";
    static final String READER_PASSWORD = "wall-reader-" + Long.toHexString(System.nanoTime());

    @BeforeAll
    static void createDatabase() throws SQLException {
        LocalStack.targets().createDatabase(DB);
        LocalStack.targets().createDatabase(DB + "_latin");
        try (Connection c = LocalStack.targets().connect(DB);
                Statement s = c.createStatement()) {
            for (String ddl : List.of(
                    "CREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY, name text, tags text[], doc tsvector)",
                    "INSERT INTO t VALUES (1, 'alice', '{a,b}', 'x y'), (2, 'bob', '{c}', 'z') ON CONFLICT DO NOTHING",
                    "CREATE INDEX IF NOT EXISTS t_doc ON t USING gin (doc) WITH (fastupdate = on)",
                    "CREATE TABLE IF NOT EXISTS b (id int, v int)",
                    "CREATE INDEX IF NOT EXISTS b_brin ON b USING brin (v)",
                    // volatile functions in every language a team can use
                    "CREATE OR REPLACE FUNCTION nap(s float8) RETURNS int VOLATILE LANGUAGE plpgsql AS "
                            + "$$BEGIN PERFORM pg_sleep(s); RETURN 0; END$$",
                    // declared stable, but its body is code nobody checks
                    "CREATE OR REPLACE FUNCTION nap_stable(s float8) RETURNS int STABLE LANGUAGE plpgsql AS "
                            + "$$BEGIN PERFORM pg_sleep(s); RETURN 0; END$$",
                    "CREATE OR REPLACE FUNCTION nap_sql(s float8) RETURNS int STABLE LANGUAGE sql AS "
                            + "'SELECT 0 FROM pg_sleep(s)'",
                    "CREATE OR REPLACE FUNCTION nap_atomic(s float8) RETURNS int STABLE LANGUAGE sql "
                            + "BEGIN ATOMIC SELECT 0 FROM pg_sleep(s); END",
                    "CREATE OR REPLACE FUNCTION twice_atomic(x int) RETURNS int IMMUTABLE LANGUAGE sql "
                            + "BEGIN ATOMIC SELECT x * 2; END",
                    // an alias of pg_sleep declared immutable (the team's admin is a superuser here)
                    "CREATE OR REPLACE FUNCTION doze(float8) RETURNS void IMMUTABLE LANGUAGE internal AS 'pg_sleep'",
                    "CREATE OR REPLACE FUNCTION lower_alias(text) RETURNS text IMMUTABLE LANGUAGE internal AS 'lower'",
                    // a look-alike name (Cyrillic s) that no text check knows
                    "CREATE OR REPLACE FUNCTION \"pg_\u0455leep\"(s float8) RETURNS int IMMUTABLE LANGUAGE plpgsql AS "
                            + "$$BEGIN PERFORM pg_sleep(s); RETURN 0; END$$",
                    "CREATE OR REPLACE FUNCTION add_nap(a int, b int) RETURNS int VOLATILE LANGUAGE plpgsql AS "
                            + "$$BEGIN PERFORM pg_sleep(0.01); RETURN a + b; END$$",
                    "DROP OPERATOR IF EXISTS #^# (int, int)",
                    "CREATE OPERATOR #^# (LEFTARG = int, RIGHTARG = int, FUNCTION = add_nap)",
                    "DROP AGGREGATE IF EXISTS nap_sum(int)",
                    "CREATE AGGREGATE nap_sum(int) (SFUNC = add_nap, STYPE = int, INITCOND = '0')",
                    "CREATE OR REPLACE VIEW napping AS SELECT id, nap(0) AS n FROM t",
                    "CREATE OR REPLACE VIEW napping_again AS SELECT * FROM napping",
                    "CREATE OR REPLACE VIEW plain AS SELECT id, upper(name) AS name FROM t",
                    "CREATE OR REPLACE VIEW plain_invoker WITH (security_invoker = true) AS SELECT id FROM t",
                    "CREATE SEQUENCE IF NOT EXISTS counter",
                    "DROP DOMAIN IF EXISTS napping_int CASCADE",
                    "CREATE DOMAIN napping_int AS int CHECK (nap(0) = 0)",
                    "DROP TYPE IF EXISTS pair CASCADE",
                    "CREATE TYPE pair AS (a int, b int)",
                    "CREATE OR REPLACE FUNCTION pair_of(int) RETURNS pair VOLATILE LANGUAGE plpgsql AS "
                            + "$$BEGIN PERFORM pg_sleep(0.01); RETURN ROW($1, $1)::pair; END$$",
                    "CREATE CAST (int AS pair) WITH FUNCTION pair_of(int)",
                    "CREATE OR REPLACE FUNCTION atomic_over_view() RETURNS bigint STABLE LANGUAGE sql "
                            + "BEGIN ATOMIC SELECT count(*) FROM napping; END",
                    // built-in calls inside stored trees (PostgreSQL records no dependency on built-ins)
                    "DROP DOMAIN IF EXISTS sleepy_int CASCADE",
                    "CREATE DOMAIN sleepy_int AS int CHECK (pg_sleep(0)::text = '' OR VALUE IS NULL)",
                    "CREATE OR REPLACE VIEW sleeping AS SELECT id, pg_sleep(0)::text AS s FROM t",
                    "CREATE OR REPLACE FUNCTION count_sleeping() RETURNS bigint STABLE LANGUAGE sql "
                            + "BEGIN ATOMIC SELECT count(*) FROM sleeping; END",
                    // a reader bound by a row-level security policy that calls a volatile function
                    "DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + READER + "') THEN "
                            + "CREATE ROLE " + READER + " LOGIN; END IF; END$$",
                    "ALTER ROLE " + READER + " PASSWORD '" + READER_PASSWORD + "'",
                    "GRANT SELECT ON t, plain, plain_invoker TO " + READER,
                    "ALTER TABLE t ENABLE ROW LEVEL SECURITY",
                    "DROP POLICY IF EXISTS napping_policy ON t",
                    "CREATE POLICY napping_policy ON t FOR SELECT TO " + READER + " USING (nap(0) = 0)")) {
                s.execute(ddl);
            }
        }
        try (Connection c = LocalStack.targets().connect(DB + "_latin");
                Statement s = c.createStatement()) {
            s.execute("ALTER DATABASE " + DB + "_latin SET standard_conforming_strings = off");
            s.execute("CREATE TABLE IF NOT EXISTS t (id int)");
        }
    }

    /** Calls of functions with side effects, in every place and spelling the server resolves. */
    static final List<String> HIDDEN_CALLS = List.of(
            "SELECT pg_sleep(0.01)",
            "SELECT \"pg_sleep\"(0.01)",
            "SELECT pg_catalog.pg_sleep(0.01)",
            "SELECT pg_catalog . \"pg_sleep\" (0.01)",
            "SELECT U&\"pg_\\0073leep\"(0.01)",
            "SELECT 1 --\r, pg_sleep(0.01)",
            "SELECT * FROM pg_sleep(0.01)",
            "SELECT * FROM t, LATERAL (SELECT pg_sleep(0.01)) AS l",
            "SELECT CASE WHEN id > 0 THEN pg_sleep(0.01)::text END FROM t",
            "SELECT COALESCE(NULL, pg_sleep(0.01)::text)",
            "SELECT (ARRAY[1, 2])[length(pg_sleep(0.01)::text)]",
            "SELECT ROW(1, pg_sleep(0.01))",
            "SELECT id FROM t WHERE id IN (1, length(pg_sleep(0.01)::text))",
            "SELECT count(*) FILTER (WHERE pg_sleep(0.01) IS NULL) FROM t",
            "SELECT sum(id) OVER (ORDER BY length(pg_sleep(0.01)::text)) FROM t",
            "SELECT id FROM t ORDER BY pg_sleep(0.01)::text",
            "SELECT id FROM t GROUP BY id HAVING pg_sleep(0.01) IS NULL",
            "VALUES (pg_sleep(0.01))",
            "WITH w AS (SELECT pg_sleep(0.01)) SELECT * FROM w",
            "SELECT (SELECT pg_sleep(0.01))",
            "SELECT EXISTS (SELECT 1 WHERE pg_sleep(0.01) IS NULL)",
            "SELECT lower(upper(pg_sleep(0.01)::text))",
            "SELECT 0.01::float8 IS NULL OR pg_sleep(0.01) IS NULL",
            "SELECT set_config('statement_timeout', '0', false)",
            "SELECT pg_advisory_lock(1)",
            "SELECT pg_try_advisory_xact_lock(1)",
            "SELECT pg_terminate_backend(0)",
            "SELECT pg_cancel_backend(0)",
            "SELECT gin_clean_pending_list('t_doc'::regclass)",
            "SELECT brin_summarize_new_values('b_brin')",
            "SELECT brin_summarize_range('b_brin', 0)",
            "SELECT nextval('counter')",
            "SELECT pg_read_file('postmaster.pid')",
            "SELECT pg_ls_dir('.')",
            "SELECT table_to_xml('t', true, false, '')",
            "SELECT query_to_xml('SELECT 1', true, false, '')",
            "SELECT txid_current()",
            "SELECT lo_import('/etc/hostname')",
            "SELECT nap(0.01)",
            "SELECT nap_stable(0.01)",
            "SELECT nap_sql(0.01)",
            "SELECT nap_atomic(0.01)",
            "SELECT doze(0.01)",
            "SELECT \"pg_\u0455leep\"(0.01)",
            "SELECT U&\"pg_\\0455leep\"(0.01)",
            "SELECT 1 #^# 2",
            "SELECT id FROM t WHERE id #^# 1 > 0",
            "SELECT nap_sum(id) FROM t",
            "SELECT * FROM napping",
            "SELECT count(*) FROM napping_again",
            "SELECT 1::napping_int",
            "SELECT CAST(1 AS pair)",
            "SELECT atomic_over_view()",
            "SELECT 1::sleepy_int",
            "SELECT count_sleeping()",
            "SELECT * FROM sleeping");

    @Test
    void shouldRefuseEveryCallWithSideEffectsWhereverTheServerFindsIt() {
        SqlExecutor executor = Core.executor();
        Target target = Core.postgres(DB);
        for (String sql : HIDDEN_CALLS) {
            ExecutionOutcome unguarded = executor.executeChecked(target, sql, Core.DEFAULT_LIMITS, 1);
            assertThat(unguarded.status()).as(sql + " -> " + unguarded.error()).isEqualTo(ExecutionStatus.REJECTED);
            ExecutionOutcome guarded = executor.execute(target, sql, Core.DEFAULT_LIMITS, 1);
            assertThat(guarded.status()).as(sql + " -> " + guarded.error()).isEqualTo(ExecutionStatus.REJECTED);
        }
    }

    @Test
    void shouldNameTheFunctionAndWhyItIsRefused() {
        ExecutionOutcome outcome =
                Core.executor().executeChecked(Core.postgres(DB), "SELECT * FROM napping", Core.DEFAULT_LIMITS, 1);

        assertThat(outcome.error()).contains("nap(s double precision)").contains("volatile");
        assertThat(Core.executor()
                        .executeChecked(Core.postgres(DB), "SELECT nap_stable(0)", Core.DEFAULT_LIMITS, 1)
                        .error())
                .contains("plpgsql function whose body the executor cannot check");
    }

    @Test
    void shouldRefuseAPolicysCallForTheLoginItBinds() {
        Target reader = new Target(
                "core-tests",
                Core.postgres(DB).dialect(),
                Core.postgres(DB).jdbcUrl(),
                READER,
                READER_PASSWORD,
                Map.of());

        ExecutionOutcome outcome = Core.executor().executeChecked(reader, "SELECT id FROM t", Core.DEFAULT_LIMITS, 1);

        assertThat(outcome.status()).as(outcome.error()).isEqualTo(ExecutionStatus.REJECTED);
        assertThat(outcome.error()).contains("nap(");
        // A view reads as its owner, whom the policy does not bind; a security-invoker view reads as the reader.
        assertThat(Core.executor()
                        .executeChecked(reader, "SELECT id FROM plain ORDER BY id", Core.DEFAULT_LIMITS, 1)
                        .status())
                .isEqualTo(ExecutionStatus.OK);
        assertThat(Core.executor()
                        .executeChecked(reader, "SELECT id FROM plain_invoker", Core.DEFAULT_LIMITS, 1)
                        .status())
                .isEqualTo(ExecutionStatus.REJECTED);
    }

    @Test
    void shouldRefuseACallALexerReadsAsAStringWhereBackslashesEscapeQuotes() {
        // With standard_conforming_strings off the server reads 'x\'' as x' and runs the call after it; a lexer that
        // reads the standard way sees one string to the end of the text.
        Target latin = Core.postgres(DB + "_latin");
        String sql = "SELECT 'x\\'', pg_sleep(0.01) --'";

        assertThat(Core.executor().execute(latin, sql, Core.DEFAULT_LIMITS, 1).status())
                .isEqualTo(ExecutionStatus.REJECTED);
        assertThat(Core.executor()
                        .executeChecked(latin, sql, Core.DEFAULT_LIMITS, 1)
                        .status())
                .isEqualTo(ExecutionStatus.REJECTED);
    }

    @Test
    void shouldRunWhatABenchmarkQueryCalls() {
        SqlExecutor executor = Core.executor();
        Target target = Core.postgres(DB);
        for (String sql : List.of(
                "SELECT id, upper(name), length(name) + 1, name || '!' FROM t WHERE name LIKE 'a%' ORDER BY id",
                "SELECT count(*), sum(id), avg(id), string_agg(name, ',' ORDER BY name) FROM t GROUP BY id % 2",
                "SELECT id, row_number() OVER (ORDER BY id), lag(name) OVER (ORDER BY id) FROM t",
                "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r",
                "SELECT g FROM generate_series(1, 3) AS g",
                "SELECT now() IS NOT NULL, current_date, random() < 2, round(2.5), date_trunc('day', now())",
                "SELECT tags[1], array_length(tags, 1), 'a' = ANY (tags) FROM t",
                "SELECT '{\"a\": 1}'::jsonb ->> 'a', to_char(1.5, '9.9'), regexp_replace(name, 'a', 'b') FROM t",
                "SELECT * FROM plain ORDER BY id",
                "SELECT twice_atomic(id), lower_alias(name) FROM t",
                "SELECT id FROM t TABLESAMPLE BERNOULLI (100) ORDER BY id",
                "SELECT greatest(1, 2), least('a', 'b'), nullif(1, 1), coalesce(NULL, 1)",
                "SELECT 'ünïcödé ✓' AS \"ünï\", upper('straße'), length('日本語')",
                "SELECT DISTINCT ON (id) id, name FROM t ORDER BY id, name")) {
            ExecutionOutcome outcome = executor.execute(target, sql, Core.DEFAULT_LIMITS, 1);
            assertThat(outcome.status()).as(sql + " -> " + outcome.error()).isEqualTo(ExecutionStatus.OK);
        }
    }

    @Test
    void shouldResolveThePlatformsOwnNamesToBuiltInsWhateverPathTheLoginSets() throws SQLException {
        // The team's DBA puts its own schema before pg_catalog for the executor's login, with an = for oids and for
        // text that always answer false and a current_setting that always answers 'on': the platform's gate and
        // checks would see nothing wrong if they resolved names on that path.
        try (Connection c = LocalStack.targets().connect(DB);
                Statement s = c.createStatement()) {
            for (String ddl : List.of(
                    "CREATE SCHEMA IF NOT EXISTS shadow",
                    "CREATE OR REPLACE FUNCTION shadow.never(oid, oid) RETURNS boolean IMMUTABLE LANGUAGE sql "
                            + "BEGIN ATOMIC SELECT false; END",
                    "CREATE OR REPLACE FUNCTION shadow.never(text, text) RETURNS boolean IMMUTABLE LANGUAGE sql "
                            + "BEGIN ATOMIC SELECT false; END",
                    "DROP OPERATOR IF EXISTS shadow.= (oid, oid)",
                    "CREATE OPERATOR shadow.= (LEFTARG = oid, RIGHTARG = oid, FUNCTION = shadow.never)",
                    "DROP OPERATOR IF EXISTS shadow.= (text, text)",
                    "CREATE OPERATOR shadow.= (LEFTARG = text, RIGHTARG = text, FUNCTION = shadow.never)",
                    "CREATE OR REPLACE FUNCTION shadow.current_setting(text) RETURNS text STABLE LANGUAGE sql "
                            + "BEGIN ATOMIC SELECT 'on'; END",
                    "DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'wall_shadowed') THEN "
                            + "CREATE ROLE wall_shadowed LOGIN; END IF; END$$",
                    "ALTER ROLE wall_shadowed PASSWORD '" + READER_PASSWORD + "'",
                    "ALTER ROLE wall_shadowed SET search_path = shadow, pg_catalog, public",
                    "GRANT USAGE ON SCHEMA shadow TO wall_shadowed")) {
                s.execute(ddl);
            }
        }
        Target shadowed = new Target(
                "core-tests",
                Core.postgres(DB).dialect(),
                Core.postgres(DB).jdbcUrl(),
                "wall_shadowed",
                READER_PASSWORD,
                Map.of());

        for (String sql : List.of("SELECT pg_sleep(0.01)", "SELECT nap(0.01)", "SELECT 1 #^# 2")) {
            ExecutionOutcome outcome = Core.executor().executeChecked(shadowed, sql, Core.DEFAULT_LIMITS, 1);
            assertThat(outcome.status()).as(sql + " -> " + outcome.error()).isEqualTo(ExecutionStatus.REJECTED);
        }
        ExecutionOutcome path = Core.executor()
                .executeChecked(shadowed, "SELECT current_setting('search_path')", Core.DEFAULT_LIMITS, 1);
        assertThat(path.status()).as(path.error()).isEqualTo(ExecutionStatus.OK);
        assertThat(path.rows().get(0).get(0)).startsWith("pg_catalog").contains("shadow");
    }
}
