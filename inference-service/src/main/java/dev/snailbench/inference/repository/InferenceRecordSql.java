package dev.snailbench.inference.repository;

import dev.snailbench.model.domain.Inference;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The work-item path's reads and writes of {@code inference_record} as plain SQL on the reactive client Hibernate
 * Reactive uses (same datasource and pool). Hibernate translates an HQL IN list again whenever the list's size
 * changes and runs every insert through its session's flush; these statements are prepared once per connection.
 * The entity {@link InferenceRecord} stays the table's definition (Hibernate creates it): the columns here are its
 * fields, folded to lower case by PostgreSQL. REST reads stay on the Panache repository.
 */
@ApplicationScoped
public class InferenceRecordSql {

    private static final String ANSWER_COLUMNS = "workitemid, predictedsql, rawanswer, error, latencymillis";

    private final Pool pool;
    private final String find;
    private final String insert;

    public InferenceRecordSql(
            Pool pool, @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        String table = schema + ".inference_record";
        this.find = "SELECT " + ANSWER_COLUMNS + " FROM " + table + " WHERE workitemid = ANY($1)";
        this.insert = "INSERT INTO " + table + " (workitemid, jobid, tenantid, questionid, backend, model, level,"
                + " prompt, rawanswer, predictedsql, error, rawresponse, latencymillis, prompttokens,"
                + " completiontokens, costusd, cached, unknownidentifiers, denaturalization, createdat)"
                + " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)"
                + " ON CONFLICT (workitemid) DO NOTHING RETURNING workitemid";
    }

    /** The stored answers among these work items, by work item id (absent: none stored). */
    public Uni<Map<UUID, Inference>> answers(Collection<UUID> workItemIds) {
        return answers(pool, workItemIds);
    }

    /**
     * Stores the records in one transaction and one round of statements (a prepared insert run as a batch). A work
     * item stored meanwhile by another delivery keeps its row: the answer returned for it is the one stored first,
     * read back in the same transaction. Returns the stored answer of every record, by work item id.
     */
    public Uni<Map<UUID, Inference>> storeFirst(List<InferenceRecord> records) {
        if (records.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        List<Tuple> rows = records.stream().map(InferenceRecordSql::tuple).toList();
        return pool.withTransaction(connection -> connection
                .preparedQuery(insert)
                .executeBatch(rows)
                .chain(inserted -> {
                    Set<UUID> stored = insertedIds(inserted);
                    Map<UUID, Inference> answers = new HashMap<>();
                    List<UUID> lost = new ArrayList<>();
                    for (InferenceRecord r : records) {
                        if (stored.contains(r.workItemId)) {
                            answers.put(r.workItemId, r.toInference());
                        } else {
                            lost.add(r.workItemId);
                        }
                    }
                    if (lost.isEmpty()) {
                        return Uni.createFrom().item(answers);
                    }
                    return answers(connection, lost).map(first -> {
                        answers.putAll(first);
                        return answers;
                    });
                }));
    }

    private Uni<Map<UUID, Inference>> answers(SqlClient client, Collection<UUID> workItemIds) {
        if (workItemIds.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return client.preparedQuery(find)
                .execute(Tuple.of(workItemIds.toArray(UUID[]::new)))
                .map(rows -> {
                    Map<UUID, Inference> answers = new HashMap<>();
                    for (Row row : rows) {
                        answers.put(
                                row.getUUID(0),
                                new Inference(row.getString(1), row.getString(2), row.getString(3), row.getLong(4)));
                    }
                    return answers;
                });
    }

    /** A batch's result is a chain of row sets, one per tuple: a conflicting tuple's returns no row. */
    private static Set<UUID> insertedIds(RowSet<Row> first) {
        Set<UUID> ids = new HashSet<>();
        for (RowSet<Row> set = first; set != null; set = set.next()) {
            for (Row row : set) {
                ids.add(row.getUUID(0));
            }
        }
        return ids;
    }

    private static Tuple tuple(InferenceRecord r) {
        // Tuple.from keeps nulls; the prepared statement's parameter types come from the table.
        return Tuple.from(Arrays.asList(
                r.workItemId,
                r.jobId,
                r.tenantId,
                r.questionId,
                r.backend,
                r.model,
                r.level,
                r.prompt,
                r.rawAnswer,
                r.predictedSql,
                r.error,
                r.rawResponse,
                r.latencyMillis,
                r.promptTokens,
                r.completionTokens,
                r.costUsd,
                r.cached,
                r.unknownIdentifiers,
                r.denaturalization,
                r.createdAt == null ? null : OffsetDateTime.ofInstant(r.createdAt, ZoneOffset.UTC)));
    }
}
