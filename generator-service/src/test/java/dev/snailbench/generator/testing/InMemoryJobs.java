package dev.snailbench.generator.testing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.snailbench.generator.repository.Job;
import dev.snailbench.generator.repository.JobStatus;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.JobSubmitted;
import dev.snailbench.model.event.ModelBackendsAnnounced;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.MemoryChannels;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Job submission on the generator's in-memory tier: the inference service's announcement of {@link TestBackends#NAMES}
 * sent on its channel, the jobs a submission sent on job-events, and a job as its consumer would have stored it (for
 * a mocked {@code JobRepository#stored}: the job once its event was sent, else none).
 */
public final class InMemoryJobs {

    private InMemoryJobs() {}

    /**
     * Announces {@link TestBackends#NAMES}, waits until the consumer took the announcement (its ack) and checks that
     * {@code GET /backends} shows them.
     */
    public static void announceBackends(MemoryChannels channels, String apiKey) {
        ModelBackendsAnnounced announced = ModelBackendsAnnounced.of(TestBackends.NAMES);
        CompletableFuture<String> outcome = new CompletableFuture<>();
        channels.send(Channels.MODEL_BACKENDS, MemoryChannels.tracked(announced, outcome::complete));
        await().until(outcome::isDone);
        assertThat(outcome.join()).isEqualTo("ack");
        List<String> shown = given().header("X-API-Key", apiKey)
                .get("/backends")
                .then()
                .statusCode(200)
                .extract()
                .path("backends");
        assertThat(shown).isEqualTo(announced.backends());
    }

    /** The jobs sent on job-events so far, in order. */
    public static List<JobSubmitted> sent(MemoryChannels channels) {
        return channels.<byte[]>sent(Channels.JOB_EVENTS_OUT).stream()
                .map(message -> {
                    try {
                        return EventJson.readGzip(message.getPayload(), JobSubmitted.class);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                })
                .toList();
    }

    /** The job queued as its consumer stores it, once its event was sent; null before. */
    public static Job storedOnceSent(MemoryChannels channels, UUID jobId) {
        return sent(channels).stream()
                .filter(event -> event.jobId().equals(jobId))
                .findFirst()
                .map(event -> {
                    Job job = new Job();
                    job.id = jobId;
                    job.tenantId = event.tenantId();
                    job.name = event.spec().name();
                    job.status = JobStatus.QUEUED;
                    job.createdAt = Instant.now();
                    job.updatedAt = job.createdAt;
                    return job;
                })
                .orElse(null);
    }
}
