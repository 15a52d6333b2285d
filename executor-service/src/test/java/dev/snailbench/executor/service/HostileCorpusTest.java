package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.support.Core;
import dev.snailbench.executor.support.HostileDb;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile statements, as a model (or a tenant) might send them, run through the executor as a superuser: none
 * may change the database, and each must come back refused or failed with a reason.
 * Beyond the in-memory tier: each hostile statement is tried on a real PostgreSQL, whose data stays unchanged.
 */
// A @QuarkusTest only to share the module's PostgreSQL (and loaded FootballDB) with the other Quarkus tests:
// local-stack keeps one server per class loader, and plain tests run in another one.
@QuarkusTest
@RealInfrastructure
class HostileCorpusTest {

    static final List<String> CORPUS = List.of(
            // DDL and DML
            "DROP TABLE accounts",
            "DROP TABLE IF EXISTS audit CASCADE",
            "DELETE FROM accounts",
            "DELETE FROM accounts WHERE id IN (SELECT id FROM accounts)",
            "UPDATE accounts SET balance = 0",
            "INSERT INTO accounts VALUES (99, 'mallory', 1)",
            "INSERT INTO accounts SELECT id + 100, name, balance FROM accounts",
            "TRUNCATE accounts CASCADE",
            "ALTER TABLE accounts ADD COLUMN pwned int",
            "ALTER TABLE accounts RENAME TO accounts_old",
            "CREATE TABLE evil (x int)",
            "CREATE INDEX evil_idx ON accounts (name)",
            "CREATE FUNCTION evil_f() RETURNS int AS 'SELECT 1' LANGUAGE sql",
            "CREATE ROLE evil LOGIN SUPERUSER",
            "ALTER ROLE postgres CONNECTION LIMIT 1",
            "DROP DATABASE hostile",
            "ALTER SYSTEM SET work_mem = '1GB'",
            "ALTER DATABASE hostile SET search_path TO evil",
            "GRANT ALL ON accounts TO PUBLIC",
            "REVOKE SELECT ON accounts FROM PUBLIC",
            "MERGE INTO accounts a USING (SELECT 1 AS id) s ON a.id = s.id WHEN MATCHED THEN DELETE",
            "VACUUM FULL accounts",
            "LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE",
            "COMMENT ON TABLE accounts IS 'pwned'",
            // COPY and server files
            "COPY accounts TO PROGRAM 'touch /tmp/snailbench-pwned'",
            "COPY (SELECT 1) TO '/tmp/snailbench-pwned'",
            "COPY accounts FROM '/etc/hostname'",
            "SELECT pg_read_file('/etc/passwd')",
            "SELECT lo_import('/etc/hostname')",
            "SELECT lo_export(1, '/tmp/snailbench-pwned')",
            "SELECT lo_create(0)",
            // sessions, settings, other servers
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity",
            "SELECT pg_cancel_backend(pg_backend_pid())",
            "SELECT set_config('default_transaction_read_only', 'off', false)",
            "SELECT pg_catalog.set_config('statement_timeout', '0', false)",
            "SELECT pg_reload_conf()",
            "SELECT dblink_exec('dbname=hostile', 'DROP TABLE accounts')",
            "SELECT * FROM dblink('dbname=hostile', 'DELETE FROM accounts RETURNING 1') AS t(x int)",
            "SELECT pg_advisory_lock(42)",
            "SELECT pg_notify('channel', 'payload')",
            "SELECT nextval('hostile_seq')",
            "SELECT setval('hostile_seq', 1000)",
            "SELECT query_to_xml('DELETE FROM accounts RETURNING 1', true, true, '')",
            "SET statement_timeout = 0",
            "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE",
            // sleeps and endless work
            "SELECT pg_sleep(100)",
            "SELECT pg_sleep(1) FROM generate_series(1, 100)",
            "SELECT \"pg_sleep\"(10)",
            "SELECT PG_CATALOG.PG_SLEEP(10)",
            "SELECT * FROM accounts WHERE id = 1 OR pg_sleep(5) IS NULL",
            "DO $$BEGIN LOOP PERFORM pg_sleep(1); END LOOP; END$$",
            "WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
            "SELECT count(*) FROM generate_series(1, 1000000000000)",
            // several statements, comment and quoting tricks
            "SELECT 1; DROP TABLE accounts",
            "SELECT 1; DELETE FROM accounts;",
            "SELECT 1 -- harmless\n; DROP TABLE accounts",
            "/* just a comment */ DELETE FROM accounts",
            "SELECT * FROM accounts /* ; */ ; UPDATE accounts SET name = 'x'",
            "SELECT ';' AS s; DROP TABLE accounts",
            "SELECT 'a'';DROP TABLE accounts;--' AS s; DELETE FROM accounts",
            "SELECT $$;$$ AS s; TRUNCATE accounts",
            "BEGIN; DELETE FROM accounts; COMMIT",
            "SELECT 1 /* unterminated ; DROP TABLE accounts",
            // data-modifying CTEs, SELECT INTO, locking
            "WITH d AS (DELETE FROM accounts RETURNING *) SELECT * FROM d",
            "WITH u AS (UPDATE accounts SET balance = 0 RETURNING *) SELECT count(*) FROM u",
            "WITH i AS (INSERT INTO accounts VALUES (100, 'x', 0) RETURNING *) SELECT * FROM i",
            "SELECT * INTO evil_copy FROM accounts",
            "SELECT * FROM accounts FOR UPDATE",
            "SELECT * FROM accounts FOR SHARE",
            // functions and procedures the guard cannot know: the read-only transaction stops them
            "SELECT evil_insert()",
            "SELECT count(*) FROM (SELECT evil_insert()) s",
            "SELECT 1 UNION ALL SELECT evil_insert()",
            "CALL evil_proc()",
            "PREPARE p AS DELETE FROM accounts",
            "EXECUTE p");

    @BeforeAll
    static void createDatabase() {
        HostileDb.create();
    }

    @Test
    void shouldRefuseEveryHostileStatementWithAReasonAndChangeNothing() {
        String before = HostileDb.fingerprint();
        Map<String, ExecutionOutcome> outcomes = new LinkedHashMap<>();
        var limits = Core.DEFAULT_LIMITS.withTimeout(Duration.ofSeconds(1));
        for (String sql : CORPUS) {
            outcomes.put(sql, Core.executor().execute(Core.postgres(HostileDb.NAME), sql, limits, 1));
        }
        String after = HostileDb.fingerprint();

        List<String> report = new ArrayList<>();
        outcomes.forEach((sql, o) -> report.add(o.status() + " | " + sql.replace('\n', ' ') + " | " + o.error()));
        System.out.println("hostile corpus (" + CORPUS.size() + " statements):\n" + String.join("\n", report));
        assertThat(CORPUS).hasSizeGreaterThanOrEqualTo(50).doesNotHaveDuplicates();
        assertThat(outcomes).allSatisfy((sql, o) -> {
            assertThat(o.ok()).as(sql).isFalse();
            assertThat(o.error()).as(sql).isNotBlank();
        });
        assertThat(after).isEqualTo(before);
        assertThat(Files.exists(Path.of("/tmp/snailbench-pwned"))).isFalse();
    }
}
