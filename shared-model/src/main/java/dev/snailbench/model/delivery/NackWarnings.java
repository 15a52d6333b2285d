package dev.snailbench.model.delivery;

import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.WorkItemBatch;
import dev.snailbench.model.event.WorkItemEvent;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

/**
 * No silent nacks: every message a consumer of any channel fails (and that its failure strategy therefore sends to
 * the dead-letter topic) is logged at WARN with the topic, the work item (or event) it carried and the cause.
 * Called by the platform's incoming interceptor ({@code TraceForwarding.Incoming}): SmallRye applies only one
 * incoming interceptor per channel, the one of highest priority, so there cannot be a second one.
 */
public final class NackWarnings {

    private static final Logger LOG = Logger.getLogger(NackWarnings.class);

    private NackWarnings() {}

    public static void log(Message<?> message, Throwable failure) {
        LOG.warnf(
                "nacked %s from %s, dead-lettered: %s",
                describe(message.getPayload()),
                where(message),
                failure == null ? "no cause given" : failure.toString());
    }

    /** topic[partition]@offset of an incoming record. */
    static String where(Message<?> message) {
        return message.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(m -> m.getTopic() + "[" + m.getPartition() + "]@" + m.getOffset())
                .orElse("?");
    }

    static String describe(Object payload) {
        if (payload instanceof WorkItemEvent item) {
            return "work item " + item.workItemId() + " (job " + item.jobId() + ")";
        }
        if (payload instanceof WorkItemBatch batch && batch.items() != null) {
            return batch.items().size() + " work items (job " + batch.jobId() + ", "
                    + batch.getClass().getSimpleName() + " " + batch.eventId() + ")";
        }
        if (payload instanceof Event event) {
            return event.getClass().getSimpleName() + " " + event.eventId();
        }
        return payload == null ? "an unreadable record" : payload.getClass().getSimpleName();
    }
}
