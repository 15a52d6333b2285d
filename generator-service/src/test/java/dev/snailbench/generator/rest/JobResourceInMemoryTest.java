package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.generator.TestTenants;
import dev.snailbench.generator.repository.Job;
import dev.snailbench.generator.repository.JobStatus;
import dev.snailbench.generator.repository.WorkItemStateRepository.ReasonCount;
import dev.snailbench.generator.service.JobService;
import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.model.request.JobRequest;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /jobs} with the job service mocked: what the resource itself does (reads the body, answers 202 or 200 with
 * the job's Location, shows a job's outcome and commonest failure reasons, refuses an id that is not a UUID and a
 * caller without a key before asking the service, answers a job's events until it finishes, 404 before the stream).
 * The checks of a submitted spec and its flow through the broker are the service's ({@code JobResourceTest},
 * {@code JobSpecChecksTest}, {@code JobSubmitChecksTest}, real stack).
 */
@QuarkusTest
@InMemoryTier
class JobResourceInMemoryTest extends InMemoryTenantTest {

    @InjectMock
    JobService jobs;

    /** The request the resource handed the service: empty until one was read, null inside for an empty body. */
    private final AtomicReference<Optional<JobRequest>> read = new AtomicReference<>();

    @BeforeEach
    void readTheRequestAsTheServiceDoes() {
        read.set(null);
        when(jobs.submit(any(), any())).thenAnswer(call -> {
            Uni<JobRequest> reading = call.getArgument(1);
            return reading.map(request -> {
                read.set(Optional.ofNullable(request));
                return new JobService.Accepted(
                        UUID.nameUUIDFromBytes(String.valueOf(request).getBytes()),
                        JobStatus.QUEUED,
                        false,
                        null,
                        null,
                        null);
            });
        });
    }

    @Test
    void shouldAcceptANewJobWith202AndItsLocationAndAnExistingOneWith200() {
        String jobId = TestTenants.submitJob(key(), Map.of("name", "in-memory job", "dialect", "postgresql"))
                .statusCode(202)
                .body("status", equalTo("queued"))
                .body("existing", equalTo(false))
                .extract()
                .path("jobId");
        assertThat(read.get().orElseThrow().name()).isEqualTo("in-memory job");
        verify(jobs).submit(eq(InMemoryTenant.TENANT), any());

        UUID existing = UUID.randomUUID();
        doReturn(Uni.createFrom().item(new JobService.Accepted(existing, JobStatus.RUNNING, true, 10, 4, 1)))
                .when(jobs)
                .submit(any(), any());
        TestTenants.submitJob(key(), Map.of("name", "in-memory job"))
                .statusCode(200)
                .header("Location", "/jobs/" + existing)
                .body("existing", equalTo(true))
                .body("total", equalTo(10))
                .body("done", equalTo(4));
        assertThat(jobId).isNotBlank();
    }

    @Test
    void shouldHandTheServiceNoRequestForAnEmptyBodyAndExplainAnUnreadableOne() {
        TestTenants.submitJob(key(), "").statusCode(202);
        assertThat(read.get()).isEmpty();
        TestTenants.submitJob(key(), "null").statusCode(202);
        assertThat(read.get()).isEmpty();

        read.set(null);
        TestTenants.submitJob(key(), "{\"name\": \"cut off")
                .statusCode(400)
                .body("error", containsString("Unexpected end-of-input"));
        TestTenants.submitJob(key(), "{\"name\": \"x\", \"questions\": 3}")
                .statusCode(400)
                .body("field", equalTo("questions"));
        TestTenants.submitJob(key(), "{\"name\": \"x\", \"unheard\": 1}")
                .statusCode(400)
                .body("error", containsString("unheard"));
        assertThat(read.get()).isNull();
        given().header("X-API-Key", key())
                .contentType(ContentType.TEXT)
                .body("{\"name\": \"not JSON\"}")
                .post("/jobs")
                .then()
                .statusCode(415);
    }

    @Test
    void shouldListTheTenantsJobsWithTheirOutcome() {
        Job done = job(JobStatus.COMPLETED, 4, 1);
        Job running = job(JobStatus.RUNNING, 0, 0);
        when(jobs.list(InMemoryTenant.TENANT)).thenReturn(Uni.createFrom().item(List.of(running, done)));

        given().header("X-API-Key", key())
                .get("/jobs")
                .then()
                .statusCode(200)
                .body("size()", equalTo(2))
                .body("[0].jobId", equalTo(running.id.toString()))
                .body("[0].outcome", nullValue())
                .body("[1].status", equalTo("completed"))
                .body("[1].outcome", equalTo("some-failed"))
                .body("[1].topReasons", nullValue());
    }

    @Test
    void shouldShowAJobWithItsCommonestFailureReasonsAndWhyAllItsItemsFailed() {
        Job failed = job(JobStatus.COMPLETED, 4, 4);
        when(jobs.state(InMemoryTenant.TENANT, failed.id))
                .thenReturn(Uni.createFrom()
                        .item(new JobService.JobState(
                                failed, List.of(new ReasonCount("timeout", 3), new ReasonCount("syntax error", 1)))));

        given().header("X-API-Key", key())
                .get("/jobs/" + failed.id)
                .then()
                .statusCode(200)
                .body("outcome", equalTo("all-failed"))
                .body("reason", equalTo("all 4 items failed; the commonest reason (3 items): timeout"))
                .body("topReasons[0].reason", equalTo("timeout"))
                .body("topReasons[0].count", equalTo(3))
                .body("topReasons[1].reason", equalTo("syntax error"));
    }

    @Test
    void shouldAnswerAnUnknownJob404AndAnIdThatIsNotAUuid404WithoutAskingTheService() {
        UUID unknown = UUID.randomUUID();
        when(jobs.state(InMemoryTenant.TENANT, unknown))
                .thenReturn(Uni.createFrom().failure(new NotFound("no job " + unknown)));
        given().header("X-API-Key", key())
                .get("/jobs/" + unknown)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", equalTo("no job " + unknown));

        given().header("X-API-Key", key())
                .get("/jobs/not-a-uuid")
                .then()
                .statusCode(404)
                .body("error", containsString("not-a-uuid"));
        given().header("X-API-Key", key())
                .post("/jobs/not-a-uuid/cancel")
                .then()
                .statusCode(404);
        given().header("X-API-Key", key()).get("/jobs/not-a-uuid/events").then().statusCode(404);
        verify(jobs, org.mockito.Mockito.never()).get(any(), any());
        verify(jobs, org.mockito.Mockito.never()).cancel(any(), any());
    }

    @Test
    void shouldCancelAJobAndAnswerAFinishedOne409() {
        Job cancelled = job(JobStatus.CANCELLED, 2, 0);
        cancelled.reason = "cancelled by the tenant";
        when(jobs.cancel(InMemoryTenant.TENANT, cancelled.id))
                .thenReturn(Uni.createFrom().item(cancelled));
        when(jobs.state(InMemoryTenant.TENANT, cancelled.id))
                .thenReturn(Uni.createFrom().item(new JobService.JobState(cancelled, List.of())));
        given().header("X-API-Key", key())
                .post("/jobs/" + cancelled.id + "/cancel")
                .then()
                .statusCode(200)
                .body("status", equalTo("cancelled"))
                .body("outcome", equalTo("cancelled"))
                .body("reason", equalTo("cancelled by the tenant"));

        UUID finished = UUID.randomUUID();
        when(jobs.cancel(InMemoryTenant.TENANT, finished))
                .thenReturn(Uni.createFrom()
                        .failure(new Conflict(
                                "job " + finished + " is already completed and cannot be cancelled", "status")));
        given().header("X-API-Key", key())
                .post("/jobs/" + finished + "/cancel")
                .then()
                .statusCode(409)
                .body("field", equalTo("status"))
                .body("error", containsString("already completed"));
    }

    @Test
    void shouldStreamAJobsChangesUntilItFinishesAndAnswerAnUnknownOne404BeforeTheStream() {
        Job job = job(JobStatus.RUNNING, 1, 0);
        when(jobs.get(InMemoryTenant.TENANT, job.id))
                .thenReturn(Uni.createFrom().item(job));
        // Reads as the service repeats them: one unchanged read (not sent again), then the finished job; reads after
        // it are never sent.
        when(jobs.progress(InMemoryTenant.TENANT, job.id))
                .thenReturn(Multi.createFrom()
                        .items(
                                state(job, JobStatus.RUNNING, 1),
                                state(job, JobStatus.RUNNING, 1),
                                state(job, JobStatus.RUNNING, 2),
                                state(job, JobStatus.COMPLETED, 3),
                                state(job, JobStatus.COMPLETED, 3)));

        String events = given().header("X-API-Key", key())
                .get("/jobs/" + job.id + "/events")
                .then()
                .statusCode(200)
                .contentType(containsString("text/event-stream"))
                .extract()
                .asString();
        assertThat(events.lines().filter(line -> line.startsWith("data:")).toList())
                .hasSize(3)
                .satisfies(data -> assertThat(data.get(0)).contains("\"done\":1"))
                .satisfies(data -> assertThat(data.get(1)).contains("\"done\":2"))
                .satisfies(data -> assertThat(data.get(2)).contains("\"status\":\"completed\""));

        UUID unknown = UUID.randomUUID();
        when(jobs.get(InMemoryTenant.TENANT, unknown))
                .thenReturn(Uni.createFrom().failure(new NotFound("no job " + unknown)));
        given().header("X-API-Key", key())
                .get("/jobs/" + unknown + "/events")
                .then()
                .statusCode(404)
                .body("error", equalTo("no job " + unknown));
    }

    @Test
    void shouldRefuseACallerWithoutAValidKeyBeforeAskingTheService() {
        given().get("/jobs").then().statusCode(401).body("field", equalTo("X-API-Key"));
        TestTenants.submitJob("sb_not-a-key", Map.of("name", "x"))
                .statusCode(401)
                .body("field", equalTo("X-API-Key"));
        given().header("X-API-Key", "sb_not-a-key")
                .get("/jobs/" + UUID.randomUUID() + "/events")
                .then()
                .statusCode(401);
        verifyNoInteractions(jobs);
    }

    private static JobService.JobState state(Job job, JobStatus status, int done) {
        Job read = job(status, done, 0);
        read.id = job.id;
        return new JobService.JobState(read, List.of());
    }

    private static Job job(JobStatus status, int done, int failed) {
        Job job = new Job();
        job.id = UUID.randomUUID();
        job.tenantId = InMemoryTenant.TENANT;
        job.name = "job " + status.json();
        job.status = status;
        job.total = 4;
        job.done = done;
        job.failed = failed;
        job.createdAt = Instant.parse("2026-01-01T00:00:00Z");
        job.updatedAt = job.createdAt;
        return job;
    }
}
