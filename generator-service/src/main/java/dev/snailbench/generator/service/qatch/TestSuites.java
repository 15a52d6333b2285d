package dev.snailbench.generator.service.qatch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.generator.config.QatchConfig;
import dev.snailbench.generator.repository.QatchSuiteEntity;
import dev.snailbench.generator.repository.QatchSuiteRepository;
import dev.snailbench.generator.repository.QatchTestEntity;
import dev.snailbench.generator.service.Blocking;
import dev.snailbench.generator.service.target.TargetDatabases;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.SqlDialect;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.NotFoundException;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * QATCH test suites: generated from a target database through its read-only connection, stored with their
 * expected results, and readable as a question set ({@link #questions}) for jobs.
 */
@ApplicationScoped
public class TestSuites {

    /** A stored suite with its tests. */
    public record Suite(QatchSuiteEntity suite, Map<String, Object> summary, List<QatchTestEntity> tests) {
    }

    private final QatchSuiteRepository repository;
    private final TargetDatabases targets;
    private final QatchConfig config;
    private final ObjectMapper mapper;

    public TestSuites(QatchSuiteRepository repository, TargetDatabases targets, QatchConfig config,
            ObjectMapper mapper) {
        this.repository = repository;
        this.targets = targets;
        this.config = config;
        this.mapper = mapper;
    }

    public Uni<Suite> generate(String tenantId, String name, String targetDatabase, String nativeSchema,
            QatchGenerator.Options options) {
        SqlDialect dialect = targets.dialect(targetDatabase);
        return Blocking.run(() -> {
            try (Connection c = targets.readOnly(targetDatabase)) {
                return QatchGenerator.generate(c, nativeSchema, dialect, options);
            }
        }, Duration.ofSeconds(config.timeoutSeconds())).chain(generated -> {
            QatchSuiteEntity suite = new QatchSuiteEntity();
            suite.id = UUID.randomUUID();
            suite.tenantId = tenantId;
            suite.name = name;
            suite.targetDatabase = targetDatabase;
            suite.nativeSchema = nativeSchema;
            suite.dialect = dialect.id();
            suite.seed = options.seed();
            suite.testCount = generated.tests().size();
            suite.createdAt = Instant.now();
            Map<String, Object> summary = Map.of("requested", options.counts(), "generated", generated.counts(),
                    "tablesProfiled", generated.tablesProfiled(), "droppedTooLarge", generated.droppedTooLarge(),
                    "failedSql", generated.failedSql(), "maxResultRows", options.maxResultRows());
            suite.summary = json(summary);
            List<QatchTestEntity> tests = new ArrayList<>();
            for (int i = 0; i < generated.tests().size(); i++) {
                QatchGenerator.GeneratedTest t = generated.tests().get(i);
                QatchTestEntity e = new QatchTestEntity();
                e.suiteId = suite.id;
                e.ordinal = i;
                e.questionId = t.id();
                e.category = t.category().id();
                e.question = t.question();
                e.goldSql = t.sql();
                e.expectedResult = json(t.expected());
                e.expectedRowCount = t.expected().rows().size();
                tests.add(e);
            }
            return Panache.withTransaction(() -> repository.persist(suite).chain(() -> QatchTestEntity.persist(tests)))
                    .replaceWith(new Suite(suite, summary, tests));
        });
    }

    /** @throws NotFoundException (404) when the tenant has no such suite */
    public Uni<Suite> get(String tenantId, UUID id) {
        return Panache.withSession(() -> repository.findForTenant(tenantId, id)
                .onItem().ifNull().failWith(() -> new NotFoundException("no test suite " + id))
                .chain(suite -> repository.tests(id).map(tests -> new Suite(suite, readSummary(suite.summary), tests))));
    }

    /** The suite as a question set (id, question, gold SQL) for a job. */
    public Uni<List<Question>> questions(String tenantId, UUID id) {
        return get(tenantId, id).map(s -> s.tests().stream()
                .map(t -> new Question(t.questionId, t.question, t.goldSql)).toList());
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> readSummary(String json) {
        try {
            return mapper.readValue(json, Map.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
