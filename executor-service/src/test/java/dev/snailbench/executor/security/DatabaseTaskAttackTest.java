package dev.snailbench.executor.security;

import static dev.snailbench.testkit.TenantKeys.answers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.support.Tasks;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, database tasks over the real broker: seed SQL a tenant wrote goes through the guard like any
 * predicted query; the view DDL run with the team's admin login is only the platform's own shapes.
 * Beyond the in-memory tier: the real database the team's logins reach shows nothing a refused seed or DDL tried ran.
 */
@QuarkusTest
@RealInfrastructure
class DatabaseTaskAttackTest {

    @BeforeAll
    static void databases() {
        LocalStack.targetsWithFootballDb();
    }

    @Test
    void shouldRefuseASeedThatSleepsOrReadsFilesBeforeItReachesTheDatabase() {
        SyntheticSuite suite = synthetic(
                "seed-attack",
                new SyntheticSuite.Seed(
                        "Goals of Brazil?",
                        "SELECT goals, pg_sleep(20) FROM national_team " + "WHERE teamname = 'Brazil' AND year = 2002"),
                new SyntheticSuite.Seed(
                        "Stats?",
                        "SELECT goals FROM national_team WHERE teamname = 'Brazil' AND "
                                + "year = 2002 AND EXISTS (SELECT 1 FROM ts_stat('SELECT to_tsvector(pg_read_file(''/etc/passwd''))'))"));

        assertThat(suite.pairs()).isEmpty();
        // Each seed is refused before the database sees it (or never becomes a template): none ran, none slept.
        assertThat(suite.templates()).isEmpty();
        assertThat(suite.counts().candidates()).isZero();
        assertThat(suite.counts().failingSeeds()).isPositive();
        assertThat(suite.counts().failures())
                .isNotEmpty()
                .allSatisfy(f -> assertThat(f).contains("SQL refused: calls").doesNotContain("canceling statement"));
        assertThat(String.join("\n", suite.counts().failures())).contains("pg_sleep()");
    }

    @Test
    void shouldRefuseSeedsCallingFunctionsTheGuardCannotSeeInto() throws Exception {
        // Functions of the team's database that the guard cannot look into: set_config in one's body would turn the
        // session's default to read-write, the other writes. Both are volatile where PostgreSQL resolves them:
        // both seeds are refused before they run.
        admin("CREATE SCHEMA IF NOT EXISTS snail_attack; "
                + "CREATE TABLE IF NOT EXISTS snail_attack.written (at timestamptz DEFAULT now()); "
                + "CREATE OR REPLACE FUNCTION snail_attack.snail_unlock() RETURNS integer LANGUAGE sql VOLATILE AS "
                + "$$ SELECT length(set_config('default_transaction_read_only', 'off', false)) $$; "
                + "CREATE OR REPLACE FUNCTION snail_attack.snail_write() RETURNS integer LANGUAGE plpgsql VOLATILE AS "
                + "$$ BEGIN INSERT INTO snail_attack.written DEFAULT VALUES; RETURN 1; END $$");
        try {
            SyntheticSuite suite = synthetic(
                    "seed-read-write",
                    new SyntheticSuite.Seed(
                            "Goals of Brazil?",
                            "SELECT goals, snail_attack.snail_unlock() AS u "
                                    + "FROM national_team WHERE teamname = 'Brazil' AND year = 2002"),
                    new SyntheticSuite.Seed(
                            "Goals of Brazil, logged?",
                            "SELECT goals, snail_attack.snail_write() AS w "
                                    + "FROM national_team WHERE teamname = 'Brazil' AND year = 2002"));

            assertThat(suite.counts().failingSeeds()).isEqualTo(2);
            assertThat(String.join("\n", suite.counts().failures()))
                    .contains("snail_unlock()", "snail_write()", "volatile");
            assertThat(suite.pairs()).allSatisfy(p -> assertThat(p.sql()).doesNotContain("snail_write"));
            assertThat(query("SELECT count(*) FROM snail_attack.written")).isEqualTo("0");
        } finally {
            admin("DROP SCHEMA snail_attack CASCADE");
        }
    }

    @Test
    void shouldNeverRunASecondStatementHiddenInViewDdlWithTheAdminLogin() throws Exception {
        TenantKeys.Tenant team = TenantKeys.register("ddl-attack", answers("/databases", 200));
        UUID withAdmin = Tasks.register(team, "footballdb_v1", true);
        String before = count();

        DatabaseTaskCompleted smuggled = Tasks.ask(DatabaseTaskRequested.applyDdl(
                team.tenantId(),
                withAdmin,
                "exp_v1",
                List.of("CREATE VIEW \"x_attack\".\"v\" AS SELECT \"goals\" AS \"g\" FROM "
                        + "\"exp_v1\".\"national_team\"; DELETE FROM exp_v1.national_team")));
        DatabaseTaskCompleted function = Tasks.ask(DatabaseTaskRequested.applyDdl(
                team.tenantId(),
                withAdmin,
                "exp_v1",
                List.of("CREATE VIEW \"x_attack\".\"v\" AS SELECT pg_read_file('/etc/passwd') AS \"g\"")));

        assertThat(smuggled.refused()).isTrue();
        assertThat(smuggled.error()).contains("only the platform's view statements");
        assertThat(function.refused()).isTrue();
        assertThat(count()).isEqualTo(before).isNotEqualTo("0");
    }

    /** A new tenant's synthetic set from {@code seeds} on footballdb_v1's exp_v1, answered without an error. */
    private static SyntheticSuite synthetic(String tenant, SyntheticSuite.Seed... seeds) {
        TenantKeys.Tenant team = TenantKeys.register(tenant, answers("/databases", 200));
        UUID database = Tasks.register(team, "footballdb_v1", false);
        DatabaseTaskCompleted answer = Tasks.ask(DatabaseTaskRequested.syntheticSql(
                team.tenantId(),
                database,
                "exp_v1",
                new SyntheticSuite.Options(List.of(seeds), 5, 20, 10, 50, 10, 60)));
        assertThat(answer.error()).isNull();
        return answer.synthetic();
    }

    private static String count() throws Exception {
        return query("SELECT count(*) FROM exp_v1.national_team");
    }

    private static String query(String sql) throws Exception {
        try (Connection c = LocalStack.targets().connect("footballdb_v1");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void admin(String sql) throws Exception {
        try (Connection c = LocalStack.targets().connect("footballdb_v1");
                Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
