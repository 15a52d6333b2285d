package dev.snailbench.executor.messaging;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Tells the work consumers which partitions this replica lost in a rebalance (revoked, or lost when its session
 * expired), after the commit strategy committed their done prefix: their held records are given up for the new
 * owner. Named by the channels' {@code consumer-rebalance-listener.name}; called on the consumers' polling threads.
 */
@ApplicationScoped
@Identifier(PartitionRevocations.NAME)
public class PartitionRevocations implements KafkaConsumerRebalanceListener {

    public static final String NAME = "executor-partition-revocations";

    private final ExecutionRequestConsumer items;
    private final DatabaseTaskConsumer tasks;

    public PartitionRevocations(ExecutionRequestConsumer items, DatabaseTaskConsumer tasks) {
        this.items = items;
        this.tasks = tasks;
    }

    @Override
    public void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        items.revoked(partitions);
        tasks.revoked(partitions);
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        onPartitionsRevoked(consumer, partitions);
    }
}
