package dev.snailbench.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.workbench.messaging.TeamDatabases;
import dev.snailbench.workbench.refiner.JobVariant;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.UUID;

/**
 * What job orchestration asks of the schema workbench while it accepts a job: the questions of a named set, whether
 * a built-in crosswalk exists, the tenant's registered database and the schema the job's models are shown. A request
 * the team must change fails with an {@link InvalidInput} naming the job request's field.
 */
public interface Workbench {

    /** Whether the SNAILS data has a crosswalk for {@code schemaId}: its schema can be shown at Regular, Low, Least. */
    boolean hasBuiltInCrosswalk(String schemaId);

    /** A built-in benchmark: {@code footballdb} (dataModel v1–v3, split dev/train) or {@code snails} (database). */
    List<Question> benchmarkQuestions(String benchmark, String dataModel, String split, String database);

    /** Spider/BIRD-style items {@code [{"db_id", "question", "query", "hardness"?}]}. */
    List<Question> spiderQuestions(JsonNode items);

    /**
     * The questions of a set the tenant generated: a synthetic set or a QATCH test suite, exactly one of the two ids.
     * An id the tenant does not have is refused naming {@code questionSet.syntheticSetId} or
     * {@code questionSet.testSuiteId}.
     */
    Uni<List<Question>> storedQuestions(String tenantId, UUID syntheticSetId, UUID testSuiteId);

    /** The registered database's name, kind and the schemas that hold tables, asked of the executor. */
    Uni<TeamDatabases.Registered> registeredDatabase(String tenantId, UUID databaseId);

    /**
     * An inline database checked by the executor (its address, then a login), failing with an {@link InvalidInput}
     * naming {@code database.jdbcUrl} or {@code database.user} when a work item could not reach it.
     */
    Uni<Void> inlineDatabase(String tenantId, DatabaseRef inline);

    /**
     * The schema a job's models are shown: read from the registered database through the executor (keys and
     * {@code sampleValues} values per column), then renamed by the tenant's crosswalk or by the schema variant.
     */
    Uni<TeamSchema> teamSchema(String tenantId, SchemaRequest request);

    /**
     * Which schema to show: {@code crosswalkId} and {@code variant} are each optional and never both (the job
     * request's validation refuses that); {@code dialect} is the database's, used to name a variant's views.
     */
    record SchemaRequest(
            UUID databaseId,
            String nativeSchema,
            int sampleValues,
            UUID crosswalkId,
            JobVariant variant,
            SqlDialect dialect) {}
}
