package dev.snailbench.generator.benchmark;

import static dev.snailbench.generator.testing.WorkHops.HOPS;
import static dev.snailbench.generator.testing.WorkHops.WORK_TOPICS;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.PlatformClient;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.generator.testing.InlineDatabase;
import dev.snailbench.generator.testing.StackDatabases;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Stack;
import dev.snailbench.localstack.Stack.Instance;
import dev.snailbench.localstack.Stack.Service;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * How long a killed replica's partitions wait for another replica: two replicas of the generator, inference, executor
 * and scorer, a replay job running, then one replica of each hop killed at once (SIGKILL). For each hop's consumer
 * group it prints, in seconds after the kill, when the broker gave the dead replica's partitions to the survivor
 * (the group's assignment without the dead members: the session timeout, {@code kafka.session.timeout.ms=10000} with
 * heartbeats every 3 s, plus the rebalance) and when the first of those partitions had its committed offset move
 * (records handled by the survivor; commits are throttled to every 5 s, {@code auto.commit.interval.ms}, so this is an
 * upper bound). Run on request:
 * {@code mvn -B -pl generator-service test -Dtest=ReplicaFailoverBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class ReplicaFailoverBenchmark {

    private static final int ITEMS = Integer.getInteger("bench.items", 10_000);

    @Test
    void partitionsOfAKilledReplicaServedAgain() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Map<Service, Integer> replicas = new EnumMap<>(Service.class);
        HOPS.forEach(hop -> replicas.put(hop, 2));
        replicas.put(Service.CLASSIFIER, 1);
        List<String> lines = new ArrayList<>();
        try (Stack stack = Stack.start(
                        root,
                        DataDir.resolve(),
                        root.resolve("generator-service/target/bench-logs"),
                        replicas,
                        Map.of(),
                        Map.of());
                Admin admin =
                        Admin.create(Map.of("bootstrap.servers", stack.kafka().bootstrapServers()))) {
            FootballDb.load(stack.targets(), DataDir.resolve(), "v1");
            FootballDb.grantReader(stack.targets(), "v1", "bench_reader", "bench");
            PlatformClient client = stack.client();
            String apiKey = client.createTenant("failover");
            List<Map<String, String>> golds = golds();
            await(client, apiKey, client.submitJob(apiKey, job(stack, "warm-up", golds, 1_000)), 1_000);
            String jobId = client.submitJob(apiKey, job(stack, "failover", golds, ITEMS));
            await(client, apiKey, jobId, ITEMS / 5);

            Map<Service, Map<String, Set<TopicPartition>>> before = new EnumMap<>(Service.class);
            Map<TopicPartition, Long> committedAtKill = new HashMap<>();
            for (Service hop : HOPS) {
                before.put(hop, owners(admin, hop));
                committedAtKill.putAll(committed(admin, hop));
            }
            List<Instance> killed =
                    HOPS.stream().map(hop -> stack.instances(hop).get(0)).toList();
            long killedAt = System.nanoTime();
            killed.forEach(stack::kill);
            int doneAtKill = stack.client().job(apiKey, jobId).get("done").asInt();

            Map<Service, Double> reassigned = new EnumMap<>(Service.class);
            Map<Service, Double> served = new EnumMap<>(Service.class);
            Map<Service, Set<TopicPartition>> orphaned = new EnumMap<>(Service.class);
            Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
            while ((served.size() < HOPS.size()) && Instant.now().isBefore(deadline)) {
                double seconds = (System.nanoTime() - killedAt) / 1e9;
                for (Service hop : HOPS) {
                    if (!reassigned.containsKey(hop)) {
                        Map<String, Set<TopicPartition>> owners = owners(admin, hop);
                        // The dead members gone from the group and every partition of the topic owned again.
                        Set<TopicPartition> owned = new HashSet<>();
                        owners.values().forEach(owned::addAll);
                        if (owners.size() < before.get(hop).size() && owned.size() == Stack.PARTITIONS) {
                            reassigned.put(hop, seconds);
                            Set<TopicPartition> moved = new HashSet<>();
                            before.get(hop).forEach((member, partitions) -> {
                                if (!owners.containsKey(member)) {
                                    moved.addAll(partitions);
                                }
                            });
                            orphaned.put(hop, moved);
                        }
                    } else if (!served.containsKey(hop)) {
                        Map<TopicPartition, Long> now = committed(admin, hop);
                        Map<TopicPartition, Long> ends = ends(admin, orphaned.get(hop));
                        boolean moved = orphaned.get(hop).stream()
                                .anyMatch(p -> now.getOrDefault(p, 0L) > committedAtKill.getOrDefault(p, 0L));
                        boolean nothingLeft =
                                orphaned.get(hop).stream().allMatch(p -> now.getOrDefault(p, 0L) >= ends.get(p));
                        if (moved || nothingLeft) {
                            served.put(hop, seconds);
                        }
                    }
                }
                Thread.sleep(100);
            }
            JsonNode status = stack.client().job(apiKey, jobId);
            for (Service hop : HOPS) {
                lines.add(String.format(
                        Locale.ROOT,
                        "ReplicaFailoverBenchmark %s (group %s, topic %s): a replica "
                                + "killed at %d of %d items; its partitions reassigned after %s s, first committed offset "
                                + "moved on them after %s s",
                        hop.name().toLowerCase(Locale.ROOT),
                        hop.module(),
                        WORK_TOPICS.get(hop),
                        doneAtKill,
                        ITEMS,
                        seconds(reassigned.get(hop)),
                        seconds(served.get(hop))));
            }
            lines.add("ReplicaFailoverBenchmark job then: " + status.get("done") + " of " + status.get("total") + ", "
                    + status.get("status"));
        }
        System.out.println();
        lines.forEach(System.out::println);
    }

    private static String seconds(Double seconds) {
        return seconds == null ? "(not within 3 min)" : String.format(Locale.ROOT, "%.1f", seconds);
    }

    /** The members of the hop's group that own partitions of its work topic, with those partitions. */
    private static Map<String, Set<TopicPartition>> owners(Admin admin, Service hop) throws Exception {
        ConsumerGroupDescription group =
                admin.describeConsumerGroups(List.of(hop.module())).all().get().get(hop.module());
        Map<String, Set<TopicPartition>> owners = new HashMap<>();
        for (MemberDescription member : group.members()) {
            Set<TopicPartition> owned = new HashSet<>();
            member.assignment().topicPartitions().stream()
                    .filter(p -> p.topic().equals(WORK_TOPICS.get(hop)))
                    .forEach(owned::add);
            if (!owned.isEmpty()) {
                owners.put(member.consumerId(), owned);
            }
        }
        return owners;
    }

    private static Map<TopicPartition, Long> committed(Admin admin, Service hop) throws Exception {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        admin.listConsumerGroupOffsets(hop.module())
                .partitionsToOffsetAndMetadata()
                .get()
                .forEach((p, o) -> {
                    if (o != null && p.topic().equals(WORK_TOPICS.get(hop))) {
                        offsets.put(p, o.offset());
                    }
                });
        return offsets;
    }

    private static Map<TopicPartition, Long> ends(Admin admin, Set<TopicPartition> partitions) throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        partitions.forEach(p -> latest.put(p, OffsetSpec.latest()));
        Map<TopicPartition, Long> ends = new HashMap<>();
        admin.listOffsets(latest).all().get().forEach((p, info) -> ends.put(p, info.offset()));
        return ends;
    }

    private static void await(PlatformClient client, String apiKey, String jobId, int done) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(10));
        while (Instant.now().isBefore(deadline)) {
            JsonNode job = client.job(apiKey, jobId);
            if (job.get("done").asInt() >= done) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("job " + jobId + " below " + done + " items after 10 min");
    }

    private static Map<String, Object> job(Stack stack, String name, List<Map<String, String>> golds, int n) {
        List<Map<String, String>> questions = new ArrayList<>();
        List<Map<String, String>> predictions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, String> gold = golds.get(i % golds.size());
            questions.add(Map.of("id", name + "-" + i, "question", gold.get("question"), "goldSql", gold.get("sql")));
            predictions.add(Map.of("questionId", name + "-" + i, "predictedSql", gold.get("sql")));
        }
        return StackDatabases.postgresqlJob(
                name,
                InlineDatabase.postgresql(stack.targets().jdbcUrl("footballdb_v1"), "bench_reader", "bench"),
                "model",
                "replayed",
                "questions",
                questions,
                "predictions",
                predictions);
    }

    /** FootballDB v1's 400 questions (train and dev) with their gold SQL. */
    private static List<Map<String, String>> golds() throws Exception {
        Path data = DataDir.resolve().resolve("footballdb/v1");
        List<Map<String, String>> golds = new ArrayList<>();
        for (String split : List.of("train", "dev")) {
            PlatformClient.json()
                    .readTree(data.resolve(split + ".json").toFile())
                    .forEach(q -> golds.add(Map.of(
                            "question",
                            q.get("question").asText(),
                            "sql",
                            q.get("query").asText())));
        }
        return golds;
    }
}
