package dev.snailbench.scorer.benchmark;

import com.sun.management.OperatingSystemMXBean;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.repository.ItemResultRepository;
import dev.snailbench.scorer.repository.ItemResultSql;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The scoring hop's database work per batch of 250 results (look the batch up, store it in one transaction), the
 * Hibernate Reactive way ({@code list("workItemId in ?1")} + {@code persist}) against {@link ItemResultSql}, as
 * this JVM's CPU time per 1,000 results (PostgreSQL runs in its own process: not counted). Run on request:
 * {@code mvn -B -pl scorer-service -am test -Dtest=ItemResultWritesBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 * Beyond the in-memory tier: the database work's cost against a real PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
class ItemResultWritesBenchmark {

    private static final int BATCH = 250;
    private static final int BATCHES = 20;

    @Inject
    ItemResultSql sql;

    @Inject
    ItemResultRepository repository;

    @Inject
    Vertx vertx;

    @Test
    void hibernateAgainstPlainSql() throws Exception {
        for (int round = 1; round <= 3; round++) {
            // The first round warms both paths up (JIT, prepared statements, Hibernate's query plans).
            double hibernate = cpuMillisPerThousand(this::hibernateBatch);
            double plain = cpuMillisPerThousand(this::sqlBatch);
            System.out.printf(
                    Locale.ROOT,
                    "ItemResultWritesBenchmark round %d: %d batches of %d results, CPU per "
                            + "1,000 results: Hibernate Reactive %.0f ms, plain SQL %.0f ms (%.2fx)%n",
                    round,
                    BATCHES,
                    BATCH,
                    hibernate,
                    plain,
                    plain / hibernate);
        }
    }

    private Uni<?> hibernateBatch(List<ItemResult> batch) {
        List<UUID> ids = batch.stream().map(r -> r.workItemId).toList();
        return Panache.withSession(() -> repository.list("workItemId in ?1", ids))
                .chain(found -> Panache.withTransaction(() -> repository.persist(batch)));
    }

    private Uni<?> sqlBatch(List<ItemResult> batch) {
        return sql.findAll(batch.stream().map(r -> r.workItemId).toList()).chain(found -> sql.insertNew(batch));
    }

    private double cpuMillisPerThousand(Function<List<ItemResult>, Uni<?>> store) throws Exception {
        List<List<ItemResult>> batches = new ArrayList<>();
        for (int b = 0; b < BATCHES; b++) {
            List<ItemResult> batch = new ArrayList<>();
            for (int i = 0; i < BATCH; i++) {
                batch.add(result(i));
            }
            batches.add(batch);
        }
        long start = cpuNanos();
        for (List<ItemResult> batch : batches) {
            onContext(store, batch);
        }
        return (cpuNanos() - start) / 1e6 / (BATCHES * BATCH / 1000.0);
    }

    /** Runs one batch on a safe duplicated Vert.x context, as the Kafka connector runs the consumer. */
    private void onContext(Function<List<ItemResult>, Uni<?>> store, List<ItemResult> batch) throws Exception {
        Context context = VertxContext.getOrCreateDuplicatedContext(vertx);
        VertxContextSafetyToggle.setContextSafe(context, true);
        CompletableFuture<Object> done = new CompletableFuture<>();
        context.runOnContext(
                ignored -> store.apply(batch).subscribe().with(done::complete, done::completeExceptionally));
        done.get(60, TimeUnit.SECONDS);
    }

    private static long cpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** A result as the hop stores one: both SQLs, a verdict, metrics, a preview and the identifiers. */
    private static ItemResult result(int i) {
        ItemResult r = new ItemResult();
        r.workItemId = UUID.randomUUID();
        r.jobId = UUID.randomUUID();
        r.tenantId = "t-bench";
        r.questionId = "q" + i;
        r.model = "model-a";
        r.databaseKey = "ASIS_20161108_HerpInv_Database";
        r.level = "native";
        r.dialect = "sqlserver";
        r.question = "How many surveys were recorded in each park in 2015?";
        r.goldSql = "SELECT p.park_name, COUNT(*) FROM tblSurveys s JOIN tblParks p ON s.park_id = p.park_id "
                + "WHERE YEAR(s.survey_date) = 2015 GROUP BY p.park_name";
        r.predictedSql = r.goldSql + " ORDER BY 2 DESC";
        r.gold.status = "OK";
        r.gold.rows = 12;
        r.gold.seconds = 0.004;
        r.predicted.status = "OK";
        r.predicted.rows = 12;
        r.predicted.seconds = 0.005;
        r.resultPreview = "{\"gold\":[[\"Acadia\",\"14\"]],\"predicted\":[[\"Acadia\",\"14\"]]}";
        r.reason = "MATCH";
        r.strict.match = true;
        r.strict.reason = "MATCH";
        r.set.match = true;
        r.set.reason = "MATCH";
        r.relaxed.match = true;
        r.relaxed.reason = "MATCH";
        r.qatch.cellPrecision = 1.0;
        r.qatch.cellRecall = 1.0;
        r.qatch.tupleCardinality = 1.0;
        r.qatch.tupleConstraint = 1.0;
        r.qatch.tupleOrder = 1.0;
        r.qatch.executionAccuracy = 1.0;
        r.qatch.validEfficiencyScore = 0.9;
        r.rewardBasedEfficiencyScore = 0.75;
        r.softF1 = 1.0;
        r.linkingScores.recall = 1.0;
        r.linkingScores.precision = 1.0;
        r.linkingScores.f1 = 1.0;
        r.linkingScores.method = "parsed";
        r.multipleStatements = false;
        r.hardness = "medium";
        r.linking = "platform";
        r.goldScreening = "off";
        r.excludedFromAccuracy = false;
        r.goldIdentifiers = "t:tblsurveys\nt:tblparks\nc:park_name\nc:survey_date\nc:park_id";
        r.predictedIdentifiers = r.goldIdentifiers;
        r.scoredAt = Instant.now();
        return r;
    }
}
