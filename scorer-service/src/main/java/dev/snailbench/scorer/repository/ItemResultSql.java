package dev.snailbench.scorer.repository;

import io.smallrye.mutiny.Uni;
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
 * client prepares once per connection). REST reads and reports stay on {@link ItemResultRepository}.
 *
 * <p>{@link ItemResult} stays the table's only definition (Hibernate's schema management creates it); {@link
 * #COLUMNS} maps each of its fields to its column (the field name, which PostgreSQL folds to lower case), and both
 * statements are built from that one list. A test compares it with the table Hibernate created, so a field added to
 * the entity without a line here fails the build.
 */
@ApplicationScoped
public class ItemResultSql {

    /** {@code quarkus.hibernate-orm.database.default-schema} and the entity's {@code @Table}. */
    static final String TABLE = "scorer.item_result";

    /** Every column of {@code item_result}, in the entity's field order; the primary key first. */
    static final List<Column<?>> COLUMNS = List.of(
            uuid("workItemId", r -> r.workItemId, (r, v) -> r.workItemId = v),
            uuid("jobId", r -> r.jobId, (r, v) -> r.jobId = v),
            text("tenantId", r -> r.tenantId, (r, v) -> r.tenantId = v),
            text("questionId", r -> r.questionId, (r, v) -> r.questionId = v),
            text("model", r -> r.model, (r, v) -> r.model = v),
            text("databaseKey", r -> r.databaseKey, (r, v) -> r.databaseKey = v),
            text("level", r -> r.level, (r, v) -> r.level = v),
            text("dialect", r -> r.dialect, (r, v) -> r.dialect = v),
            text("question", r -> r.question, (r, v) -> r.question = v),
            text("goldSql", r -> r.goldSql, (r, v) -> r.goldSql = v),
            text("predictedSql", r -> r.predictedSql, (r, v) -> r.predictedSql = v),
            text("inferenceError", r -> r.inferenceError, (r, v) -> r.inferenceError = v),
            text("goldStatus", r -> r.goldStatus, (r, v) -> r.goldStatus = v),
            text("goldError", r -> r.goldError, (r, v) -> r.goldError = v),
            integer("goldRows", r -> r.goldRows, (r, v) -> r.goldRows = v),
            decimal("goldSeconds", r -> r.goldSeconds, (r, v) -> r.goldSeconds = v),
            text("predictedStatus", r -> r.predictedStatus, (r, v) -> r.predictedStatus = v),
            text("predictedError", r -> r.predictedError, (r, v) -> r.predictedError = v),
            integer("predictedRows", r -> r.predictedRows, (r, v) -> r.predictedRows = v),
            decimal("predictedSeconds", r -> r.predictedSeconds, (r, v) -> r.predictedSeconds = v),
            text("resultPreview", r -> r.resultPreview, (r, v) -> r.resultPreview = v),
            bool("manualVerdict", r -> r.manualVerdict, (r, v) -> r.manualVerdict = v),
            text("reviewNote", r -> r.reviewNote, (r, v) -> r.reviewNote = v),
            text("reviewedBy", r -> r.reviewedBy, (r, v) -> r.reviewedBy = v),
            instant("reviewedAt", r -> r.reviewedAt, (r, v) -> r.reviewedAt = v),
            text("jobName", r -> r.jobName, (r, v) -> r.jobName = v),
            bool("failed", r -> r.failed, (r, v) -> r.failed = v),
            bool("linkingOnly", r -> r.linkingOnly, (r, v) -> r.linkingOnly = v),
            text("reason", r -> r.reason, (r, v) -> r.reason = v),
            bool("orderBy", r -> r.orderBy, (r, v) -> r.orderBy = v),
            bool("strictMatch", r -> r.strictMatch, (r, v) -> r.strictMatch = v),
            text("strictReason", r -> r.strictReason, (r, v) -> r.strictReason = v),
            text("strictDetail", r -> r.strictDetail, (r, v) -> r.strictDetail = v),
            bool("setMatch", r -> r.setMatch, (r, v) -> r.setMatch = v),
            text("setReason", r -> r.setReason, (r, v) -> r.setReason = v),
            text("setDetail", r -> r.setDetail, (r, v) -> r.setDetail = v),
            bool("relaxedMatch", r -> r.relaxedMatch, (r, v) -> r.relaxedMatch = v),
            text("relaxedReason", r -> r.relaxedReason, (r, v) -> r.relaxedReason = v),
            text("relaxedDetail", r -> r.relaxedDetail, (r, v) -> r.relaxedDetail = v),
            decimal("cellPrecision", r -> r.cellPrecision, (r, v) -> r.cellPrecision = v),
            decimal("cellRecall", r -> r.cellRecall, (r, v) -> r.cellRecall = v),
            decimal("tupleCardinality", r -> r.tupleCardinality, (r, v) -> r.tupleCardinality = v),
            decimal("tupleConstraint", r -> r.tupleConstraint, (r, v) -> r.tupleConstraint = v),
            decimal("tupleOrder", r -> r.tupleOrder, (r, v) -> r.tupleOrder = v),
            decimal("executionAccuracy", r -> r.executionAccuracy, (r, v) -> r.executionAccuracy = v),
            decimal("validEfficiencyScore", r -> r.validEfficiencyScore, (r, v) -> r.validEfficiencyScore = v),
            decimal("softF1", r -> r.softF1, (r, v) -> r.softF1 = v),
            decimal("queryRecall", r -> r.queryRecall, (r, v) -> r.queryRecall = v),
            decimal("queryPrecision", r -> r.queryPrecision, (r, v) -> r.queryPrecision = v),
            decimal("queryF1", r -> r.queryF1, (r, v) -> r.queryF1 = v),
            text("linkingError", r -> r.linkingError, (r, v) -> r.linkingError = v),
            text("linkingMethod", r -> r.linkingMethod, (r, v) -> r.linkingMethod = v),
            bool("multipleStatements", r -> r.multipleStatements, (r, v) -> r.multipleStatements = v),
            text("hardness", r -> r.hardness, (r, v) -> r.hardness = v),
            text("labelledHardness", r -> r.labelledHardness, (r, v) -> r.labelledHardness = v),
            text("linking", r -> r.linking, (r, v) -> r.linking = v),
            text("goldScreening", r -> r.goldScreening, (r, v) -> r.goldScreening = v),
            text("goldNondeterministic", r -> r.goldNondeterministic, (r, v) -> r.goldNondeterministic = v),
            bool("excludedFromAccuracy", r -> r.excludedFromAccuracy, (r, v) -> r.excludedFromAccuracy = v),
            text("goldIdentifiers", r -> r.goldIdentifiers, (r, v) -> r.goldIdentifiers = v),
            text("predictedIdentifiers", r -> r.predictedIdentifiers, (r, v) -> r.predictedIdentifiers = v),
            instant("scoredAt", r -> r.scoredAt, (r, v) -> r.scoredAt = v));

    private static final String NAMES = COLUMNS.stream().map(Column::name).collect(Collectors.joining(", "));
    private static final String SELECT = "SELECT " + NAMES + " FROM " + TABLE + " WHERE workitemid = ANY($1)";
    private static final String INSERT = "INSERT INTO " + TABLE + " (" + NAMES + ") VALUES ("
            + IntStream.rangeClosed(1, COLUMNS.size()).mapToObj(i -> "$" + i).collect(Collectors.joining(", "))
            + ") ON CONFLICT (workitemid) DO NOTHING";

    private final Pool pool;

    public ItemResultSql(Pool pool) {
        this.pool = pool;
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
        return pool.withTransaction(connection -> connection.preparedQuery(INSERT).executeBatch(rows)
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
                    return conflicting.isEmpty() ? Uni.createFrom().item(standing)
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
        return client.preparedQuery(SELECT).execute(Tuple.tuple().addArrayOfUUID(workItemIds.toArray(UUID[]::new)))
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

    private static Column<UUID> uuid(String field, Function<ItemResult, UUID> get, BiConsumer<ItemResult, UUID> set) {
        return new Column<>(field.toLowerCase(), UUID.class, get, set);
    }

    private static Column<String> text(String field, Function<ItemResult, String> get,
            BiConsumer<ItemResult, String> set) {
        return new Column<>(field.toLowerCase(), String.class, get, set);
    }

    private static Column<Integer> integer(String field, Function<ItemResult, Integer> get,
            BiConsumer<ItemResult, Integer> set) {
        return new Column<>(field.toLowerCase(), Integer.class, get, set);
    }

    private static Column<Double> decimal(String field, Function<ItemResult, Double> get,
            BiConsumer<ItemResult, Double> set) {
        return new Column<>(field.toLowerCase(), Double.class, get, set);
    }

    private static Column<Boolean> bool(String field, Function<ItemResult, Boolean> get,
            BiConsumer<ItemResult, Boolean> set) {
        return new Column<>(field.toLowerCase(), Boolean.class, get, set);
    }

    /** An {@code Instant} field: a {@code timestamp with time zone} column, which the client reads and writes as UTC offsets. */
    private static Column<OffsetDateTime> instant(String field, Function<ItemResult, Instant> get,
            BiConsumer<ItemResult, Instant> set) {
        return new Column<>(field.toLowerCase(), OffsetDateTime.class, result -> {
            Instant value = get.apply(result);
            return value == null ? null : value.atOffset(ZoneOffset.UTC);
        }, (result, value) -> set.accept(result, value == null ? null : value.toInstant()));
    }
}
