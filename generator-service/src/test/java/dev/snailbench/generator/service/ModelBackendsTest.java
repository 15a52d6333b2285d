package dev.snailbench.generator.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.generator.config.JobsConfig;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.event.ModelBackendsAnnounced;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.Unavailable;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A model job is checked against the backends the inference service announced, waiting for the first one. */
class ModelBackendsTest {

    private static final ModelRef OPENAI = new ModelRef("gpt", "openai", "gpt-4o-mini", null, null, null);

    @Test
    void shouldAnswer503WhenNoAnnouncementArrivesWithinTheWaitButNeverMakeAReplayJobWait() {
        ModelBackends backends = new ModelBackends(config(Duration.ofMillis(200)));

        backends.checked(List.of(ModelRef.replay("recorded"))).await().atMost(Duration.ofMillis(50));
        assertThatThrownBy(() -> backends.checked(List.of(OPENAI)).await().atMost(Duration.ofSeconds(5)))
                .isInstanceOf(Unavailable.class)
                .hasMessageContaining("models[0].backend: the inference service has not announced its configured "
                        + "backends within 0.2 s");
    }

    @Test
    void shouldCheckAJobSubmittedBeforeTheFirstAnnouncementOnceItArrives() throws Exception {
        ModelBackends backends = new ModelBackends(config(Duration.ofSeconds(10)));
        CompletableFuture<Void> known = backends.checked(List.of(OPENAI)).subscribeAsCompletionStage();
        CompletableFuture<Void> unknown = backends.checked(List.of(new ModelRef("x", "azure", null, null, null, null)))
                .subscribeAsCompletionStage();
        assertThat(known).isNotDone();

        backends.announced(ModelBackendsAnnounced.of(List.of("openai", "local")));

        known.get(5, TimeUnit.SECONDS);
        assertThatThrownBy(() -> unknown.get(5, TimeUnit.SECONDS))
                .hasCauseInstanceOf(InvalidInput.class)
                .hasMessageContaining("models[0].backend: backend 'azure' is not configured in the inference service "
                        + "(configured: [local, openai], plus replay");
    }

    private static JobsConfig config(Duration backendsWait) {
        return new JobsConfig() {
            @Override
            public int window() {
                return 400;
            }

            @Override
            public int itemsPerRecord() {
                return 50;
            }

            @Override
            public int maxRecordBytes() {
                return 33_488_896;
            }

            @Override
            public int maxWorkItems() {
                return 50_000;
            }

            @Override
            public Duration visibilityWait() {
                return Duration.ofSeconds(30);
            }

            @Override
            public Duration backendsWait() {
                return backendsWait;
            }

            @Override
            public Duration sqlCheckTimeout() {
                return Duration.ofMinutes(2);
            }

            @Override
            public String publishEvery() {
                return "1s";
            }

            @Override
            public Duration progressEvery() {
                return Duration.ofMillis(500);
            }
        };
    }
}
