package dev.snailbench.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.PlatformClient;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The start-up warm-up of {@code ./snailbench up}: once the platform says it is up, one replay job runs through
 * the five services on a small database of its own in the teams' PostgreSQL, so that a team's jobs do not pay for
 * what every fresh JVM pays once: the JIT compiling the hot paths, first-use class loading and
 * initialisation (the SQL parser, JSON mappers, query plans), and the first connections and topic metadata. The
 * job belongs to a tenant of its own ({@link #TENANT}); no team's database or data is touched. It is measured side
 * by side with a cold start by {@code PipelineBenchmark} (docs/BENCHMARKS.md).
 */
public final class WarmUp {

    /** The tenant the warm-up job runs as (visible to operators in the tenant list). */
    public static final String TENANT = "snailbench-warm-up";
    /** The warm-up's database in the teams' PostgreSQL, and its read-only login. */
    static final String DATABASE = "snailbench_warm_up";

    private static final String READER = "snailbench_warm_up_reader";
    /** Items of the warm-up job by default: enough for the client compiler to compile every hop's hot paths. */
    public static final int DEFAULT_ITEMS = 1_000;

    /**
     * Query shapes a team's gold and predicted SQL commonly take in NL-to-SQL benchmarks (aliases, joins, grouping,
     * ordering with a limit, LIKE and ILIKE, IN, BETWEEN, NULL tests, CASE, casts and functions, subqueries, CTEs,
     * window functions, set operations), so that the parsers, the guard, the gold screening and the comparators all
     * run. {@code %d} is the item's round ({@link #sql}): every item's text is its own, as a team's are, so every
     * service parses every item instead of answering from a cache keyed by the text, and the parsers' code for these
     * shapes is called often enough to be compiled before the platform says it is up.
     */
    private static final List<String> STATEMENTS = List.of(
            "SELECT name FROM team WHERE id < %d ORDER BY name",
            "SELECT count(*) FROM player WHERE goals < %d",
            "SELECT t.name, count(p.id) FROM team t JOIN player p ON p.team_id = t.id WHERE p.goals < %d "
                    + "GROUP BY t.name ORDER BY 2 DESC",
            "SELECT name, goals FROM player WHERE goals > 10 AND id < %d ORDER BY goals DESC, name LIMIT 5",
            "SELECT position, avg(goals) FROM player WHERE id < %d GROUP BY position",
            "SELECT DISTINCT city FROM team WHERE id < %d",
            "SELECT home, away FROM game WHERE home_goals = away_goals AND id < %d",
            "SELECT t.city, sum(g.home_goals) FROM team t JOIN game g ON g.home = t.id WHERE g.id < %d GROUP BY t.city "
                    + "HAVING sum(g.home_goals) > 5",
            "SELECT name FROM player WHERE team_id IN (SELECT id FROM team WHERE city = 'North') AND id < %d",
            "SELECT max(home_goals + away_goals) FROM game WHERE id < %d",
            "SELECT p.name, t.name FROM player p LEFT JOIN team t ON t.id = p.team_id WHERE p.position = 'keeper' "
                    + "AND t.id IS NOT NULL AND p.id < %d",
            "SELECT played_on, home_goals FROM game WHERE played_on > DATE '2024-08-01' AND id < %d ORDER BY played_on "
                    + "LIMIT 10",
            "SELECT name FROM team WHERE id NOT IN (SELECT home FROM game WHERE home_goals > 3) AND id < %d",
            "SELECT city FROM team WHERE id < %d UNION SELECT position FROM player",
            "SELECT count(DISTINCT position) FROM player WHERE goals BETWEEN 1 AND 20 AND id < %d",
            "SELECT t.name FROM team t WHERE EXISTS (SELECT 1 FROM player p WHERE p.team_id = t.id AND p.goals > 25) "
                    + "AND t.id < %d",
            "SELECT T1.name FROM player AS T1 JOIN team AS T2 ON T1.team_id = T2.id WHERE T2.name LIKE '%%1%%' "
                    + "AND T1.id < %d",
            "SELECT DISTINCT T2.city FROM player AS T1 JOIN team AS T2 ON T1.team_id = T2.id "
                    + "WHERE T1.name ILIKE 'PLAYER 1%%' AND T1.id < %d",
            "SELECT CASE WHEN goals > 15 THEN 'high' ELSE 'low' END AS band, count(*) AS players FROM player "
                    + "WHERE id < %d GROUP BY 1 ORDER BY 1",
            "SELECT CAST(avg(goals) AS numeric(10, 2)), round(avg(goals), 1), coalesce(max(goals), 0), "
                    + "lower(min(name)), upper(max(position)) FROM player WHERE team_id < %d",
            "WITH totals AS (SELECT team_id, sum(goals) AS total FROM player GROUP BY team_id) SELECT t.name, "
                    + "s.total FROM team AS t JOIN totals AS s ON s.team_id = t.id WHERE s.total < %d "
                    + "ORDER BY s.total DESC, t.name LIMIT 3",
            "SELECT name, goals, rank() OVER (PARTITION BY position ORDER BY goals DESC) AS place FROM player "
                    + "WHERE id < %d ORDER BY name LIMIT 10",
            "SELECT city FROM team WHERE id < %d INTERSECT SELECT city FROM team WHERE id > 10",
            "SELECT position FROM player WHERE id < %d EXCEPT SELECT position FROM player WHERE goals > 29",
            "SELECT name FROM player WHERE position IN ('keeper', 'forward') AND goals BETWEEN 5 AND %d "
                    + "ORDER BY name LIMIT 10",
            "SELECT t.name, (SELECT count(*) FROM game AS g WHERE g.home = t.id) AS home_games FROM team AS t "
                    + "WHERE t.id < %d ORDER BY t.name");

    /**
     * Item {@code i}'s SQL: its shape with the item's round in the text ({@code id < 1000 + round}, which every row
     * of the warm-up's tables meets, so each shape's rows are the same in every round).
     */
    static String sql(int i) {
        return String.format(Locale.ROOT, STATEMENTS.get(i % STATEMENTS.size()), 1_000 + i / STATEMENTS.size());
    }

    private WarmUp() {}

    /**
     * Creates the warm-up database (once), runs a replay job of {@code items} items on it and waits for it.
     *
     * @return how long the job took
     */
    public static Duration run(Stack stack, int items) {
        return run(stack, items, prepare(stack.targets()));
    }

    /**
     * Creates the warm-up database (once) and a password of its own for its login: done while the services start
     * ({@code ./snailbench up} does it with the teams' server's start), not after.
     *
     * @return the login's password, for {@link #run(Stack, int, String)}
     */
    public static String prepare(Postgres targets) {
        // A password of its own: the job spec carries it, so it must not reveal anything else.
        String password = UUID.randomUUID().toString();
        prepare(targets, password);
        return password;
    }

    /**
     * Runs a replay job of {@code items} items on the warm-up database {@link #prepare(Postgres)} made, and waits for it.
     *
     * @return how long the job took, from the warm-up tenant's creation
     */
    public static Duration run(Stack stack, int items, String password) {
        PlatformClient client = stack.client();
        Instant start = Instant.now();
        String apiKey = client.createTenant(TENANT);
        String jobId = client.submitJob(apiKey, job(stack.targets(), password, items));
        Instant deadline = start.plus(Duration.ofMinutes(10));
        while (Instant.now().isBefore(deadline)) {
            JsonNode status = client.job(apiKey, jobId);
            String state = status == null ? "" : status.path("status").asText();
            if (state.equals("completed")) {
                return Duration.between(start, Instant.now());
            }
            if (state.equals("failed") || state.equals("cancelled")) {
                throw new IllegalStateException("the warm-up job ended " + state + ": " + status);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while warming up", e);
            }
        }
        throw new IllegalStateException("the warm-up job did not complete in 10 minutes: " + client.job(apiKey, jobId));
    }

    static Map<String, Object> job(Postgres targets, String password, int items) {
        List<Map<String, String>> questions = new ArrayList<>();
        List<Map<String, String>> predictions = new ArrayList<>();
        for (int i = 0; i < items; i++) {
            String sql = sql(i);
            String id = String.format(Locale.ROOT, "warm-up-%d", i);
            questions.add(Map.of("id", id, "question", "warm-up question " + (i % STATEMENTS.size()), "goldSql", sql));
            predictions.add(Map.of("questionId", id, "predictedSql", sql));
        }
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("name", "start-up warm-up");
        job.put(
                "database",
                Map.of(
                        "kind",
                        "postgresql",
                        "jdbcUrl",
                        targets.jdbcUrl(DATABASE),
                        "user",
                        READER,
                        "password",
                        password));
        job.put("dialect", "postgresql");
        job.put("model", "replayed-gold");
        job.put("questions", questions);
        job.put("predictions", predictions);
        return job;
    }

    /** A few hundred generated rows in three tables, and a login that can only read them. */
    static void prepare(Postgres targets, String password) {
        targets.createDatabase(DATABASE);
        try (Connection c = targets.connect(DATABASE);
                Statement s = c.createStatement()) {
            s.execute("SET client_min_messages TO warning");
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + READER + "'")) {
                if (!rs.next()) {
                    s.execute("CREATE ROLE " + READER + " LOGIN");
                }
            }
            s.execute("ALTER ROLE " + READER + " PASSWORD '" + password.replace("'", "''") + "'");
            s.execute("CREATE TABLE IF NOT EXISTS team (id int PRIMARY KEY, name text NOT NULL, city text NOT NULL)");
            s.execute("CREATE TABLE IF NOT EXISTS player (id int PRIMARY KEY, team_id int REFERENCES team(id), "
                    + "name text NOT NULL, position text NOT NULL, goals int NOT NULL)");
            s.execute("CREATE TABLE IF NOT EXISTS game (id int PRIMARY KEY, home int REFERENCES team(id), "
                    + "away int REFERENCES team(id), home_goals int NOT NULL, away_goals int NOT NULL, "
                    + "played_on date NOT NULL)");
            s.execute("INSERT INTO team SELECT i, 'team ' || i, (ARRAY['North','South','East','West'])[1 + i % 4] "
                    + "FROM generate_series(1, 20) i ON CONFLICT DO NOTHING");
            s.execute("INSERT INTO player SELECT i, 1 + i % 20, 'player ' || i, "
                    + "(ARRAY['keeper','defender','midfielder','forward'])[1 + i % 4], (i * 7) % 31 "
                    + "FROM generate_series(1, 400) i ON CONFLICT DO NOTHING");
            s.execute("INSERT INTO game SELECT i, 1 + i % 20, 1 + (i * 3 + 1) % 20, i % 5, (i * 2) % 4, "
                    + "date '2024-08-01' + i FROM generate_series(1, 380) i ON CONFLICT DO NOTHING");
            s.execute("REVOKE ALL ON DATABASE " + DATABASE + " FROM PUBLIC");
            s.execute("GRANT CONNECT ON DATABASE " + DATABASE + " TO " + READER);
            s.execute("GRANT USAGE ON SCHEMA public TO " + READER);
            s.execute("GRANT SELECT ON team, player, game TO " + READER);
            s.execute("ANALYZE");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot prepare the warm-up database: " + e.getMessage(), e);
        }
    }
}
