package dev.snailbench.generator.service;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import dev.snailbench.generator.config.JobsConfig;
import dev.snailbench.generator.config.SecretsConfig;
import dev.snailbench.generator.messaging.JobCancellationPublisher;
import dev.snailbench.generator.repository.Job;
import dev.snailbench.generator.repository.JobRepository;
import dev.snailbench.generator.repository.JobStatus;
import dev.snailbench.generator.repository.WorkItemStateRepository;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.NameUuids;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.event.JobSubmitted;
import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.model.problem.TooLarge;
import dev.snailbench.model.problem.Unavailable;
import dev.snailbench.model.request.JobRequest;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.model.serde.EventRecords;
import dev.snailbench.workbench.Workbench;
import dev.snailbench.workbench.support.Blocking;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Accepts jobs by publishing {@link JobSubmitted}. The generator's own consumer persists and expands it
 * (see {@code JobSubmittedConsumer}), so the job table and the topic can never disagree.
 */
@ApplicationScoped
public class JobService {

    private final JobRepository jobs;
    /** JobSubmitted as compressed JSON written here: its size is checked before it is sent, and it is written once. */
    private final MutinyEmitter<byte[]> emitter;

    private final JobsConfig config;
    private final SecretCipher cipher;
    private final Workbench workbench;
    private final JobCancellationPublisher cancellations;
    private final ModelBackends backends;
    private final WorkItemStateRepository items;
    private final Validator validator;
    private final SubmittedSql sql;

    public JobService(
            JobRepository jobs,
            JobsConfig config,
            SecretsConfig secrets,
            Workbench workbench,
            ModelBackends backends,
            WorkItemStateRepository items,
            @Channel(Channels.JOB_EVENTS_OUT) MutinyEmitter<byte[]> emitter,
            JobCancellationPublisher cancellations,
            Validator validator,
            SubmittedSql sql) {
        this.cancellations = cancellations;
        this.validator = validator;
        this.sql = sql;
        this.jobs = jobs;
        this.config = config;
        this.cipher = secrets.cipher();
        this.workbench = workbench;
        this.backends = backends;
        this.items = items;
        this.emitter = emitter;
    }

    /**
     * The answer to a submission: {@code existing} is true when the same spec had been submitted before (the job id
     * is derived from the spec), and the job's progress is then as {@code GET /jobs/{id}} shows it.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Accepted(
            UUID jobId, JobStatus status, boolean existing, Integer total, Integer done, Integer failed) {

        static Accepted created(UUID jobId, JobStatus status) {
            return new Accepted(jobId, status, false, null, null, null);
        }

        static Accepted existing(Job job) {
            return new Accepted(job.id, job.status, true, job.total, job.done, job.failed);
        }
    }

    /**
     * Validates and publishes the job; resubmitting the same spec answers with the job that exists. Before anything
     * is accepted, what could only fail is refused with the field to fix: the request's constraints and rules
     * ({@link JobRequest}), predictions that answer no question or are missing ({@link JobChecks}), SQL that cannot
     * run ({@link SubmittedSql}), a model backend the inference service does not have ({@link ModelBackends}), a
     * registered database that is not the tenant's, of another kind, or without the schema named, an inline database
     * whose address or login the executor refuses ({@link Workbench}). {@code reading} is the request as it is read
     * (null for an empty body), subscribed to at once.
     */
    public Uni<Accepted> submit(String tenantId, Uni<JobRequest> reading) {
        // Read, checked and sent at once; the wait for the stored job starts from a future, so that nothing of the
        // request stays reachable through a pipeline while the consumer stores the job (a large job's intake is the
        // generator's memory peak; JobResource reads the body itself for the same reason).
        CompletableFuture<Accepted> sent =
                reading.chain(request -> checkAndSend(tenantId, request)).subscribeAsCompletionStage();
        return Uni.createFrom()
                .completionStage(sent)
                .chain(accepted -> accepted.existing() ? Uni.createFrom().item(accepted) : stored(accepted.jobId()));
    }

    /** The job that exists, or the new job once the broker has it (not yet stored: {@link #stored} waits for that). */
    private Uni<Accepted> checkAndSend(String tenantId, JobRequest request) {
        if (request == null) {
            return Uni.createFrom().failure(InvalidInput.of("body", "a job needs a JSON body"));
        }
        // The request's own constraints and rules first, every broken one in the answer (ProblemMappers).
        Set<ConstraintViolation<JobRequest>> violations = validator.validate(request);
        if (!violations.isEmpty()) {
            return Uni.createFrom().failure(new ConstraintViolationException(violations));
        }
        UUID jobId = jobIdOf(tenantId, request);
        return jobs.stored(jobId)
                .chain(existing -> existing != null
                        ? Uni.createFrom().item(Accepted.existing(existing))
                        : validated(tenantId, jobId, request));
    }

    /**
     * The job resolved and checked against what it names: its questions and predictions, its SQL, the model backends,
     * its database (asked of the executor), then the schema its models are shown; then sent.
     */
    private Uni<Accepted> validated(String tenantId, UUID jobId, JobRequest request) {
        return storedQuestions(tenantId, request.questionSet())
                .map(stored -> resolved(tenantId, request, stored))
                .call(spec -> sql.check(request, spec))
                .call(spec -> backends.checked(spec.models()))
                .chain(spec -> onDatabase(tenantId, request, spec))
                .chain(spec -> JobRequestMapper.needsTeamSchema(request)
                        ? teamSchema(tenantId, request, spec)
                                .chain(schema -> submit(tenantId, jobId, spec.withTeamSchema(schema)))
                        : submit(tenantId, jobId, spec));
    }

    /** The job's event, once its questions are known, with what those decide checked. */
    private JobSpec resolved(String tenantId, JobRequest request, List<Question> stored) {
        List<Question> questions;
        if (request.questionSet() == null) {
            questions = request.questions().stream()
                    .map(q -> new Question(q.id(), q.question(), q.goldSql(), q.hardness()))
                    .toList();
        } else {
            questions = stored != null ? stored : questionsOf(request.questionSet());
            JobChecks.questionSet(questions);
        }
        JobSpec spec = JobRequestMapper.toSpec(tenantId, request, cipher, questions);
        JobChecks.spec(spec, workbench::hasBuiltInCrosswalk, config.maxWorkItems());
        JobChecks.predictions(request, spec);
        return spec;
    }

    /**
     * The database the job runs on, asked of the executor: a registered one must be the tenant's, of the job's
     * dialect, with the schema the job names (its registered name then travels with the job, so reports show it
     * rather than its id); an inline one must pass the executor's address rules and accept its login.
     */
    private Uni<JobSpec> onDatabase(String tenantId, JobRequest request, JobSpec spec) {
        UUID registered = JobRequestMapper.registeredDatabase(request);
        if (registered != null) {
            return workbench.registeredDatabase(tenantId, registered).map(db -> {
                JobChecks.registered(request, registered, db);
                return spec.withDatabaseName(db.name())
                        .withSchema(JobChecks.schemaAsSpelled(request, registered, db.schemas()));
            });
        }
        if (spec.database() != null) {
            return workbench.inlineDatabase(tenantId, spec.database()).replaceWith(spec);
        }
        return Uni.createFrom().item(spec);
    }

    /** The team's schema as the job's models see it: renamed by the job's crosswalk or schema variant, if any. */
    private Uni<TeamSchema> teamSchema(String tenantId, JobRequest request, JobSpec spec) {
        return workbench.teamSchema(
                tenantId,
                new Workbench.SchemaRequest(
                        UUID.fromString(spec.database().databaseId()),
                        spec.database().schema(),
                        spec.promptOptions().sampleValues(),
                        request.crosswalkId(),
                        JobRequestMapper.schemaVariant(request),
                        spec.dialect()));
    }

    /** The questions of a set the tenant stored (synthetic or QATCH), or null when the request names none. */
    private Uni<List<Question>> storedQuestions(String tenantId, JobRequest.QuestionSetRequest set) {
        if (set == null || !set.stored()) {
            return Uni.createFrom().nullItem();
        }
        return workbench.storedQuestions(tenantId, set.syntheticSetId(), set.testSuiteId());
    }

    private Uni<Accepted> submit(String tenantId, UUID jobId, JobSpec spec) {
        return jobs.stored(jobId)
                .chain(existing -> existing != null
                        ? Uni.createFrom().item(Accepted.existing(existing))
                        : publish(JobSubmitted.of(jobId, tenantId, spec)));
    }

    /**
     * Largest {@code JobSubmitted} event: the job-events producer's {@code max.request.size} and the broker's
     * {@code message.max.bytes} (the platform's one event size, 32 MiB), less room for headers.
     */
    static final int MAX_JOB_EVENT_BYTES = 33_554_432 - (1 << 16);

    /** A job whose compressed event is over the limit (413 with the sizes, naming the questions to split). */
    static TooLarge jobTooLarge(int bytes) {
        return new TooLarge(
                "the job's event is " + bytes + " bytes compressed, at most " + MAX_JOB_EVENT_BYTES
                        + " fit in one job event: split the questions into several jobs",
                "questions");
    }

    /**
     * Sends the job compressed ({@link EventJson#writeGzip}): the generator's consumer then fetches, copies and parses
     * a fifth of the JSON's bytes, and a job's intake is its memory peak. Written on a worker (tens of milliseconds
     * for a large job), then back on the caller's context, where Hibernate Reactive waits for the stored job.
     */
    private Uni<Accepted> publish(JobSubmitted event) {
        return Blocking.run(() -> EventJson.writeGzip(event), Job.COMPRESSION_DEADLINE)
                .chain(gzip -> gzip.length > MAX_JOB_EVENT_BYTES
                        ? Uni.createFrom().failure(jobTooLarge(gzip.length))
                        : EventRecords.send(emitter, List.of(new EventRecords.Encoded(event.key(), gzip))))
                .replaceWith(Accepted.created(event.jobId(), JobStatus.QUEUED));
    }

    /** The sent job once its consumer has stored it, so that GET /jobs/{id} finds what POST answered. */
    private Uni<Accepted> stored(UUID jobId) {
        return jobs.stored(jobId)
                .onItem()
                .ifNull()
                .failWith(() -> Unavailable.notReadableYet("job " + jobId))
                .onFailure(Unavailable.class)
                .retry()
                .withBackOff(Duration.ofMillis(20), Duration.ofMillis(200))
                .expireIn(config.visibilityWait().toMillis())
                .map(job -> Accepted.created(job.id, job.status))
                // Accepted all the same: the consumer will store it; GET answers 404 until then.
                .onFailure(Unavailable.class)
                .recoverWithItem(Accepted.created(jobId, JobStatus.QUEUED));
    }

    private List<Question> questionsOf(JobRequest.QuestionSetRequest set) {
        if ("spider".equals(set.format())) {
            return workbench.spiderQuestions(set.items());
        }
        if (set.format() != null) {
            throw InvalidInput.of("questionSet.format", "unknown format '" + set.format() + "' (spider)");
        }
        return workbench.benchmarkQuestions(set.benchmark(), set.dataModel(), set.split(), set.database());
    }

    /** A job with its commonest failure reasons (at most {@link #TOP_REASONS}; empty when no item failed). */
    public record JobState(Job job, List<WorkItemStateRepository.ReasonCount> topReasons) {}

    public static final int TOP_REASONS = 5;

    /** The job as {@code GET /jobs/{id}} shows it: its counters and why its items failed. */
    public Uni<JobState> state(String tenantId, UUID jobId) {
        return get(tenantId, jobId)
                .chain(job -> job.failed == 0
                        ? Uni.createFrom().item(new JobState(job, List.of()))
                        : Panache.withSession(() -> items.topReasons(job.id, TOP_REASONS))
                                .map(top -> new JobState(job, top)));
    }

    public Uni<Job> get(String tenantId, UUID jobId) {
        return Panache.withSession(() -> jobs.findForTenant(jobId, tenantId))
                .onItem()
                .ifNull()
                .failWith(() -> new NotFound("no job " + jobId));
    }

    /**
     * Cancels a queued or running job: publishing stops at the next batch, the job stays {@code cancelled} whatever
     * verdicts still arrive, and a {@code JobCancelled} tells the inference service and the executor to skip its items
     * still in flight (they get no verdict: {@code done} and {@code failed} count only the items that ran). Answered
     * once the broker has the event; if it could not be sent the call fails (500) and cancelling again, which is
     * harmless, sends it again. A completed or failed job cannot be cancelled (a {@link Conflict}).
     */
    public Uni<Job> cancel(String tenantId, UUID jobId) {
        return Panache.withTransaction(() -> jobs.cancel(jobId, tenantId, "cancelled by the tenant"))
                .chain(() -> get(tenantId, jobId))
                .invoke(job -> {
                    if (job.status != JobStatus.CANCELLED) {
                        throw jobFinished(job.id, job.status);
                    }
                })
                .call(job -> cancellations.publish(job.id, tenantId, job.reason));
    }

    /** A job that has already finished cannot change its outcome (409 naming its status). */
    static Conflict jobFinished(UUID jobId, JobStatus status) {
        return new Conflict("job " + jobId + " is already " + status.json() + " and cannot be cancelled", "status");
    }

    /**
     * The job read again every {@code snailbench.jobs.progress-every} for as long as the subscriber listens (each read
     * a short session of its own, on the caller's Vert.x context as Hibernate Reactive needs).
     */
    public Multi<JobState> progress(String tenantId, UUID jobId) {
        Context context = Vertx.currentContext();
        return Multi.createBy()
                .repeating()
                .uni(() -> Uni.createFrom()
                        .deferred(() -> state(tenantId, jobId))
                        .runSubscriptionOn(task -> context.runOnContext(ignored -> task.run())))
                .withDelay(config.progressEvery())
                .indefinitely();
    }

    public Uni<List<Job>> list(String tenantId) {
        return Panache.withSession(() -> jobs.listForTenant(tenantId));
    }

    /**
     * The same tenant submitting the same request gets the same job id. The id hashes the request's canonical JSON:
     * object keys sorted, null and absent fields left out (so a field added to the API later does not change the
     * id of requests that do not use it), and the database password removed (the identity of a job is what it
     * evaluates, and the id must not be derived from a secret). The JSON is streamed into the digest as it is
     * written, never held: as a tree of maps and then a text, a 10,000-question request made 33 MB of garbage.
     */
    static UUID jobIdOf(String tenantId, JobRequest request) {
        MessageDigest md5 = NameUuids.md5();
        md5.update((tenantId + "|").getBytes(StandardCharsets.UTF_8));
        try {
            CANONICAL.writeValue(new DigestOutputStream(OutputStream.nullOutputStream(), md5), request);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return NameUuids.fromDigest(md5.digest());
    }

    /** Leaves the password out of the hashed JSON. */
    @JsonIgnoreProperties("password")
    private interface WithoutPassword {}

    /**
     * One JSON text per request content, whatever the field order or optional fields: properties and map keys sorted
     * (creator properties not first, so that a record's components sort among all its properties), the keys of any
     * JSON the request carries as it is (a spider question set) sorted too, nulls left out.
     */
    private static final ObjectMapper CANONICAL = EventJson.mapper()
            .copy()
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
            .configure(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY, true)
            .configure(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST, false)
            .configure(JsonNodeFeature.WRITE_PROPERTIES_SORTED, true)
            .configure(JsonNodeFeature.WRITE_NULL_PROPERTIES, false)
            .addMixIn(JobRequest.DatabaseRequest.class, WithoutPassword.class);
}
