package dev.snailbench.inference.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.Topics;
import dev.snailbench.model.event.ModelBackendsAnnounced;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The inference service tells the generator, over the real broker, which backends it is configured with when it
 * starts: the generator then refuses a job naming another one instead of every item failing here.
 * Beyond the in-memory tier: the announcement as a record on the real topic, under its one key.
 */
@QuarkusTest
@RealInfrastructure
class BackendAnnouncerTest {

    @Test
    void shouldAnnounceItsConfiguredBackendsWhenItStarts() {
        List<ModelBackendsAnnounced> announced = TopicClient.await(
                        Topics.MODEL_BACKENDS,
                        r -> ModelBackendsAnnounced.KEY.equals(r.key()),
                        1,
                        Duration.ofSeconds(30))
                .stream()
                .map(r -> EventJson.read(r.value(), ModelBackendsAnnounced.class))
                .toList();

        assertThat(announced).isNotEmpty();
        // The test configuration's backends (RealInfrastructure), sorted; replay is built in and not listed.
        assertThat(announced.get(announced.size() - 1).backends())
                .contains("fake", "fake-legacy")
                .doesNotContain("replay")
                .isSorted();
    }
}
