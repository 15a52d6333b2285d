package dev.snailbench.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.workbench.crosswalk.CrosswalkCatalog;
import dev.snailbench.workbench.crosswalk.Crosswalks;
import dev.snailbench.workbench.messaging.TeamDatabases;
import dev.snailbench.workbench.qatch.TestSuites;
import dev.snailbench.workbench.refiner.JobVariants;
import dev.snailbench.workbench.synthetic.SyntheticSets;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/** The workbench as jobs see it ({@link Workbench}), over the services that own each kind of material. */
@ApplicationScoped
public class WorkbenchService implements Workbench {

    private final CrosswalkCatalog builtInCrosswalks;
    private final Crosswalks crosswalks;
    private final QuestionSets questionSets;
    private final SyntheticSets syntheticSets;
    private final TestSuites testSuites;
    private final TeamDatabases databases;
    private final JobVariants variants;

    public WorkbenchService(
            CrosswalkCatalog builtInCrosswalks,
            Crosswalks crosswalks,
            QuestionSets questionSets,
            SyntheticSets syntheticSets,
            TestSuites testSuites,
            TeamDatabases databases,
            JobVariants variants) {
        this.builtInCrosswalks = builtInCrosswalks;
        this.crosswalks = crosswalks;
        this.questionSets = questionSets;
        this.syntheticSets = syntheticSets;
        this.testSuites = testSuites;
        this.databases = databases;
        this.variants = variants;
    }

    @Override
    public boolean hasBuiltInCrosswalk(String schemaId) {
        return builtInCrosswalks.exists(schemaId);
    }

    @Override
    public List<Question> benchmarkQuestions(String benchmark, String dataModel, String split, String database) {
        return questionSets.benchmark(benchmark, dataModel, split, database);
    }

    @Override
    public List<Question> spiderQuestions(JsonNode items) {
        return QuestionSets.spider(items);
    }

    @Override
    public Uni<List<Question>> storedQuestions(String tenantId, UUID syntheticSetId, UUID testSuiteId) {
        if (syntheticSetId != null && testSuiteId != null) {
            return Uni.createFrom()
                    .failure(InvalidInput.of("questionSet", "name either a syntheticSetId or a testSuiteId, not both"));
        }
        Uni<List<Question>> questions = syntheticSetId != null
                ? syntheticSets.questions(tenantId, syntheticSetId)
                : testSuites.questions(tenantId, testSuiteId);
        String field = syntheticSetId != null ? "questionSet.syntheticSetId" : "questionSet.testSuiteId";
        // An unknown id is the request's mistake (400 naming the field), not a missing job (404).
        return questions
                .onFailure(NotFound.class)
                .transform(e -> InvalidInput.of(field, e.getMessage() + " for this tenant"));
    }

    @Override
    public Uni<TeamDatabases.Registered> registeredDatabase(String tenantId, UUID databaseId) {
        return databases.schemas(tenantId, databaseId);
    }

    @Override
    public Uni<Void> inlineDatabase(String tenantId, DatabaseRef inline) {
        return databases.checkInline(tenantId, inline);
    }

    @Override
    public Uni<TeamSchema> teamSchema(String tenantId, SchemaRequest request) {
        Uni<TeamSchema> schema =
                databases.promptSchema(tenantId, request.databaseId(), request.nativeSchema(), request.sampleValues());
        if (request.variant() != null) {
            return schema.chain(read -> variants.of(read, request.variant(), request.dialect()));
        }
        if (request.crosswalkId() == null) {
            return schema;
        }
        return schema.chain(read -> crosswalks
                .rows(tenantId, request.crosswalkId())
                .onFailure(NotFound.class)
                .transform(e -> InvalidInput.of("crosswalkId", e.getMessage() + " for this tenant"))
                .onFailure(Conflict.class)
                .transform(e -> InvalidInput.of("crosswalkId", e.getMessage()))
                .map(read::withCrosswalk));
    }
}
