package dev.snailbench.classifier.repository;

import dev.snailbench.classifier.model.ProcessedRequest;
import dev.snailbench.model.event.ClassificationRequested;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Answers each request event once: in one transaction, skips an event already recorded, else runs the answer and
 * records the event with the answer's event id (so the offset commits only after the record does).
 */
@ApplicationScoped
public class ProcessedRequests {

    private static final Logger LOG = Logger.getLogger(ProcessedRequests.class);

    private final ProcessedRequestRepository processed;

    public ProcessedRequests(ProcessedRequestRepository processed) {
        this.processed = processed;
    }

    /** Runs {@code answer} (which yields the answer's event id) unless {@code request} was answered already. */
    public Uni<Void> answerOnce(ClassificationRequested request, Supplier<Uni<UUID>> answer) {
        Context context = Vertx.currentContext();
        return Panache.withTransaction(() -> processed
                .findById(request.eventId())
                .chain(done -> {
                    if (done != null) {
                        LOG.debugf("request event %s already answered, skipping the redelivery", request.eventId());
                        return Uni.createFrom().voidItem();
                    }
                    return answer.get()
                            // Back onto this message's Vert.x context: Hibernate Reactive needs it.
                            .emitOn(task -> context.runOnContext(ignored -> task.run()))
                            .chain(answerId -> processed.persist(new ProcessedRequest(
                                    request.eventId(),
                                    request.requestId(),
                                    answerId,
                                    request.identifiers().size(),
                                    Instant.now())))
                            .replaceWithVoid();
                }));
    }
}
