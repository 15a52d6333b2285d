package dev.snailbench.testkit;

import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.subscription.BackPressureStrategy;
import io.smallrye.mutiny.subscription.MultiEmitter;
import io.smallrye.reactive.messaging.connector.InboundConnector;
import io.smallrye.reactive.messaging.connector.OutboundConnector;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.eclipse.microprofile.reactive.messaging.spi.Connector;

/**
 * The in-memory tier's messaging connector ({@value #NAME}): a test sends into an incoming channel and reads what an
 * outgoing channel sent, with no broker. Each sent message is dispatched on its own duplicated Vert.x context, as the
 * Kafka connector dispatches a record; each received message is acked. A service's tests enable it with
 * {@link InMemoryChannels} (and index this module: {@code quarkus.index-dependency.test-kit.*}).
 */
@ApplicationScoped
@Connector(MemoryChannels.NAME)
public class MemoryChannels implements InboundConnector, OutboundConnector {

    /** The connector's name, for {@code mp.messaging.*.connector}. */
    public static final String NAME = "snailbench-in-memory";

    private final Vertx vertx;
    private final Map<String, CompletableFuture<MultiEmitter<? super Message<?>>>> sources = new ConcurrentHashMap<>();
    private final Map<String, List<Message<?>>> sinks = new ConcurrentHashMap<>();
    private final Map<TopicPartition, AtomicLong> offsets = new ConcurrentHashMap<>();

    public MemoryChannels(Vertx vertx) {
        this.vertx = vertx;
    }

    @Override
    public Flow.Publisher<? extends Message<?>> getPublisher(Config config) {
        CompletableFuture<MultiEmitter<? super Message<?>>> source = source(channel(config));
        return Multi.createFrom().<Message<?>>emitter(source::complete, BackPressureStrategy.BUFFER);
    }

    @Override
    public Flow.Subscriber<? extends Message<?>> getSubscriber(Config config) {
        List<Message<?>> sink = sink(channel(config));
        return new Flow.Subscriber<Message<?>>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(Message<?> message) {
                sink.add(message);
                message.ack();
            }

            @Override
            public void onError(Throwable failure) {}

            @Override
            public void onComplete() {}
        };
    }

    /** Sends a payload into an incoming channel. */
    public void send(String channel, Object payload) {
        send(channel, Message.of(payload));
    }

    /** Sends a message (its ack and nack callbacks the test's) into an incoming channel. */
    public void send(String channel, Message<?> message) {
        MultiEmitter<? super Message<?>> emitter;
        try {
            emitter = source(channel).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("incoming channel " + channel + " is not on " + NAME, e);
        }
        VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext())
                .runOnContext(ignored -> emitter.emit(message));
    }

    /**
     * Sends records into an incoming channel that a consumer takes as a batch ({@code batch=true}), as the Kafka
     * connector does: one message of their payloads that lists them in its batch metadata, where a record can be
     * nacked alone (dead-lettered); acking the batch acks every record not nacked (the offsets committed), nacking it
     * nacks them. A record without its own Kafka metadata gets the channel's partition 0 and the partition's next
     * offset, as a broker numbers them. The records' ack and nack callbacks are the test's.
     */
    public <T> void sendBatch(String channel, List<Message<T>> records) {
        List<Message<T>> located =
                records.stream().map(record -> located(channel, record)).toList();
        Set<Message<?>> nacked = ConcurrentHashMap.newKeySet();
        List<Message<?>> batched = located.stream()
                .<Message<?>>map(record -> record.withNack(reason -> {
                    nacked.add(record);
                    return record.nack(reason);
                }))
                .toList();
        List<T> payloads = located.stream().map(Message::getPayload).toList();
        send(
                channel,
                Message.of(
                        payloads,
                        Metadata.of(new IncomingKafkaRecordBatchMetadata<>(
                                ConsumerRecords.empty(), batched, channel, 0, Map.of(), 0)),
                        () -> CompletableFuture.allOf(located.stream()
                                .filter(record -> !nacked.contains(record))
                                .map(record -> record.ack().toCompletableFuture())
                                .toArray(CompletableFuture[]::new)),
                        reason -> CompletableFuture.allOf(located.stream()
                                .filter(record -> !nacked.contains(record))
                                .map(record -> record.nack(reason).toCompletableFuture())
                                .toArray(CompletableFuture[]::new))));
    }

    /** The record with Kafka metadata: its own, or the channel's partition 0 at that partition's next offset. */
    private <T> Message<T> located(String channel, Message<T> record) {
        if (record.getMetadata(IncomingKafkaRecordMetadata.class).isPresent()) {
            return record;
        }
        long offset = offsets.computeIfAbsent(new TopicPartition(channel, 0), partition -> new AtomicLong())
                .getAndIncrement();
        ConsumerRecord<Object, T> located = new ConsumerRecord<>(
                channel,
                0,
                offset,
                System.currentTimeMillis(),
                TimestampType.CREATE_TIME,
                -1,
                -1,
                null,
                record.getPayload(),
                new RecordHeaders(),
                Optional.empty());
        return record.addMetadata(new IncomingKafkaRecordMetadata<>(located, channel));
    }

    /**
     * A message of the payload whose ack and nack tell {@code outcome} what happened to it: {@code "ack"}, or the
     * nack's reason.
     */
    public static <T> Message<T> tracked(T payload, Consumer<String> outcome) {
        return Message.of(
                payload,
                () -> {
                    outcome.accept("ack");
                    return CompletableFuture.completedFuture(null);
                },
                reason -> {
                    outcome.accept(reason.getMessage());
                    return CompletableFuture.completedFuture(null);
                });
    }

    /** What an outgoing channel sent so far, in order. */
    @SuppressWarnings("unchecked")
    public <T> List<Message<T>> sent(String channel) {
        return List.copyOf((List<Message<T>>) (List<?>) sink(channel));
    }

    /** Forgets what an outgoing channel sent. */
    public void clear(String channel) {
        sink(channel).clear();
    }

    private CompletableFuture<MultiEmitter<? super Message<?>>> source(String channel) {
        return sources.computeIfAbsent(channel, name -> new CompletableFuture<>());
    }

    private List<Message<?>> sink(String channel) {
        return sinks.computeIfAbsent(channel, name -> new CopyOnWriteArrayList<>());
    }

    private static String channel(Config config) {
        return config.getValue("channel-name", String.class);
    }
}
