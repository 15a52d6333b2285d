package dev.snailbench.classifier.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.classifier.service.ClassifierService;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ClassifiedIdentifier;
import dev.snailbench.model.event.ClassificationRequested;
import dev.snailbench.model.event.IdentifiersClassified;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.RealInfrastructure;
import dev.snailbench.testkit.TopicClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over the real broker and PostgreSQL, what the in-memory tier cannot show: a redelivered request answered once (the
 * record in PostgreSQL), the dead-letter topic with its reason, whole schemas' answers past Kafka's 1 MiB default.
 */
@QuarkusTest
@RealInfrastructure
class ClassificationRequestConsumerTest {

    @Inject
    ClassifierService classifier;

    private ClassLoader testClassLoader;

    /**
     * The Kafka clients of {@link TopicClient} resolve plug-in classes (metrics reporters) through the thread's
     * context class loader; point it at the loader that loaded {@link TopicClient} so both see the same classes.
     */
    @BeforeEach
    void useTopicClientClassLoader() {
        testClassLoader = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(TopicClient.class.getClassLoader());
    }

    @AfterEach
    void restoreClassLoader() {
        Thread.currentThread().setContextClassLoader(testClassLoader);
    }

    @Test
    void shouldAnswerARedeliveredRequestOnlyOnce() {
        UUID requestId = UUID.randomUUID();
        ClassificationRequested request =
                ClassificationRequested.of(UUID.randomUUID(), "tenant-b", requestId, List.of("VegHeight"));
        try (TopicClient client = new TopicClient()) {
            client.send(Topics.IDENTIFIERS_TO_CLASSIFY, request.key(), EventJson.write(request));
            assertThat(TopicClient.await(
                            Topics.IDENTIFIERS_CLASSIFIED,
                            r -> requestId.toString().equals(r.key()),
                            1,
                            Duration.ofSeconds(60)))
                    .hasSize(1);
            client.send(Topics.IDENTIFIERS_TO_CLASSIFY, request.key(), EventJson.write(request));
            // A marker request sent after the duplicate: once it is answered, the duplicate has been consumed.
            UUID markerId = UUID.randomUUID();
            ClassificationRequested marker = ClassificationRequested.of(null, "tenant-b", markerId, List.of("x"));
            // Same key, same partition: processed after the duplicate.
            client.send(Topics.IDENTIFIERS_TO_CLASSIFY, request.key(), EventJson.write(marker));
            assertThat(TopicClient.await(
                            Topics.IDENTIFIERS_CLASSIFIED,
                            r -> markerId.toString().equals(r.key()),
                            1,
                            Duration.ofSeconds(60)))
                    .hasSize(1);
        }
        // An answer to the duplicate would have been written before the marker's: the topic as it is holds it.
        assertThat(TopicClient.readToEnd(
                        Topics.IDENTIFIERS_CLASSIFIED, r -> requestId.toString().equals(r.key())))
                .hasSize(1);
    }

    @Test
    void shouldSendARequestWithAnEmptyIdentifierToTheDeadLetterTopicWithTheReason() {
        UUID requestId = UUID.randomUUID();
        ClassificationRequested request =
                ClassificationRequested.of(null, "tenant-c", requestId, List.of("ModelYear", " "));
        try (TopicClient client = new TopicClient()) {
            client.send(Topics.IDENTIFIERS_TO_CLASSIFY, request.key(), EventJson.write(request));
        }
        List<ConsumerRecord<String, byte[]>> dead = TopicClient.await(
                Topics.deadLetter(Topics.IDENTIFIERS_TO_CLASSIFY, "classifier"),
                r -> requestId.toString().equals(r.key()),
                1,
                Duration.ofSeconds(60));
        assertThat(dead).hasSize(1);
        assertThat(TopicClient.headers(dead.get(0)).get("dead-letter-reason")).contains("identifiers[1] is empty");
        assertThat(new String(dead.get(0).value(), StandardCharsets.UTF_8))
                .contains(request.eventId().toString());
    }

    @Test
    void shouldClassifyEveryIdentifierOfTheNineSnailsSchemasOverKafka() throws IOException {
        Map<UUID, List<String>> sent = new LinkedHashMap<>();
        try (TopicClient client = new TopicClient();
                Stream<Path> files = Files.list(DataDir.resolve().resolve("snails/schema"))) {
            for (Path file :
                    files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                Set<String> names = new LinkedHashSet<>();
                for (JsonNode table : new ObjectMapper().readTree(file.toFile()).get("tables")) {
                    names.add(table.get("name").get("Native").asText());
                    table.get("columns")
                            .forEach(c -> names.add(c.get("name").get("Native").asText()));
                }
                ClassificationRequested request =
                        ClassificationRequested.of(null, "tenant-e", UUID.randomUUID(), List.copyOf(names));
                sent.put(request.requestId(), request.identifiers());
                client.send(Topics.IDENTIFIERS_TO_CLASSIFY, request.key(), EventJson.write(request));
            }
        }
        assertThat(sent).hasSize(9);
        List<ConsumerRecord<String, byte[]>> answers = TopicClient.await(
                Topics.IDENTIFIERS_CLASSIFIED,
                r -> sent.containsKey(UUID.fromString(r.key())),
                9,
                Duration.ofSeconds(120));
        assertThat(answers).hasSize(9);
        for (ConsumerRecord<String, byte[]> record : answers) {
            IdentifiersClassified answer = EventJson.read(record.value(), IdentifiersClassified.class);
            List<String> identifiers = sent.get(answer.requestId());
            assertThat(answer.results())
                    .extracting(ClassifiedIdentifier::identifier)
                    .containsExactlyElementsOf(identifiers);
            // The same labels as the service gives on its own (REST uses the same path).
            assertThat(answer.results())
                    .extracting(ClassifiedIdentifier::label)
                    .containsExactlyElementsOf(classifier.classifyBlocking(identifiers).stream()
                            .map(c -> c.label())
                            .toList());
        }
    }
}
