package dev.snailbench.workbench.messaging;

import dev.snailbench.model.Channels;
import dev.snailbench.model.event.IdentifiersClassified;
import dev.snailbench.workbench.crosswalk.CrosswalkBuilds;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Consumes classifier answers (topic identifiers.classified). Answers to other requesters' requests are
 * skipped; a redelivered answer finds its crosswalk already built and changes nothing. The offset commits
 * after the crosswalk's transaction.
 */
@ApplicationScoped
public class ClassificationAnswerConsumer {

    private final CrosswalkBuilds builds;

    public ClassificationAnswerConsumer(CrosswalkBuilds builds) {
        this.builds = builds;
    }

    @Incoming(Channels.IDENTIFIERS_CLASSIFIED)
    public Uni<Void> consume(IdentifiersClassified answer) {
        return builds.complete(answer);
    }
}
