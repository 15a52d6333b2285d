package dev.snailbench.executor.messaging;

import static dev.snailbench.testkit.TenantKeys.answers;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.executor.service.TextTables;
import dev.snailbench.executor.support.Requests;
import dev.snailbench.executor.support.SwitchableProxy;
import dev.snailbench.executor.support.Tasks;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.QatchCategory;
import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TenantKeys;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tasks on a team's registered database over the real broker (database.tasks in, database.task-results out): the
 * executor's registry is the only route into the database, with the logins the team registered.
 * Beyond the in-memory tier: the team's logins and privileges on a real PostgreSQL, a database that never answers.
 */
@QuarkusTest
@RealInfrastructure
class DatabaseTaskHopTest {

    private static final Map<String, Integer> COUNTS = Map.ofEntries(
            Map.entry("project", 3),
            Map.entry("distinct", 3),
            Map.entry("orderby", 3),
            Map.entry("select", 6),
            Map.entry("simple-aggregation", 4),
            Map.entry("join", 3),
            Map.entry("groupby", 4),
            Map.entry("having", 4),
            Map.entry("null", 3),
            Map.entry("negated", 4));

    @BeforeAll
    static void databases() {
        LocalStack.targetsWithFootballDb();
    }

    @Test
    void shouldGenerateAQatchSuiteWhoseSqlReturnsTheStoredResultsTheSameForTheSameSeed() throws Exception {
        TenantKeys.Tenant team = TenantKeys.register("qatch", answers("/databases", 200));
        UUID database = register(team, "footballdb_v3", false);
        QatchSuite.Options options = new QatchSuite.Options(7, COUNTS, 500, 25, List.of(), 30);

        DatabaseTaskCompleted first =
                ask(DatabaseTaskRequested.qatchSuite(team.tenantId(), database, "exp_v3", options));
        DatabaseTaskCompleted second =
                ask(DatabaseTaskRequested.qatchSuite(team.tenantId(), database, "exp_v3", options));

        assertThat(first.error()).isNull();
        assertThat(first.dialect()).isEqualTo(SqlDialect.POSTGRESQL);
        QatchSuite suite = first.qatch();
        System.out.println("QATCH FootballDB v3 (seed 7) tests per category: " + suite.counts());
        assertThat(suite.failedSql()).isEmpty();
        assertThat(suite.counts())
                .containsOnlyKeys(COUNTS.keySet())
                .allSatisfy((category, n) -> assertThat(n).as(category).isPositive());
        assertThat(suite.tests())
                .hasSize(suite.counts().values().stream()
                        .mapToInt(Integer::intValue)
                        .sum());
        try (Connection c = LocalStack.targets().connect("footballdb_v3");
                Statement s = c.createStatement()) {
            s.execute("SET search_path TO exp_v3");
            for (QatchSuite.Test test : suite.tests()) {
                assertThat(test.question()).isNotBlank();
                List<List<String>> actual = rows(s, test.sql());
                if (test.sql().contains("ORDER BY")) {
                    // In the SQL's order; among ties of its ORDER BY column any order is right, and the suite
                    // stores ties by their cells so that the same seed gives the same suite.
                    Matcher key = Pattern.compile("ORDER BY \"([^\"]+)\"").matcher(test.sql());
                    assertThat(key.find()).as(test.sql()).isTrue();
                    assertThat(TextTables.inOneOrder(
                                            new QatchSuite.TextTable(
                                                    test.expected().columns(), actual),
                                            key.group(1))
                                    .rows())
                            .as(test.sql())
                            .isEqualTo(test.expected().rows());
                } else {
                    assertThat(actual)
                            .as(test.sql())
                            .containsExactlyInAnyOrderElementsOf(test.expected().rows());
                }
            }
        }
        assertThat(second.qatch().tests()).isEqualTo(suite.tests());
        Map<QatchCategory, String> examples = new LinkedHashMap<>();
        suite.tests().forEach(t -> examples.putIfAbsent(t.category(), t.question() + " | " + t.sql()));
        examples.forEach((k, v) -> System.out.println("  " + k.id() + ": " + v));
    }

    @Test
    void shouldFillSeedTemplatesOnTheRegisteredDatabaseAndRefuseATaskWithoutSeeds() {
        TenantKeys.Tenant team = TenantKeys.register("synthetic", answers("/databases", 200));
        UUID database = register(team, "footballdb_v1", false);
        List<SyntheticSuite.Seed> seeds = List.of(
                new SyntheticSuite.Seed(
                        "Who was the coach of Germany in 2014?",
                        "SELECT DISTINCT c.coach_name FROM "
                                + "coach AS c JOIN player_fact AS pf ON c.coach_id = pf.coach_id JOIN national_team AS nt ON "
                                + "pf.team_id = nt.team_id WHERE nt.teamname = 'Germany' AND nt.year = 2014"),
                new SyntheticSuite.Seed(
                        "How many goals did Brazil score in 2002?",
                        "SELECT goals FROM national_team WHERE teamname = 'Brazil' AND year = 2002"));
        SyntheticSuite.Options options = new SyntheticSuite.Options(seeds, 5, 20, 10, 50, 10, 60);

        DatabaseTaskCompleted answer =
                ask(DatabaseTaskRequested.syntheticSql(team.tenantId(), database, "exp_v1", options));
        DatabaseTaskCompleted noSeeds = ask(DatabaseTaskRequested.syntheticSql(
                team.tenantId(), database, "exp_v1", new SyntheticSuite.Options(List.of(), 5, 20, 10, 50, 10, 60)));

        assertThat(answer.error()).isNull();
        SyntheticSuite suite = answer.synthetic();
        assertThat(suite.templates()).hasSize(2);
        assertThat(suite.pairs()).hasSizeGreaterThanOrEqualTo(10).allSatisfy(p -> {
            assertThat(p.expected().rows()).isNotEmpty();
            assertThat(p.sql())
                    .doesNotContain("'Germany' AND nt.year = 2014")
                    .doesNotContain("'Brazil' AND year = 2002");
        });
        assertThat(noSeeds.refused()).isTrue();
        assertThat(noSeeds.error()).contains("seed pairs");
    }

    @Test
    void shouldReadTheSchemaForPromptsWithKeysAndAFewSampleValuesPerColumn() {
        TenantKeys.Tenant team = TenantKeys.register("prompt-schema", answers("/databases", 200));
        UUID database = register(team, "footballdb_v1", false);

        DatabaseTaskCompleted answer = ask(DatabaseTaskRequested.promptSchema(team.tenantId(), database, "exp_v1", 3));
        DatabaseTaskCompleted tooMany =
                ask(DatabaseTaskRequested.promptSchema(team.tenantId(), database, "exp_v1", 21));

        assertThat(answer.error()).isNull();
        TeamSchema schema = answer.promptSchema();
        assertThat(schema.schema().tables())
                .isNotEmpty()
                .allSatisfy(t -> assertThat(t.schema()).isEqualTo("exp_v1"));
        DatabaseSchema.Table teams = schema.schema().tables().stream()
                .filter(t -> t.name().equals("national_team"))
                .findFirst()
                .orElseThrow();
        assertThat(teams.primaryKey()).containsExactly("team_id");
        assertThat(teams.columns())
                .filteredOn(c -> c.name().equals("teamname"))
                .singleElement()
                .satisfies(c -> assertThat(c.samples()).hasSize(3).doesNotContainNull());
        assertThat(schema.schema().tables())
                .flatExtracting(DatabaseSchema.Table::foreignKeys)
                .anySatisfy(fk -> {
                    assertThat(fk.refTable()).isEqualTo("national_team");
                    assertThat(fk.refColumns()).containsExactly("team_id");
                });
        assertThat(tooMany.refused()).isTrue();
        assertThat(tooMany.error()).contains("between 0 and 20");

        // the refiner's sample: the values of lowest md5 of their text, the same order for every column
        DatabaseTaskCompleted hashed = ask(DatabaseTaskRequested.promptSchema(
                team.tenantId(), database, "exp_v1", 5, DatabaseTaskRequested.Sampling.HASHED));
        assertThat(hashed.error()).isNull();
        DatabaseSchema.Table hashedTeams = hashed.promptSchema().schema().tables().stream()
                .filter(t -> t.name().equals("national_team"))
                .findFirst()
                .orElseThrow();
        assertThat(hashedTeams.columns())
                .filteredOn(c -> c.name().equals("teamname") || c.name().equals("team_id"))
                .hasSize(2)
                .allSatisfy(c -> assertThat(c.samples())
                        .hasSize(5)
                        .extracting(DatabaseTaskHopTest::md5)
                        .isSorted());
    }

    private static String md5(String value) {
        try {
            return java.util.HexFormat.of()
                    .formatHex(java.security.MessageDigest.getInstance("MD5")
                            .digest(value.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void shouldDescribeASchemaWithTheRegisteredLogin() {
        TenantKeys.Tenant team = TenantKeys.register("describe", answers("/databases", 200));
        UUID database = register(team, "footballdb_v1", false);

        DatabaseTaskCompleted described = ask(DatabaseTaskRequested.describe(team.tenantId(), database, "exp_v1"));

        assertThat(described.error()).isNull();
        assertThat(described.hasAdminLogin()).isFalse();
        assertThat(described.schema().tables())
                .extracting(SchemaSpec.Table::name)
                .contains("national_team", "match");
        assertThat(described.schema().tables())
                .filteredOn(t -> t.name().equals("national_team"))
                .singleElement()
                .satisfies(t -> assertThat(t.columns())
                        .extracting(SchemaSpec.Column::name)
                        .contains("team_id", "teamname", "year"));
    }

    @Test
    void shouldListTheSchemasAndTheRegisteredNameAJobSubmissionAsksFor() {
        TenantKeys.Tenant team = TenantKeys.register("schemas", answers("/databases", 200));
        UUID database = register(team, "footballdb_v1", false);

        DatabaseTaskCompleted answer = ask(DatabaseTaskRequested.schemas(team.tenantId(), database));
        DatabaseTaskCompleted stranger = ask(DatabaseTaskRequested.schemas("someone-else", database));

        assertThat(answer.error()).isNull();
        assertThat(answer.schemas()).contains("exp_v1").doesNotContain("pg_catalog", "information_schema");
        assertThat(answer.databaseName()).startsWith("footballdb_v1 ");
        assertThat(stranger.refused()).isTrue();
        assertThat(stranger.error()).isEqualTo("database " + database + " is not registered for tenant someone-else");
    }

    @Test
    void shouldRefuseTasksOnAnotherTenantsDatabaseOrAMissingSchemaOrTable() {
        TenantKeys.Tenant owner = TenantKeys.register("owner", answers("/databases", 200));
        UUID database = register(owner, "footballdb_v1", true);
        QatchSuite.Options badTable =
                new QatchSuite.Options(1, Map.of("project", 1), 500, 25, List.of("no_such_table"), 30);

        DatabaseTaskCompleted stranger = ask(DatabaseTaskRequested.describe("someone-else", database, "exp_v1"));
        DatabaseTaskCompleted noSchema = ask(DatabaseTaskRequested.describe(owner.tenantId(), database, "nope"));
        DatabaseTaskCompleted noTable =
                ask(DatabaseTaskRequested.qatchSuite(owner.tenantId(), database, "exp_v1", badTable));

        assertThat(stranger.refused()).isTrue();
        assertThat(stranger.error()).isEqualTo("database " + database + " is not registered for tenant someone-else");
        assertThat(stranger.schema()).isNull();
        assertThat(noSchema.refused()).isTrue();
        assertThat(noSchema.error()).contains("schema 'nope' has no tables");
        assertThat(noTable.refused()).isTrue();
        assertThat(noTable.error()).contains("no_such_table");
    }

    @Test
    void shouldCreateViewsOnlyWithTheAdminLoginTheTeamRegistered() throws Exception {
        TenantKeys.Tenant team = TenantKeys.register("views", answers("/databases", 200));
        UUID readOnly = register(team, "footballdb_v1", false);
        UUID withAdmin = register(team, "footballdb_v1", true);
        String schema = "views_" + UUID.randomUUID().toString().substring(0, 8);
        // The platform's own shapes (generator NaturalViewDdl): quoted names, columns of the native schema.
        List<String> ddl = List.of(
                "CREATE SCHEMA IF NOT EXISTS \"" + schema + "\"",
                "CREATE VIEW \"" + schema + "\".\"teams\" AS SELECT \"teamname\" AS \"name\" FROM "
                        + "\"exp_v1\".\"national_team\"");

        DatabaseTaskCompleted refused = ask(DatabaseTaskRequested.applyDdl(team.tenantId(), readOnly, "exp_v1", ddl));
        DatabaseTaskCompleted notDdl = ask(DatabaseTaskRequested.applyDdl(
                team.tenantId(), withAdmin, "exp_v1", List.of("DELETE FROM exp_v1.national_team")));
        DatabaseTaskCompleted applied = ask(DatabaseTaskRequested.applyDdl(team.tenantId(), withAdmin, "exp_v1", ddl));

        assertThat(refused.refused()).isTrue();
        assertThat(refused.error()).contains("has no admin login registered");
        assertThat(notDdl.refused()).isTrue();
        assertThat(notDdl.error()).contains("only the platform's view statements");
        assertThat(applied.error()).isNull();
        assertThat(applied.applied()).isEqualTo(2);
        try (Connection c = LocalStack.targets().connect("footballdb_v1");
                Statement s = c.createStatement()) {
            assertThat(rows(s, "SELECT count(*) FROM " + schema + ".teams"))
                    .isEqualTo(rows(s, "SELECT count(*) FROM exp_v1.national_team"));
            assertThat(rows(s, "SELECT count(*) FROM exp_v1.national_team")
                            .get(0)
                            .get(0))
                    .isNotEqualTo("0");
        }
    }

    @Test
    void shouldAnswerAnotherTenantsTaskWhileOneTenantsTasksWaitOnADatabaseThatNeverAnswers() throws Exception {
        TenantKeys.Tenant slow = TenantKeys.register("tasks-blackhole", answers("/databases", 200));
        TenantKeys.Tenant other = TenantKeys.register("tasks-other", answers("/databases", 200));
        // A read-only login (registration refuses a privileged one), registered while the database answers (a
        // registration's connection test must pass), then it never answers again.
        String reader = "tasks_blackhole_" + UUID.randomUUID().toString().substring(0, 8);
        String password = UUID.randomUUID().toString();
        FootballDb.grantReader(LocalStack.targets(), "v1", reader, password);
        try (SwitchableProxy database =
                new SwitchableProxy("127.0.0.1", LocalStack.targets().port())) {
            String id = given().header(ApiKeys.HEADER, slow.apiKey())
                    .contentType(ContentType.JSON)
                    .body(DatabaseRegistration.postgresql(
                            "blackhole",
                            "jdbc:postgresql://" + database.host() + ":" + database.port() + "/footballdb_v1",
                            reader,
                            password))
                    .post("/databases")
                    .then()
                    .statusCode(201)
                    .extract()
                    .path("id");
            database.blackhole();
            UUID stuck = UUID.fromString(id);
            UUID healthy = register(other, "footballdb_v1", false);
            List<DatabaseTaskRequested> slowTasks = IntStream.range(0, 4)
                    .mapToObj(i -> DatabaseTaskRequested.describe(slow.tenantId(), stuck, "public"))
                    .toList();
            slowTasks.forEach(Tasks::send);

            long sent = System.nanoTime();
            DatabaseTaskCompleted answer = ask(DatabaseTaskRequested.describe(other.tenantId(), healthy, "exp_v1"));
            double seconds = (System.nanoTime() - sent) / 1e9;
            System.out.printf(
                    "FAIRNESS [database tasks] another tenant's task answered in %.2f s behind 4 tasks on "
                            + "a blackhole%n",
                    seconds);

            assertThat(answer.error()).isNull();
            assertThat(answer.schema().tables()).isNotEmpty();
            // One at a time for everyone, it would wait behind the four connection attempts, each as long as the
            // connect timeout (at least 12 s); tenants side by side, it does not wait for the slow tenant's tasks.
            assertThat(seconds).isLessThan(10);
            for (DatabaseTaskRequested task : slowTasks) {
                assertThat(Tasks.answerTo(task).error()).isNotBlank();
            }
        }
    }

    @Test
    void shouldCheckAnInlineDatabaseAsAWorkItemWouldReachItWithoutReadingAnything() {
        String tenant = "inline-check-" + UUID.randomUUID();
        Postgres pg = LocalStack.targetsWithFootballDb();
        String url = pg.jdbcUrl(FootballDb.databaseName("v1"));

        DatabaseTaskCompleted fine = ask(DatabaseTaskRequested.checkInline(
                tenant, Requests.inline(tenant, url, Postgres.USER, Postgres.PASSWORD)));
        DatabaseTaskCompleted wrongPassword = ask(DatabaseTaskRequested.checkInline(
                tenant, Requests.inline(tenant, url, Postgres.USER, "not-the-password")));
        DatabaseTaskCompleted privateAddress = ask(DatabaseTaskRequested.checkInline(
                tenant, Requests.inline(tenant, "jdbc:postgresql://10.1.2.3:5432/team", "reader", "secret")));
        DatabaseTaskCompleted sealedForAnother = ask(DatabaseTaskRequested.checkInline(
                tenant, Requests.inline("another-tenant", url, Postgres.USER, Postgres.PASSWORD)));

        assertThat(fine.error()).isNull();
        assertThat(fine.dialect()).isEqualTo(SqlDialect.POSTGRESQL);
        assertThat(wrongPassword.refused()).isTrue();
        assertThat(wrongPassword.error())
                .isEqualTo("database.user: authentication failed for login \"" + Postgres.USER + "\" on "
                        + pg.hostAndPort() + ": check the user and password");
        assertThat(privateAddress.refused()).isTrue();
        assertThat(privateAddress.error()).startsWith("database.jdbcUrl: 10.1.2.3:5432 is not an allowed target");
        assertThat(sealedForAnother.refused()).isTrue();
        assertThat(sealedForAnother.error()).startsWith("database.sealedPassword: ");
    }

    private static UUID register(TenantKeys.Tenant tenant, String database, boolean admin) {
        return Tasks.register(tenant, database, admin);
    }

    private static DatabaseTaskCompleted ask(DatabaseTaskRequested task) {
        return Tasks.ask(task);
    }

    private static List<List<String>> rows(Statement s, String sql) throws Exception {
        List<List<String>> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int j = 1; j <= n; j++) {
                    row.add(rs.getString(j));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
