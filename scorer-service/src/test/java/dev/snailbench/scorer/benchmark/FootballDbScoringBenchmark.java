package dev.snailbench.scorer.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.datasets.FootballDbFiles;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.scorer.service.compare.ComparableTable;
import dev.snailbench.scorer.service.compare.CompareOptions;
import dev.snailbench.scorer.service.compare.Comparison;
import dev.snailbench.scorer.service.compare.ResultComparisons;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.OrderBy;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Real data, on request ({@code -Dtest=FootballDbScoringBenchmark -Dsurefire.failIfNoSpecifiedTests=false}):
 * loads FootballDB v1–v3 into the embedded PostgreSQL, runs the 100 dev gold queries and gpt-3.5-turbo's
 * replayed predictions per data model over JDBC (a minimal stand-in for the executor's canonical results), and
 * prints every comparator's accuracy, QATCH means and the reasons. Not part of the suite: loading takes a while.
 * Beyond the in-memory tier: FootballDB's gold and predicted queries run on PostgreSQL.
 */
@RealInfrastructure
class FootballDbScoringBenchmark {

    @Test
    void scoreGpt35PredictionsOnFootballDb() throws Exception {
        Postgres pg = LocalStack.targetsWithFootballDb();
        Path data = DataDir.resolve().resolve("footballdb");
        ObjectMapper json = new ObjectMapper();
        ResultComparisons comparisons = new ResultComparisons();
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(20))) {
            for (String v : FootballDbFiles.VERSIONS) {
                Map<Integer, String> predicted = new HashMap<>();
                for (JsonNode p : json.readTree(data.resolve("predictions/gpt-3.5-turbo_30shot_" + v + ".json")
                        .toFile())) {
                    predicted.put(p.get("id").asInt(), p.get("predicted_sql").asText());
                }
                int n = 0, goldFailed = 0, predFailed = 0, strict = 0, set = 0, relaxed = 0;
                double cp = 0, cr = 0, tc = 0, ea = 0, sf1 = 0;
                Map<String, Integer> reasons = new TreeMap<>();
                long start = System.nanoTime();
                try (Connection c = pg.connect(FootballDb.databaseName(v))) {
                    for (JsonNode q :
                            json.readTree(data.resolve(v + "/dev.json").toFile())) {
                        n++;
                        String goldSql = q.get("query").asText();
                        ExecutionOutcome gold = run(c, goldSql);
                        ExecutionOutcome pred = run(c, predicted.get(q.get("id").asInt()));
                        if (!gold.ok()) {
                            goldFailed++;
                            reasons.merge("gold failed " + gold.sqlState(), 1, Integer::sum);
                            if (!"42P01".equals(gold.sqlState())) {
                                System.out.printf(
                                        "FootballDB %s gold %s failed: %s %s%n",
                                        v,
                                        q.get("id").asText(),
                                        gold.sqlState(),
                                        gold.error().lines().findFirst().orElse(""));
                            }
                            continue;
                        }
                        if (!pred.ok()) {
                            predFailed++;
                            reasons.merge("predicted failed " + pred.sqlState(), 1, Integer::sum);
                            continue;
                        }
                        boolean orderBy = OrderBy.topLevel(parser.parse(goldSql, SqlDialect.POSTGRESQL));
                        Comparison r = comparisons.compare(
                                ComparableTable.of(gold), ComparableTable.of(pred), CompareOptions.defaults(orderBy));
                        strict += r.strict().match() ? 1 : 0;
                        set += r.set().match() ? 1 : 0;
                        relaxed += r.relaxed().match() ? 1 : 0;
                        cp += r.cellPrecision();
                        cr += r.cellRecall();
                        tc += r.tupleConstraint();
                        ea += r.qatchExecutionAccuracy();
                        sf1 += r.softF1();
                        reasons.merge(r.strict().reason().name(), 1, Integer::sum);
                    }
                }
                int scored = n - goldFailed;
                System.out.printf(
                        Locale.ROOT,
                        "FootballDB %s gpt-3.5-turbo: %d questions, %d gold failed, %d predictions "
                                + "failed; over %d scored: strict %.3f, set %.3f, relaxed %.3f, QATCH EA %.3f, cell P %.3f, "
                                + "cell R %.3f, tuple constraint %.3f, soft-F1 %.3f (%.1f s); reasons %s%n",
                        v,
                        n,
                        goldFailed,
                        predFailed,
                        scored,
                        strict / (double) scored,
                        set / (double) scored,
                        relaxed / (double) scored,
                        ea / scored,
                        cp / scored,
                        cr / scored,
                        tc / scored,
                        sf1 / scored,
                        (System.nanoTime() - start) / 1e9,
                        reasons);
            }
        }
    }

    private static ExecutionOutcome run(Connection c, String sql) {
        long start = System.nanoTime();
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(30);
            s.setMaxRows(100_000);
            try (ResultSet rs = s.executeQuery(sql)) {
                ResultSetMetaData md = rs.getMetaData();
                List<ResultColumn> cols = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    cols.add(
                            new ResultColumn(md.getColumnLabel(i), type(md.getColumnType(i)), md.getColumnTypeName(i)));
                }
                List<List<String>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<String> row = new ArrayList<>(cols.size());
                    for (int i = 1; i <= cols.size(); i++) {
                        if (cols.get(i - 1).type() == ValueType.NUMBER) {
                            BigDecimal d = rs.getBigDecimal(i);
                            row.add(d == null ? null : d.toPlainString());
                        } else {
                            row.add(rs.getString(i));
                        }
                    }
                    rows.add(row);
                }
                return new ExecutionOutcome(
                        ExecutionStatus.OK, cols, rows, false, null, null, (System.nanoTime() - start) / 1e9);
            }
        } catch (SQLException e) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // autocommit connection: nothing to roll back
            }
            return ExecutionOutcome.failed(
                    ExecutionStatus.ERROR, e.getMessage(), e.getSQLState(), (System.nanoTime() - start) / 1e9);
        }
    }

    private static ValueType type(int sqlType) {
        return switch (sqlType) {
            case Types.INTEGER,
                    Types.BIGINT,
                    Types.SMALLINT,
                    Types.TINYINT,
                    Types.NUMERIC,
                    Types.DECIMAL,
                    Types.REAL,
                    Types.FLOAT,
                    Types.DOUBLE -> ValueType.NUMBER;
            case Types.BOOLEAN, Types.BIT -> ValueType.BOOLEAN;
            case Types.DATE -> ValueType.DATE;
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> ValueType.TIMESTAMP;
            default -> ValueType.TEXT;
        };
    }
}
