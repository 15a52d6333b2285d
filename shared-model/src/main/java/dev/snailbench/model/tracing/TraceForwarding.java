package dev.snailbench.model.tracing;

import dev.snailbench.model.delivery.NackWarnings;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.WorkItemBatch;
import dev.snailbench.model.event.WorkItemEvent;
import io.opentelemetry.context.Context;
import io.smallrye.reactive.messaging.IncomingInterceptor;
import io.smallrye.reactive.messaging.OutgoingInterceptor;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.Record;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Continues a work item's trace across a hop. Consumers publish their answer with an emitter, so the outgoing
 * record does not carry the incoming record's tracing metadata; this pair of interceptors remembers the span of
 * each incoming event (by work item, else by job) until it is acknowledged, and makes it the parent of what the
 * consumer sends meanwhile: one trace per work item, from the generator's publication (of the record that carried it,
 * with the other items of that record) to the scorer's verdict.
 * Business code stays free of tracing plumbing.
 */
public final class TraceForwarding {

    /** A safety bound: entries are removed on acknowledgement; this only guards against leaks. */
    private static final int MAX_OPEN = 100_000;

    private static final Map<String, Context> OPEN = new ConcurrentHashMap<>();

    private TraceForwarding() {}

    /** What an incoming event's span is remembered under: each work item it holds, else its job. */
    static List<String> keysOf(Object payload) {
        Object value = payload instanceof Record<?, ?> record ? record.value() : payload;
        // Events that lack their ids are refused by their consumers (dead-letter topic); tracing must not fail first.
        if (value instanceof WorkItemEvent item) {
            return item.workItemId() == null
                    ? List.of()
                    : List.of(item.workItemId().toString());
        }
        // Several work items in one record: each continues the record's trace.
        if (value instanceof WorkItemBatch batch && batch.items() != null) {
            return batch.items().stream()
                    .map(WorkItemEvent::workItemId)
                    .filter(Objects::nonNull)
                    .map(Object::toString)
                    .toList();
        }
        if (value instanceof Event event && event.jobId() != null) {
            return List.of(event.jobId().toString());
        }
        return List.of();
    }

    /**
     * A work-item event continues the trace of the same work item; the first one (published while a job is
     * expanded) has none and starts the work item's own trace, so each work item is one trace end to end.
     */
    static Optional<Context> parentOf(Object payload) {
        Object value = payload instanceof Record<?, ?> record ? record.value() : payload;
        if (value instanceof WorkItemEvent item) {
            return item.workItemId() == null
                    ? Optional.empty()
                    : Optional.ofNullable(OPEN.get(item.workItemId().toString()));
        }
        return value instanceof Event event && event.jobId() != null
                ? Optional.ofNullable(OPEN.get(event.jobId().toString()))
                : Optional.empty();
    }

    /** Remembers the span of every incoming event until the event is acknowledged. */
    @ApplicationScoped
    public static class Incoming implements IncomingInterceptor {

        @Override
        public Message<?> afterMessageReceive(Message<?> message) {
            message.getMetadata(IncomingKafkaRecordBatchMetadata.class)
                    .ifPresentOrElse(
                            // A batch consumer handles many work items at once: each keeps its own record's trace.
                            batch -> batch.getBatchedMessages().forEach(record -> remember((Message<?>) record)),
                            () -> remember(message));
            return message;
        }

        private static void remember(Message<?> message) {
            message.getMetadata(TracingMetadata.class)
                    .ifPresent(tracing -> keysOf(message.getPayload()).forEach(key -> {
                        if (OPEN.size() >= MAX_OPEN) {
                            OPEN.clear();
                        }
                        OPEN.put(key, tracing.getCurrentContext());
                    }));
        }

        private static void forget(Object payload) {
            if (payload instanceof List<?> batch) {
                batch.forEach(Incoming::forget);
            } else {
                keysOf(payload).forEach(OPEN::remove);
            }
        }

        @Override
        public void onMessageAck(Message<?> message) {
            forget(message.getPayload());
        }

        @Override
        public void onMessageNack(Message<?> message, Throwable failure) {
            forget(message.getPayload());
            // The only incoming interceptor SmallRye applies to a channel: it also reports every nack.
            NackWarnings.log(message, failure);
        }
    }

    /** Parents what a consumer sends on the span of the event it is handling. */
    @ApplicationScoped
    public static class Outgoing implements OutgoingInterceptor {

        @Override
        public Message<?> onMessage(Message<?> message) {
            if (message.getMetadata(TracingMetadata.class).isPresent()) {
                return message;
            }
            // The Kafka sink starts the outgoing span under the metadata's current context. A payload sent already
            // serialized (the executor's results: bytes) names its work item only by the record's key.
            return parentOf(message.getPayload())
                    .or(() -> parentOfKey(message))
                    .<Message<?>>map(parent -> message.addMetadata(TracingMetadata.withCurrent(parent)))
                    .orElse(message);
        }

        /** Work-item topics are keyed by the work item's id (job-level ones by the job's): the same keys as OPEN. */
        private static Optional<Context> parentOfKey(Message<?> message) {
            return message.getMetadata(OutgoingKafkaRecordMetadata.class)
                    .map(OutgoingKafkaRecordMetadata::getKey)
                    .filter(String.class::isInstance)
                    .map(key -> OPEN.get((String) key));
        }

        @Override
        public void onMessageAck(Message<?> message) {
            // Nothing to release: the incoming side owns the remembered spans.
        }

        @Override
        public void onMessageNack(Message<?> message, Throwable failure) {
            // As above.
        }
    }
}
