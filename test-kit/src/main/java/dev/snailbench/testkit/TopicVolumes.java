package dev.snailbench.testkit;

import dev.snailbench.localstack.KafkaBroker;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * How many records and bytes each topic holds, read from the broker (log end offsets, log sizes), so that a benchmark
 * can say what a job cost in records: the per-record costs of every hop (produce, fetch, poll, acknowledgement) are
 * paid once per record, whatever it holds.
 */
public record TopicVolumes(Map<String, long[]> byTopic) {

    /** Every topic's records (the sum of its partitions' end offsets) and bytes on disk, at this moment. */
    public static TopicVolumes of(KafkaBroker broker) {
        Map<String, long[]> byTopic = new TreeMap<>();
        try (Admin admin = TopicClient.withOwnClassLoader(
                () -> Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers())))) {
            Set<String> topics = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            Map<TopicPartition, OffsetSpec> latest =
                    admin.describeTopics(topics).allTopicNames().get(30, TimeUnit.SECONDS).values().stream()
                            .flatMap(topic -> topic.partitions().stream()
                                    .map(partition -> new TopicPartition(topic.name(), partition.partition())))
                            .collect(Collectors.toMap(partition -> partition, partition -> OffsetSpec.latest()));
            admin.listOffsets(latest)
                    .all()
                    .get(30, TimeUnit.SECONDS)
                    .forEach((partition, offset) ->
                            byTopic.computeIfAbsent(partition.topic(), topic -> new long[2])[0] += offset.offset());
            for (Map<String, LogDirDescription> dirs : admin.describeLogDirs(Set.of(KafkaBroker.NODE_ID))
                    .allDescriptions()
                    .get(30, TimeUnit.SECONDS)
                    .values()) {
                for (LogDirDescription dir : dirs.values()) {
                    for (Map.Entry<TopicPartition, ReplicaInfo> replica :
                            dir.replicaInfos().entrySet()) {
                        byTopic.computeIfAbsent(replica.getKey().topic(), topic -> new long[2])[1] +=
                                replica.getValue().size();
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the topics' volumes", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot read the topics' volumes from the broker", e);
        }
        return new TopicVolumes(byTopic);
    }

    /**
     * What the topics received since {@code before}, one line: each topic with new records, its records, items per
     * record for {@code items} work items, and bytes per item (records and batch headers included, as the broker
     * stores them).
     */
    public String since(TopicVolumes before, int items) {
        StringBuilder line = new StringBuilder("  topics (records, items per record, bytes per item):");
        byTopic.forEach((topic, now) -> {
            long[] then = before.byTopic.getOrDefault(topic, new long[2]);
            long records = now[0] - then[0];
            if (records > 0) {
                line.append(String.format(
                        Locale.ROOT,
                        " %s %d (%.1f) %.0f B;",
                        topic.replaceFirst("^snailbench\\.", ""),
                        records,
                        (double) items / records,
                        (double) (now[1] - then[1]) / items));
            }
        });
        return line.toString();
    }
}
