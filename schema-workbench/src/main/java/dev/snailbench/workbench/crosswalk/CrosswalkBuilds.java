package dev.snailbench.workbench.crosswalk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.ClassifiedIdentifier;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.IdentifiersClassified;
import dev.snailbench.workbench.llm.IdentifierLlm;
import dev.snailbench.workbench.messaging.ClassificationClient;
import dev.snailbench.workbench.repository.Crosswalk;
import dev.snailbench.workbench.repository.CrosswalkRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import org.jboss.logging.Logger;

/**
 * Builds a crosswalk for a new database in two steps joined by Kafka: {@link #start} stores the request and
 * asks the classifier to label every distinct identifier (requestId = crosswalk id); {@link #complete}
 * receives the labels, renames (LLM expansion and abbreviation when asked, rules otherwise) and stores the rows.
 */
@ApplicationScoped
public class CrosswalkBuilds {

    private static final Logger LOG = Logger.getLogger(CrosswalkBuilds.class);

    private final CrosswalkRepository repository;
    private final ClassificationClient classifier;
    private final IdentifierLlm llm;
    private final ObjectMapper mapper;

    public CrosswalkBuilds(
            CrosswalkRepository repository, ClassificationClient classifier, IdentifierLlm llm, ObjectMapper mapper) {
        this.repository = repository;
        this.classifier = classifier;
        this.llm = llm;
        this.mapper = mapper;
    }

    /** Stores the build as CLASSIFYING, then publishes the classification request. */
    public Uni<Crosswalk> start(String tenantId, CrosswalkBuildSpec spec) {
        Crosswalk cw = new Crosswalk();
        cw.id = UUID.randomUUID();
        cw.tenantId = tenantId;
        cw.name = spec.name();
        cw.origin = "build";
        cw.dialect = spec.dialect();
        cw.status = Crosswalk.Status.CLASSIFYING;
        cw.buildSpec = json(spec);
        cw.createdAt = Instant.now();
        List<String> identifiers = spec.schema().distinctIdentifiers();
        return Panache.withTransaction(() -> repository.persist(cw))
                .chain(() -> classifier.request(tenantId, cw.id, identifiers))
                .onFailure()
                .call(e -> fail(cw.id, "could not publish the classification request: " + e.getMessage()))
                .replaceWith(cw);
    }

    /** Handles one classifier answer; anything but a pending build of ours is acknowledged and skipped. */
    public Uni<Void> complete(IdentifiersClassified answer) {
        return Panache.withSession(() -> repository.findById(answer.requestId()))
                .chain(cw -> {
                    if (cw == null || cw.status != Crosswalk.Status.CLASSIFYING) {
                        return Uni.createFrom().voidItem();
                    }
                    if (!cw.tenantId.equals(answer.tenantId())) {
                        LOG.warnf(
                                "classification answer %s names tenant %s, crosswalk %s belongs to another: skipped",
                                answer.eventId(), answer.tenantId(), cw.id);
                        return Uni.createFrom().voidItem();
                    }
                    CrosswalkBuildSpec spec = read(cw.buildSpec);
                    Map<String, NaturalnessLevel> labels = new HashMap<>();
                    for (ClassifiedIdentifier c : answer.results()) {
                        labels.put(c.identifier(), c.label());
                    }
                    List<String> unlabelled = spec.schema().distinctIdentifiers().stream()
                            .filter(id -> labels.get(id) == null || labels.get(id) == NaturalnessLevel.NATIVE)
                            .toList();
                    if (!unlabelled.isEmpty()) {
                        return fail(
                                cw.id,
                                "the classifier gave no label for " + unlabelled.size() + " identifiers, e.g. "
                                        + unlabelled.subList(0, Math.min(5, unlabelled.size())));
                    }
                    return rename(spec, labels)
                            .chain(plan -> store(cw.id, plan))
                            .onFailure()
                            .recoverWithUni(e -> fail(cw.id, e.getMessage()));
                });
    }

    private Uni<CrosswalkPlanner.Plan> rename(CrosswalkBuildSpec spec, Map<String, NaturalnessLevel> labels) {
        SqlDialect dialect = SqlDialect.fromId(spec.dialect());
        Uni<Map<String, String>> expansions = Uni.createFrom().item(Map.of());
        if (spec.expandWithLlm()) {
            List<IdentifierLlm.ExpansionInput> inputs = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (SchemaSpec.Table t : spec.schema().tables()) {
                List<String> columns =
                        t.columns().stream().map(SchemaSpec.Column::name).toList();
                if (labels.get(t.name()) != NaturalnessLevel.REGULAR && seen.add(t.name())) {
                    inputs.add(new IdentifierLlm.ExpansionInput(t.name(), t.name(), columns, null));
                }
                for (SchemaSpec.Column c : t.columns()) {
                    if (labels.get(c.name()) != NaturalnessLevel.REGULAR && seen.add(c.name())) {
                        inputs.add(new IdentifierLlm.ExpansionInput(c.name(), t.name(), columns, c.comment()));
                    }
                }
            }
            expansions = inputs.isEmpty() ? expansions : llm.expand(inputs, spec.dataDictionary());
        }
        return expansions.chain(exp -> {
            if (!spec.abbreviateWithLlm()) {
                return Uni.createFrom()
                        .item(CrosswalkPlanner.plan(spec.schema(), labels, exp, RuleAbbreviator::abbreviate, dialect));
            }
            // The names to abbreviate are the Regular ones (native or expanded).
            List<String> regular = spec.schema().distinctIdentifiers().stream()
                    .map(id -> exp.getOrDefault(id, id))
                    .distinct()
                    .toList();
            return llm.abbreviate(regular, NaturalnessLevel.LOW)
                    .chain(low -> llm.abbreviate(regular, NaturalnessLevel.LEAST)
                            .map(least -> {
                                BiFunction<String, NaturalnessLevel, String> fromLlm = (name, level) -> {
                                    String a = (level == NaturalnessLevel.LOW ? low : least).get(name);
                                    return a != null ? a : RuleAbbreviator.abbreviate(name, level);
                                };
                                return CrosswalkPlanner.plan(spec.schema(), labels, exp, fromLlm, dialect);
                            }));
        });
    }

    /**
     * Stores the rows if the build still waits for them. The build's row is locked first: an answer redelivered to
     * another replica during a rebalance may be handled twice at once, and only the first to lock it stores rows.
     */
    private Uni<Void> store(UUID id, CrosswalkPlanner.Plan plan) {
        return Panache.withTransaction(() -> repository
                .findById(id, LockModeType.PESSIMISTIC_WRITE)
                .chain(cw -> {
                    if (cw.status != Crosswalk.Status.CLASSIFYING) {
                        return Uni.createFrom().voidItem();
                    }
                    cw.status = Crosswalk.Status.READY;
                    cw.entryCount = plan.rows().size();
                    cw.buildReport = json(plan.report());
                    cw.buildSpec = null;
                    cw.completedAt = Instant.now();
                    return repository.persistRows(id, plan.rows());
                }));
    }

    private Uni<Void> fail(UUID id, String error) {
        LOG.warnf("crosswalk build %s failed: %s", id, error);
        return Panache.withTransaction(() -> repository
                        .findById(id, LockModeType.PESSIMISTIC_WRITE)
                        .invoke(cw -> {
                            if (cw != null && cw.status == Crosswalk.Status.CLASSIFYING) {
                                cw.status = Crosswalk.Status.FAILED;
                                cw.error = error == null
                                        ? "unknown error"
                                        : error.length() > 3900 ? error.substring(0, 3900) : error;
                                cw.completedAt = Instant.now();
                            }
                        }))
                .replaceWithVoid();
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private CrosswalkBuildSpec read(String json) {
        try {
            return mapper.readValue(json, CrosswalkBuildSpec.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored build spec is unreadable: " + e.getMessage(), e);
        }
    }
}
