package dev.snailbench.inference.repository;

import com.sun.management.OperatingSystemMXBean;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The service's CPU for the work-item path's database work, Hibernate Reactive (HQL IN-list lookup, session persist)
 * against the plain SQL of {@link InferenceRecordSql}, side by side in one JVM: batches of 100 new replay records,
 * each looked up by id then stored, as a first delivery does. Prints this JVM's CPU milliseconds per 1,000 items for
 * each (PostgreSQL runs in its own process and is not counted; the idle application's own threads are, equally).
 * Run on request: {@code mvn -B -o -q -pl inference-service -am test -Dtest=InferenceRecordWritesBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 * Beyond the in-memory tier: the database work's cost against a real PostgreSQL.
 */
@QuarkusTest
@RealInfrastructure
class InferenceRecordWritesBenchmark {

    static final int BATCH = 100;
    static final int BATCHES = Integer.getInteger("bench.batches", 30);
    static final int ROUNDS = Integer.getInteger("bench.rounds", 4);

    @Inject
    InferenceRecordRepository repository;

    @Inject
    InferenceRecordSql sql;

    @Test
    void shouldPrintTheCpuPerThousandItemsOfHibernateAndOfPlainSql() throws Throwable {
        Function<List<InferenceRecord>, Uni<?>> hibernate = batch -> Panache.withSession(() -> repository.list(
                        "workItemId in ?1",
                        batch.stream().map(r -> r.workItemId).toList()))
                .chain(stored -> Panache.withTransaction(() -> repository.persist(batch)));
        Function<List<InferenceRecord>, Uni<?>> plain = batch ->
                sql.answers(batch.stream().map(r -> r.workItemId).toList()).chain(stored -> sql.storeFirst(batch));
        run(hibernate, BATCHES);
        run(plain, BATCHES);
        long[] cpu = new long[2];
        long[] wall = new long[2];
        for (int round = 0; round < ROUNDS; round++) {
            long[] h = run(hibernate, BATCHES);
            long[] p = run(plain, BATCHES);
            cpu[0] += h[0];
            wall[0] += h[1];
            cpu[1] += p[0];
            wall[1] += p[1];
        }
        // What the idle application (Kafka pollers, timers) burns per wall nanosecond, to take out of both figures.
        long idleCpu = processCpu();
        long idleWall = System.nanoTime();
        Thread.sleep(5_000);
        double idle = (double) (processCpu() - idleCpu) / (System.nanoTime() - idleWall);
        double items = (double) ROUNDS * BATCHES * BATCH / 1000;
        System.out.printf(
                "inference_record lookup + insert, %d items per path in batches of %d"
                        + " (CPU of this JVM; after the idle application's %.0f ms CPU per s):%n"
                        + "  hibernate reactive: %.0f ms CPU / 1,000 items (%.0f before), %.0f ms wall%n"
                        + "  plain SQL:          %.0f ms CPU / 1,000 items (%.0f before), %.0f ms wall%n",
                ROUNDS * BATCHES * BATCH,
                BATCH,
                idle * 1000,
                (cpu[0] - idle * wall[0]) / 1e6 / items,
                cpu[0] / 1e6 / items,
                wall[0] / 1e6 / items,
                (cpu[1] - idle * wall[1]) / 1e6 / items,
                cpu[1] / 1e6 / items,
                wall[1] / 1e6 / items);
    }

    /** Returns this JVM's CPU nanoseconds and the wall nanoseconds the batches took, one after the other. */
    private static long[] run(Function<List<InferenceRecord>, Uni<?>> path, int batches) throws Throwable {
        List<List<InferenceRecord>> all = new ArrayList<>();
        for (int b = 0; b < batches; b++) {
            all.add(batch());
        }
        long cpu = processCpu();
        long wall = System.nanoTime();
        for (List<InferenceRecord> batch : all) {
            VertxContextSupport.subscribeAndAwait(() -> path.apply(batch));
        }
        return new long[] {processCpu() - cpu, System.nanoTime() - wall};
    }

    private static long processCpu() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static List<InferenceRecord> batch() {
        UUID job = UUID.randomUUID();
        List<InferenceRecord> batch = new ArrayList<>(BATCH);
        for (int i = 0; i < BATCH; i++) {
            InferenceRecord r = new InferenceRecord();
            r.workItemId = UUID.randomUUID();
            r.jobId = job;
            r.tenantId = "tenant-bench";
            r.questionId = "q" + i;
            r.backend = "replay";
            r.model = "gpt-3.5-turbo";
            r.level = "Native";
            r.rawAnswer = "SELECT count(*) FROM club WHERE founded < " + i;
            r.predictedSql = r.rawAnswer;
            r.createdAt = Instant.now();
            batch.add(r);
        }
        return batch;
    }
}
