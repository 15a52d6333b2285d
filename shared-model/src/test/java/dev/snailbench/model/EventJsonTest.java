package dev.snailbench.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.serde.EventDeserializer;
import dev.snailbench.model.serde.EventSerializer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EventJsonTest {

    private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);

    @Test
    void shouldRoundTripAWorkItemEventThroughTheKafkaSerde() {
        UUID jobId = UUID.randomUUID();
        ModelRef model = ModelRef.replay("gpt");
        WorkItem item = new WorkItem(WorkItem.idFor(jobId, "db", "q1", model, NaturalnessLevel.NATIVE), "q1", "How many?",
                "SELECT 1", SqlDialect.POSTGRESQL, new DatabaseRef(SqlDialect.POSTGRESQL, "jdbc:postgresql://h/db",
                        "u", "sealed", null), model, NaturalnessLevel.NATIVE, null, null, "SELECT 1");
        InferenceRequested event = InferenceRequested.of(jobId, "t1", item);

        byte[] bytes = new EventSerializer().serialize("topic", event);
        InferenceRequested back = new EventDeserializer.OfInferenceRequested().deserialize("topic", bytes);

        assertThat(back).isEqualTo(event);
        assertThat(new String(bytes, StandardCharsets.UTF_8)).contains("\"level\":\"Native\"", "\"dialect\":\"postgresql\"");
        assertThat(back.key()).isEqualTo(item.workItemId().toString());
    }

    @Test
    void shouldRefuseAnEventFromANewerSchemaVersion() {
        String json = "{\"eventId\":\"" + UUID.randomUUID() + "\",\"tenantId\":\"t\",\"schemaVersion\":99}";
        assertThatThrownBy(() -> new EventDeserializer.OfInferenceRequested().deserialize("t",
                json.getBytes(StandardCharsets.UTF_8))).hasMessageContaining("schema version 99");
    }

    @Test
    void shouldGiveTheSameWorkItemIdForTheSameSpec() {
        UUID job = UUID.randomUUID();
        assertThat(WorkItem.idFor(job, "db", "q", ModelRef.replay("m"), NaturalnessLevel.LOW))
                .isEqualTo(WorkItem.idFor(job, "db", "q", ModelRef.replay("m"), NaturalnessLevel.LOW))
                .isNotEqualTo(WorkItem.idFor(job, "db", "q", ModelRef.replay("m"), NaturalnessLevel.LEAST));
    }

    @Test
    void shouldOpenOnlyWithTheKeyThatSealed() {
        SecretCipher cipher = new SecretCipher(KEY);
        String sealed = cipher.seal("s3cret");
        assertThat(sealed).doesNotContain("s3cret");
        assertThat(cipher.open(sealed)).isEqualTo("s3cret");
        byte[] other = new byte[32];
        other[0] = 1;
        assertThatThrownBy(() -> new SecretCipher(Base64.getEncoder().encodeToString(other)).open(sealed))
                .hasMessageContaining("cannot be opened");
    }

    @Test
    void shouldNameTheAcceptedValuesOfAnUnknownLevel() {
        assertThatThrownBy(() -> NaturalnessLevel.fromLabel("Lowest")).hasMessageContaining("Native, Regular, Low or Least");
        assertThat(NaturalnessLevel.fromLabel("least")).isEqualTo(NaturalnessLevel.LEAST);
    }
}
