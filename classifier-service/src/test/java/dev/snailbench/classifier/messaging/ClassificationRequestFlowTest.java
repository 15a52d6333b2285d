package dev.snailbench.classifier.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.snailbench.classifier.InMemoryTier;
import dev.snailbench.classifier.repository.ProcessedRequests;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.ClassifiedIdentifier;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.event.ClassificationRequested;
import dev.snailbench.model.event.IdentifiersClassified;
import dev.snailbench.testkit.MemoryChannels;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ClassificationRequestConsumer} on in-memory channels, the record of answered requests mocked: a request in,
 * its answer out (labels in order, keyed by request id), the answer's event id handed to the record; a request that
 * cannot be answered is nacked with the reason. Redelivery and the dead-letter topic are shown over the real broker
 * ({@link ClassificationRequestConsumerTest}).
 */
@QuarkusTest
@InMemoryTier
class ClassificationRequestFlowTest {

    @Inject
    @Any
    MemoryChannels channels;

    @InjectMock
    ProcessedRequests processed;

    private final AtomicReference<UUID> recordedAnswer = new AtomicReference<>();

    @BeforeEach
    void recordEveryAnswer() {
        when(processed.answerOnce(any(), any())).thenAnswer(call -> {
            Supplier<Uni<UUID>> answer = call.getArgument(1);
            return answer.get().invoke(recordedAnswer::set).replaceWithVoid();
        });
        channels.clear(Channels.IDENTIFIERS_CLASSIFIED_OUT);
    }

    @Test
    void shouldAnswerARequestInOrderKeyedByRequestIdAndHandTheAnswersIdToTheRecord() {
        UUID requestId = UUID.randomUUID();
        ClassificationRequested request = ClassificationRequested.of(
                null, "tenant-a", requestId, List.of("service_name", "AdCtTxIRWT", "ModelYear", "DfltSlp"));

        channels.send(Channels.IDENTIFIERS_TO_CLASSIFY, request);

        await().atMost(Duration.ofSeconds(30)).until(() -> answers().size() == 1);
        Message<IdentifiersClassified> message = answers().get(0);
        IdentifiersClassified answer = message.getPayload();
        assertThat(message.getMetadata(OutgoingKafkaRecordMetadata.class))
                .get()
                .extracting(OutgoingKafkaRecordMetadata::getKey)
                .isEqualTo(requestId.toString());
        assertThat(answer.requestEventId()).isEqualTo(request.eventId());
        assertThat(answer.tenantId()).isEqualTo("tenant-a");
        assertThat(answer.modelVersion()).startsWith("naturalness-");
        assertThat(answer.results())
                .extracting(ClassifiedIdentifier::identifier)
                .containsExactly("service_name", "AdCtTxIRWT", "ModelYear", "DfltSlp");
        assertThat(answer.results())
                .extracting(ClassifiedIdentifier::label)
                .containsExactly(
                        NaturalnessLevel.REGULAR,
                        NaturalnessLevel.LEAST,
                        NaturalnessLevel.REGULAR,
                        NaturalnessLevel.LEAST);
        verify(processed).answerOnce(eq(request), any());
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(recordedAnswer.get()).isEqualTo(answer.eventId()));
    }

    @Test
    void shouldNackARequestWithAnEmptyIdentifierWithTheReasonAndAnswerNothing() throws Exception {
        ClassificationRequested request =
                ClassificationRequested.of(null, "tenant-c", UUID.randomUUID(), List.of("ModelYear", " "));
        CompletableFuture<Throwable> nacked = new CompletableFuture<>();

        channels.send(Channels.IDENTIFIERS_TO_CLASSIFY, Message.of(request).withNack(reason -> {
            nacked.complete(reason);
            return CompletableFuture.completedFuture(null);
        }));

        assertThat(nacked.get(30, TimeUnit.SECONDS)).hasMessageContaining("identifiers[1] is empty");
        assertThat(answers()).isEmpty();
        verifyNoInteractions(processed);
    }

    private List<Message<IdentifiersClassified>> answers() {
        return channels.sent(Channels.IDENTIFIERS_CLASSIFIED_OUT);
    }
}
