package dev.snailbench.classifier.messaging;

import dev.snailbench.classifier.repository.ProcessedRequests;
import dev.snailbench.classifier.service.Classification;
import dev.snailbench.classifier.service.ClassifierService;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.ClassificationRequested;
import dev.snailbench.model.event.IdentifiersClassified;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Consumes {@code ClassificationRequested} (topic {@code snailbench.identifiers.to-classify}) and answers with
 * {@code IdentifiersClassified} (topic {@code snailbench.identifiers.classified}), keyed by request id.
 *
 * <p>Idempotent ({@link ProcessedRequests}): the request's event id is recorded in
 * {@code classifier.processed_request} in the same transaction that follows the broker's ack of the answer, so a
 * redelivered request is skipped, and the offset commits only after that. A request with an empty identifier goes to
 * the dead-letter topic with the reason.
 */
@ApplicationScoped
public class ClassificationRequestConsumer {

    private final ClassifierService classifier;
    private final ProcessedRequests processed;
    private final MutinyEmitter<IdentifiersClassified> answers;

    public ClassificationRequestConsumer(
            ClassifierService classifier,
            ProcessedRequests processed,
            @Channel(Channels.IDENTIFIERS_CLASSIFIED_OUT) MutinyEmitter<IdentifiersClassified> answers) {
        this.classifier = classifier;
        this.processed = processed;
        this.answers = answers;
    }

    @Incoming(Channels.IDENTIFIERS_TO_CLASSIFY)
    public Uni<Void> onRequest(ClassificationRequested request) {
        try {
            validate(request);
        } catch (IllegalArgumentException invalid) {
            return Uni.createFrom().failure(invalid);
        }
        Context context = Vertx.currentContext();
        return processed.answerOnce(
                request,
                () -> classifier
                        .classify(request.identifiers())
                        // Back from the worker pool onto this message's Vert.x context, where the transaction runs.
                        .emitOn(task -> context.runOnContext(ignored -> task.run()))
                        .chain(results -> answer(request, results))
                        .map(IdentifiersClassified::eventId));
    }

    private Uni<IdentifiersClassified> answer(ClassificationRequested request, List<Classification> results) {
        IdentifiersClassified answer = IdentifiersClassified.answering(
                request,
                classifier.metadata().modelVersion(),
                results.stream().map(Classification::toClassifiedIdentifier).toList());
        return answers.sendMessage(KafkaRecord.of(answer.key(), answer)).replaceWith(answer);
    }

    /** Refuses a request that cannot be answered; the failure sends it to the dead-letter topic. */
    static void validate(ClassificationRequested request) {
        if (request.requestId() == null) {
            throw new IllegalArgumentException("ClassificationRequested " + request.eventId() + " has no requestId");
        }
        if (request.identifiers() == null) {
            throw new IllegalArgumentException("ClassificationRequested " + request.eventId() + " has no identifiers");
        }
        for (int i = 0; i < request.identifiers().size(); i++) {
            String identifier = request.identifiers().get(i);
            if (identifier == null || identifier.isBlank()) {
                throw new IllegalArgumentException(
                        "ClassificationRequested " + request.eventId() + ": identifiers[" + i + "] is empty");
            }
        }
    }
}
