package dev.snailbench.scorer.repository;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The scoring hop's per-batch reads and writes of {@code item_result} in plain SQL, through the reactive
 * PostgreSQL pool Hibernate Reactive also uses: an HQL query with an IN list is translated again for every list
 * size, and the session's persist/flush path costs more CPU per row than these prepared statements (which the
 * client prepares once per connection). A job's reports read its results here too ({@link #forJob}); the other REST
 * reads stay on {@link ItemResultRepository}.
 *
 * <p>{@link ItemResult} stays the table's only definition (Hibernate's schema management creates it); {@link
 * #COLUMNS} maps each of its fields to its column (the field's name or its {@code @Column} name, which PostgreSQL
 * folds to lower case), and every statement is built from that one list. A test compares it with the table Hibernate
 * created, so a field added to the entity without a line here fails the build.
 */
@ApplicationScoped
public class ItemResultSql {

    /** {@code quarkus.hibernate-orm.database.default-schema} and the entity's {@code @Table}. */
    static final String TABLE = "scorer.item_result";

    /** Every column of {@code item_result}, in the entity's field order; the primary key first. */
    static final List<Column<?>> COLUMNS = List.of(
            column("workItemId", UUID.class, r -> r.workItemId, (r, v) -> r.workItemId = v),
            column("jobId", UUID.class, r -> r.jobId, (r, v) -> r.jobId = v),
            column("tenantId", String.class, r -> r.tenantId, (r, v) -> r.tenantId = v),
            column("questionId", String.class, r -> r.questionId, (r, v) -> r.questionId = v),
            column("model", String.class, r -> r.model, (r, v) -> r.model = v),
            column("databaseKey", String.class, r -> r.databaseKey, (r, v) -> r.databaseKey = v),
            column("level", String.class, r -> r.level, (r, v) -> r.level = v),
            column("dialect", String.class, r -> r.dialect, (r, v) -> r.dialect = v),
            column("question", String.class, r -> r.question, (r, v) -> r.question = v),
            column("goldSql", String.class, r -> r.goldSql, (r, v) -> r.goldSql = v),
            column("predictedSql", String.class, r -> r.predictedSql, (r, v) -> r.predictedSql = v),
            column("inferenceError", String.class, r -> r.inferenceError, (r, v) -> r.inferenceError = v),
            column("goldStatus", String.class, r -> r.gold.status, (r, v) -> r.gold.status = v),
            column("goldError", String.class, r -> r.gold.error, (r, v) -> r.gold.error = v),
            column("goldRows", Integer.class, r -> r.gold.rows, (r, v) -> r.gold.rows = v),
            column("goldSeconds", Double.class, r -> r.gold.seconds, (r, v) -> r.gold.seconds = v),
            column("predictedStatus", String.class, r -> r.predicted.status, (r, v) -> r.predicted.status = v),
            column("predictedError", String.class, r -> r.predicted.error, (r, v) -> r.predicted.error = v),
            column("predictedRows", Integer.class, r -> r.predicted.rows, (r, v) -> r.predicted.rows = v),
            column("predictedSeconds", Double.class, r -> r.predicted.seconds, (r, v) -> r.predicted.seconds = v),
            column("resultPreview", String.class, r -> r.resultPreview, (r, v) -> r.resultPreview = v),
            column("manualVerdict", Boolean.class, r -> r.review.verdict, (r, v) -> r.review.verdict = v),
            column("reviewNote", String.class, r -> r.review.note, (r, v) -> r.review.note = v),
            column("reviewedBy", String.class, r -> r.review.reviewer, (r, v) -> r.review.reviewer = v),
            instant("reviewedAt", r -> r.review.at, (r, v) -> r.review.at = v),
            column("jobName", String.class, r -> r.jobName, (r, v) -> r.jobName = v),
            column("jobItems", Integer.class, r -> r.jobItems, (r, v) -> r.jobItems = v),
            column("failed", Boolean.class, r -> r.failed, (r, v) -> r.failed = v),
            column("linkingOnly", Boolean.class, r -> r.linkingOnly, (r, v) -> r.linkingOnly = v),
            column("reason", String.class, r -> r.reason, (r, v) -> r.reason = v),
            column("orderBy", Boolean.class, r -> r.orderBy, (r, v) -> r.orderBy = v),
            column("strictMatch", Boolean.class, r -> r.strict.match, (r, v) -> r.strict.match = v),
            column("strictReason", String.class, r -> r.strict.reason, (r, v) -> r.strict.reason = v),
            column("strictDetail", String.class, r -> r.strict.detail, (r, v) -> r.strict.detail = v),
            column("setMatch", Boolean.class, r -> r.set.match, (r, v) -> r.set.match = v),
            column("setReason", String.class, r -> r.set.reason, (r, v) -> r.set.reason = v),
            column("setDetail", String.class, r -> r.set.detail, (r, v) -> r.set.detail = v),
            column("relaxedMatch", Boolean.class, r -> r.relaxed.match, (r, v) -> r.relaxed.match = v),
            column("relaxedReason", String.class, r -> r.relaxed.reason, (r, v) -> r.relaxed.reason = v),
            column("relaxedDetail", String.class, r -> r.relaxed.detail, (r, v) -> r.relaxed.detail = v),
            column("cellPrecision", Double.class, r -> r.qatch.cellPrecision, (r, v) -> r.qatch.cellPrecision = v),
            column("cellRecall", Double.class, r -> r.qatch.cellRecall, (r, v) -> r.qatch.cellRecall = v),
            column(
                    "tupleCardinality",
                    Double.class,
                    r -> r.qatch.tupleCardinality,
                    (r, v) -> r.qatch.tupleCardinality = v),
            column(
                    "tupleConstraint",
                    Double.class,
                    r -> r.qatch.tupleConstraint,
                    (r, v) -> r.qatch.tupleConstraint = v),
            column("tupleOrder", Double.class, r -> r.qatch.tupleOrder, (r, v) -> r.qatch.tupleOrder = v),
            column(
                    "executionAccuracy",
                    Double.class,
                    r -> r.qatch.executionAccuracy,
                    (r, v) -> r.qatch.executionAccuracy = v),
            column(
                    "validEfficiencyScore",
                    Double.class,
                    r -> r.qatch.validEfficiencyScore,
                    (r, v) -> r.qatch.validEfficiencyScore = v),
            column(
                    "rewardBasedEfficiencyScore",
                    Double.class,
                    r -> r.rewardBasedEfficiencyScore,
                    (r, v) -> r.rewardBasedEfficiencyScore = v),
            column("softF1", Double.class, r -> r.softF1, (r, v) -> r.softF1 = v),
            column("queryRecall", Double.class, r -> r.linkingScores.recall, (r, v) -> r.linkingScores.recall = v),
            column(
                    "queryPrecision",
                    Double.class,
                    r -> r.linkingScores.precision,
                    (r, v) -> r.linkingScores.precision = v),
            column("queryF1", Double.class, r -> r.linkingScores.f1, (r, v) -> r.linkingScores.f1 = v),
            column("linkingError", String.class, r -> r.linkingScores.error, (r, v) -> r.linkingScores.error = v),
            column("linkingMethod", String.class, r -> r.linkingScores.method, (r, v) -> r.linkingScores.method = v),
            column("multipleStatements", Boolean.class, r -> r.multipleStatements, (r, v) -> r.multipleStatements = v),
            column("hardness", String.class, r -> r.hardness, (r, v) -> r.hardness = v),
            column("labelledHardness", String.class, r -> r.labelledHardness, (r, v) -> r.labelledHardness = v),
            column("linking", String.class, r -> r.linking, (r, v) -> r.linking = v),
            column("goldScreening", String.class, r -> r.goldScreening, (r, v) -> r.goldScreening = v),
            column(
                    "goldNondeterministic",
                    String.class,
                    r -> r.goldNondeterministic,
                    (r, v) -> r.goldNondeterministic = v),
            column(
                    "excludedFromAccuracy",
                    Boolean.class,
                    r -> r.excludedFromAccuracy,
                    (r, v) -> r.excludedFromAccuracy = v),
            column("goldIdentifiers", String.class, r -> r.goldIdentifiers, (r, v) -> r.goldIdentifiers = v),
            column(
                    "predictedIdentifiers",
                    String.class,
                    r -> r.predictedIdentifiers,
                    (r, v) -> r.predictedIdentifiers = v),
            instant("scoredAt", r -> r.scoredAt, (r, v) -> r.scoredAt = v));

    private static final String NAMES = COLUMNS.stream().map(Column::name).collect(Collectors.joining(", "));
    private static final String SELECT = "SELECT " + NAMES + " FROM " + TABLE + " WHERE workitemid = ANY($1)";
    private static final String INSERT = "INSERT INTO " + TABLE + " (" + NAMES + ") VALUES ("
            + IntStream.rangeClosed(1, COLUMNS.size()).mapToObj(i -> "$" + i).collect(Collectors.joining(", "))
            + ") ON CONFLICT (workitemid) DO NOTHING";

    private static final String FOR_JOB = "SELECT " + NAMES + " FROM " + TABLE + " WHERE jobid = $1 AND tenantid = $2";

    /** A job's {@link ResultsVersion}: a count and a sum over the job's rows, through the (jobId, tenantId) index. */
    private static final String VERSION = "SELECT count(*), coalesce(sum((extract(epoch FROM reviewedat) * 1000000)"
            + "::bigint), 0)::text FROM " + TABLE + " WHERE jobid = $1 AND tenantid = $2";

    private final Pool pool;

    public ItemResultSql(Pool pool) {
        this.pool = pool;
    }

    /** What the tenant's results of the job are now, as a {@link ResultsVersion} (0 items: none visible). */
    public Uni<ResultsVersion> version(UUID jobId, String tenantId) {
        return pool.preparedQuery(VERSION).execute(Tuple.of(jobId, tenantId)).map(rows -> {
            Row row = rows.iterator().next();
            return new ResultsVersion(row.getLong(0), row.getString(1));
        });
    }

    /**
     * The tenant's results of a job in question order ({@link ItemResultRepository#QUESTION_ORDER}), read in one
     * query through the (jobId, tenantId) index; the rows become results on a worker thread (a large job's are
     * thousands), so the caller goes on there.
     */
    public Uni<List<ItemResult>> forJob(UUID jobId, String tenantId) {
        return pool.preparedQuery(FOR_JOB)
                .execute(Tuple.of(jobId, tenantId))
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(rows -> {
                    List<ItemResult> found = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        found.add(read(row));
                    }
                    found.sort(ItemResultRepository.QUESTION_ORDER);
                    return found;
                });
    }

    /** The stored results of these work items, by work-item id (one prepared statement for a whole batch). */
    public Uni<Map<UUID, ItemResult>> findAll(Collection<UUID> workItemIds) {
        return findAll(pool, workItemIds);
    }

    /**
     * Stores new results in one transaction and one round trip, and answers the results that stand, by work-item
     * id: the given one, or — when another delivery stored the item first — the one stored first (the first verdict
     * wins; an insert that meets a concurrent one waits for its commit, so the read-back sees it).
     */
    public Uni<Map<UUID, ItemResult>> insertNew(List<ItemResult> results) {
        if (results.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        List<Tuple> rows = results.stream().map(ItemResultSql::tuple).toList();
        return pool.withTransaction(connection -> connection
                .preparedQuery(INSERT)
                .executeBatch(rows)
                .chain(inserted -> {
                    Map<UUID, ItemResult> standing = new LinkedHashMap<>();
                    List<UUID> conflicting = new ArrayList<>();
                    RowSet<Row> each = inserted;
                    for (ItemResult result : results) {
                        // executeBatch answers one row set per tuple, in order: 0 rows = already stored.
                        if (each.rowCount() == 1) {
                            standing.put(result.workItemId, result);
                        } else {
                            conflicting.add(result.workItemId);
                        }
                        each = each.next();
                    }
                    return conflicting.isEmpty()
                            ? Uni.createFrom().item(standing)
                            : findAll(connection, conflicting).map(stored -> {
                                standing.putAll(stored);
                                return standing;
                            });
                }));
    }

    private static Uni<Map<UUID, ItemResult>> findAll(SqlClient client, Collection<UUID> workItemIds) {
        if (workItemIds.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return client.preparedQuery(SELECT)
                .execute(Tuple.tuple().addArrayOfUUID(workItemIds.toArray(UUID[]::new)))
                .map(rows -> {
                    Map<UUID, ItemResult> found = new LinkedHashMap<>();
                    for (Row row : rows) {
                        ItemResult result = read(row);
                        found.put(result.workItemId, result);
                    }
                    return found;
                });
    }

    static Tuple tuple(ItemResult result) {
        Tuple tuple = Tuple.tuple();
        COLUMNS.forEach(column -> tuple.addValue(column.value(result)));
        return tuple;
    }

    static ItemResult read(Row row) {
        ItemResult result = new ItemResult();
        for (int i = 0; i < COLUMNS.size(); i++) {
            COLUMNS.get(i).read(row, i, result);
        }
        return result;
    }

    /** One column: its name, the Java type the client reads and writes, and the entity's field. */
    record Column<T>(String name, Class<T> type, Function<ItemResult, T> get, BiConsumer<ItemResult, T> set) {

        Object value(ItemResult result) {
            return get.apply(result);
        }

        void read(Row row, int index, ItemResult result) {
            set.accept(result, row.get(type, index));
        }
    }

    private static <T> Column<T> column(
            String field, Class<T> type, Function<ItemResult, T> get, BiConsumer<ItemResult, T> set) {
        return new Column<>(field.toLowerCase(), type, get, set);
    }

    /** An {@code Instant} field: a {@code timestamp with time zone} column, read and written at UTC offset. */
    private static Column<OffsetDateTime> instant(
            String field, Function<ItemResult, Instant> get, BiConsumer<ItemResult, Instant> set) {
        return column(
                field,
                OffsetDateTime.class,
                result -> {
                    Instant value = get.apply(result);
                    return value == null ? null : value.atOffset(ZoneOffset.UTC);
                },
                (result, value) -> set.accept(result, value == null ? null : value.toInstant()));
    }
}
