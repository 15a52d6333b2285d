package dev.snailbench.platform;

import static dev.snailbench.generator.testing.WorkHops.HOPS;
import static dev.snailbench.generator.testing.WorkHops.WORK_TOPICS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.cli.PlatformClient;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.generator.repository.JobSql;
import dev.snailbench.generator.testing.InlineDatabase;
import dev.snailbench.generator.testing.SpiderQuestions;
import dev.snailbench.generator.testing.StackDatabases;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.localstack.Stack;
import dev.snailbench.localstack.Stack.Instance;
import dev.snailbench.localstack.Stack.Service;
import dev.snailbench.model.Topics;
import dev.snailbench.testkit.TopicClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Nothing lost, nothing stuck, with the hops replicated as in production: the packaged services on one broker and
 * one platform database, two replicas of the generator, the inference service, the executor and the scorer, one
 * classifier. Replicas killed (SIGKILL) and added mid-job, the broker and PostgreSQL restarted, poison records on every
 * topic, a result larger than Kafka's default message size, a hop that never answers, two creations of one tenant
 * name on two generator replicas, a job followed and summed up through other replicas than the one it was submitted
 * to. Each job ends completed, one verdict per item, none counted twice. Every test leaves the platform running but
 * the last, which stops the broker and then PostgreSQL to see every generator replica's readiness go DOWN, naming each.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PipelineReliabilityIT {

    /**
     * Long enough that restarts and the replicas added while a job's publication is held (several JVMs starting on 2
     * cores) never trip it; the job that tests the watchdog asks for its own, far shorter deadline.
     */
    private static final Duration ITEM_DEADLINE = Duration.ofMinutes(5);

    /** The deadline the "executor down" job asks for itself ({@code stallTimeoutSeconds}). */
    private static final int STALL_TIMEOUT_SECONDS = 10;

    /** A replica's consumers of its work topic, as this test's stack sets them ({@code SNAILBENCH_*_CONSUMERS}). */
    private static final Map<Service, Integer> CONSUMERS =
            Map.of(Service.GENERATOR, 1, Service.INFERENCE, 2, Service.EXECUTOR, 1, Service.SCORER, 1);

    private static final int LARGE_JOB = 10_000;

    private static Stack stack;
    private static PlatformClient client;
    private static String apiKey;
    private static List<Map<String, String>> questions;
    private static List<Map<String, String>> predictions;
    /** Each generator replica's log as it stood once the platform had started. */
    private static Map<Instance, List<String>> generatorStartLogs;

    @BeforeAll
    static void startPlatform() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Map<Service, Integer> replicas = new EnumMap<>(Service.class);
        HOPS.forEach(hop -> replicas.put(hop, 2));
        replicas.put(Service.CLASSIFIER, 1);
        stack = Stack.start(
                root,
                DataDir.resolve(),
                root.resolve("platform-tests/target/reliability-logs"),
                replicas,
                Map.of(
                        "snailbench.watchdog.item-deadline",
                        ITEM_DEADLINE.toString(),
                        "snailbench.watchdog.every",
                        "2s"),
                Map.of(
                        "SNAILBENCH_PROGRESS_CONSUMERS",
                        "1",
                        "SNAILBENCH_INFERENCE_CONSUMERS",
                        "2",
                        "SNAILBENCH_EXECUTOR_CONSUMERS",
                        "1",
                        "SNAILBENCH_SCORER_CONSUMERS",
                        "1"),
                () -> FootballDb.startLoaded(DataDir.resolve()));
        // Where the class's start-up seconds go, in its report.
        System.out.printf("PipelineReliabilityIT: stack started: %s%n", stack.startPhases());
        generatorStartLogs = new HashMap<>();
        for (Instance generator : stack.instances(Service.GENERATOR)) {
            generatorStartLogs.put(generator, Files.readAllLines(stack.log(generator)));
        }
        FootballDb.grantReader(stack.targets(), "v1", "rel_reader", "rel");
        client = stack.client();
        apiKey = client.createTenant("reliability-team");
        loadQuestions();
    }

    @AfterAll
    static void stopPlatform() {
        if (stack != null) {
            stack.closeNow();
        }
    }

    /**
     * A 10,000-item job on two replicas of every hop: every replica handles items (the partitions are spread); then
     * one replica of each hop is killed with items in flight (its partitions move to the other) and a replica of
     * each hop is added (they move again). The job's publication is held meanwhile (the test holds the advisory lock
     * by which a generator replica claims it), so that the added replicas join while the job still has most of its
     * items to go, and let go as soon as they are up: the job completes with one verdict per item, each stored once.
     */
    @Test
    void shouldScoreEveryItemOfALargeJobOnceWhileAReplicaOfEveryHopIsKilledAndAnotherAdded() throws Exception {
        List<Map<String, String>> large = new ArrayList<>();
        List<Map<String, String>> replayed = new ArrayList<>();
        for (int i = 0; i < LARGE_JOB; i++) {
            Map<String, String> q = questions.get(i % questions.size());
            large.add(Map.of("id", "large-" + i, "question", q.get("question"), "goldSql", q.get("goldSql")));
            replayed.add(Map.of(
                    "questionId",
                    "large-" + i,
                    "predictedSql",
                    predictions.get(i % predictions.size()).get("predictedSql")));
        }
        Map<TopicPartition, Long> submitted = committedOffsets();
        String jobId = client.submitJob(apiKey, job("replicas killed and added", large, replayed));

        awaitEveryConsumerAdvancing(jobId, submitted, "two replicas of every hop");
        List<Instance> added;
        try (Connection gate = holdPublication(UUID.fromString(jobId))) {
            Instant held = Instant.now();
            // The first replica of each hop (the generator's is the one this test's client calls: it goes on through
            // the other) and the classifier, killed with the job's window of items in flight.
            List<Instance> killed = new ArrayList<>(
                    HOPS.stream().map(hop -> stack.instances(hop).get(0)).toList());
            killed.addAll(stack.instances(Service.CLASSIFIER));
            killed.forEach(stack::kill);
            int doneAtKill = client.job(apiKey, jobId).get("done").asInt();
            added = stack.add(
                    Stream.concat(HOPS.stream(), Stream.of(Service.CLASSIFIER)).toList());
            JsonNode whileHeld = client.job(apiKey, jobId);
            System.out.printf(
                    "PipelineReliabilityIT: killed %s at %d of %d items; added %s, ready %d s later at " + "%d items%n",
                    killed,
                    doneAtKill,
                    LARGE_JOB,
                    added,
                    Duration.between(held, Instant.now()).toSeconds(),
                    whileHeld.get("done").asInt());
            assertThat(whileHeld.get("done").asInt())
                    .as("items scored when the added replicas were up")
                    .isLessThan(LARGE_JOB / 2);
        }
        for (Service hop : HOPS) {
            assertThat(stack.instances(hop))
                    .as("%s replicas after the kill and the addition", hop)
                    .hasSize(2)
                    .anyMatch(added::contains);
        }
        awaitEveryConsumerAdvancing(jobId, committedOffsets(), "a survivor and an added replica of every hop");

        JsonNode status = awaitFinished(jobId, Duration.ofMinutes(10));

        assertEveryItemScoredOnce(jobId, status, LARGE_JOB);
        assertThat(reasons(jobId)).as("nothing abandoned or dead-lettered").noneMatch(r -> r.contains("could not"));
        assertNoDuplicateRows(jobId, LARGE_JOB);
    }

    @Test
    void shouldCreateOneTenantWhenTwoGeneratorReplicasAreAskedForOneNameAtOnce() throws Exception {
        List<Instance> generators = stack.instances(Service.GENERATOR);
        assertThat(generators).hasSizeGreaterThanOrEqualTo(2);
        for (int round = 0; round < 5; round++) {
            String name = "contested-" + round + "-" + UUID.randomUUID();
            CountDownLatch start = new CountDownLatch(1);
            List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
            for (Instance generator : generators.subList(0, 2)) {
                calls.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                    return client.exchange(
                            "POST",
                            stack.url(generator) + "/tenants",
                            Map.of("X-Admin-Key", stack.adminKey()),
                            Map.of("name", name),
                            "application/json");
                }));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (CompletableFuture<HttpResponse<String>> call : calls) {
                statuses.add(call.get().statusCode());
            }
            assertThat(statuses).as("round %d", round).containsExactlyInAnyOrder(201, 409);
        }
    }

    /**
     * What a team sees does not depend on the replica it reaches: a job submitted through one generator replica (its
     * registered database checked by a task whose answer must reach that replica) is followed to its end over the
     * other's event stream, read the same from both, and summed up the same by both scorer replicas.
     */
    @Test
    void shouldShowAJobTheSameThroughEveryReplicaOfTheGeneratorAndTheScorer() throws Exception {
        Map<String, String> key = Map.of("X-API-Key", apiKey);
        String databaseId = StackDatabases.registerPostgresql(
                client,
                stack,
                key,
                "football " + UUID.randomUUID(),
                stack.targets().jdbcUrl("footballdb_v1"),
                "rel_reader",
                "rel");
        List<Instance> generators = stack.instances(Service.GENERATOR);
        List<String> jobIds = new ArrayList<>();
        for (int i = 0; i < generators.size(); i++) {
            List<Map<String, String>> few = questions.subList(40 + 10 * i, 50 + 10 * i);
            Map<String, Object> job = new HashMap<>(job("through " + generators.get(i), few, predictions));
            job.put("database", Map.of("databaseId", databaseId));
            jobIds.add(client.call("POST", stack.url(generators.get(i)) + "/jobs", key, job, 202)
                    .get("jobId")
                    .asText());
        }
        for (int i = 0; i < jobIds.size(); i++) {
            String jobId = jobIds.get(i);
            Instance other = generators.get((i + 1) % generators.size());
            JsonNode last = lastEvent(stack.url(other) + "/jobs/" + jobId + "/events");
            assertThat(last.get("status").asText()).as("streamed by %s", other).isEqualTo("completed");
            assertThat(last.get("done").asInt()).isEqualTo(10);
            List<JsonNode> views = generators.stream()
                    .map(g -> client.call("GET", stack.url(g) + "/jobs/" + jobId, key, null, 200))
                    .toList();
            assertThat(views).as("the job from every generator replica").allMatch(views.get(0)::equals);
            assertThat(views.get(0).get("done").asInt()).isEqualTo(10);
            List<JsonNode> summaries = stack.instances(Service.SCORER).stream()
                    .map(s -> client.call("GET", stack.url(s) + "/jobs/" + jobId + "/summary", key, null, 200))
                    .toList();
            assertThat(summaries)
                    .as("the summary from every scorer replica")
                    .hasSizeGreaterThanOrEqualTo(2)
                    .allMatch(summaries.get(0)::equals);
        }
    }

    @Test
    void shouldCompleteEveryItemExactlyOnceWhenTheBrokerRestartsMidJob() {
        String jobId = client.submitJob(apiKey, job("broker restart", questions, predictions));
        JsonNode before = awaitProgress(jobId);
        assertThat(before.get("done").asInt()).isLessThan(before.get("total").asInt());

        // Down a second, then the seconds its JVM takes to start and recover its logs: every client's connections
        // are refused meanwhile, however long the gap.
        stack.kafka().restart(Duration.ofSeconds(1));

        JsonNode status = awaitFinished(jobId, Duration.ofMinutes(4));
        assertEveryItemScoredOnce(jobId, status, questions.size());
        assertThat(reasons(jobId))
                .as("after a broker restart: nothing abandoned or dead-lettered")
                .noneMatch(r -> r.contains("could not be scored"));
    }

    @Test
    void shouldCompleteEveryItemExactlyOnceWhenPostgresRestartsMidJob() {
        String jobId = client.submitJob(apiKey, job("postgres restart", questions, predictions));
        JsonNode before = awaitProgress(jobId);
        assertThat(before.get("done").asInt()).isLessThan(before.get("total").asInt());

        // Down a second: every pool's connections are broken and new ones refused meanwhile, however long the gap.
        stack.postgres().restart(Duration.ofSeconds(1));

        JsonNode status = awaitFinished(jobId, Duration.ofMinutes(4));
        assertEveryItemScoredOnce(jobId, status, questions.size());
        assertThat(reasons(jobId))
                .as("after a PostgreSQL restart: nothing abandoned or dead-lettered")
                .noneMatch(r -> r.contains("could not be scored"));
    }

    @Test
    void shouldScoreAPredictionOf10000RowsBy20Columns() {
        StringJoiner columns = new StringJoiner(", ");
        for (int c = 1; c <= 20; c++) {
            columns.add("g * " + c + " + 1000000 AS c" + c);
        }
        String sql = "SELECT " + columns + " FROM generate_series(1, 10000) AS g ORDER BY g";
        List<Map<String, String>> big =
                List.of(Map.of("id", "big", "question", "20 columns, 10,000 rows", "goldSql", sql));
        String jobId = client.submitJob(
                apiKey, job("big result", big, List.of(Map.of("questionId", "big", "predictedSql", sql))));

        JsonNode status = awaitFinished(jobId, Duration.ofMinutes(2));

        assertEveryItemScoredOnce(jobId, status, 1);
        JsonNode item = client.results(apiKey, jobId).get(0);
        assertThat(item.get("predictedRows").asInt()).isEqualTo(10_000);
        assertThat(item.get("strictMatch").asBoolean()).as(item.toString()).isTrue();
    }

    @Test
    void shouldDeadLetterPoisonRecordsOnEveryTopicAndStillCompleteJobs() {
        List<String> topics = List.of(
                Topics.TENANTS,
                Topics.JOB_EVENTS,
                Topics.QUERIES_TO_INFER,
                Topics.SQL_TO_EXECUTE,
                Topics.RESULTS_TO_SCORE,
                Topics.SCORES,
                Topics.ITEMS_ABANDONED,
                Topics.IDENTIFIERS_TO_CLASSIFY,
                Topics.IDENTIFIERS_CLASSIFIED);
        String poisonKey = "poison-" + UUID.randomUUID();
        try (KafkaProducer<String, byte[]> producer = producer()) {
            for (String topic : topics) {
                producer.send(new ProducerRecord<>(topic, poisonKey, "{not json".getBytes(StandardCharsets.UTF_8)));
                producer.send(
                        new ProducerRecord<>(topic, poisonKey, "{\"eventId\": 42}".getBytes(StandardCharsets.UTF_8)));
            }
            producer.flush();
        }
        List<Map<String, String>> few = questions.subList(0, 20);
        String jobId = client.submitJob(apiKey, job("after poison", few, predictions));

        JsonNode status = awaitFinished(jobId, Duration.ofMinutes(2));

        assertEveryItemScoredOnce(jobId, status, few.size());
        assertThat(reasons(jobId)).noneMatch(r -> r.contains("could not be scored"));
        // The unreadable records are kept for operators on the consumers' dead-letter topics.
        for (String dlq : List.of(
                Topics.deadLetter(Topics.QUERIES_TO_INFER, "inference"),
                Topics.deadLetter(Topics.SQL_TO_EXECUTE, "executor"),
                Topics.deadLetter(Topics.RESULTS_TO_SCORE, "scorer"),
                Topics.deadLetter(Topics.SCORES, "generator"),
                Topics.deadLetter(Topics.JOB_EVENTS, "generator"))) {
            assertThat(TopicClient.await(
                            stack.kafka().bootstrapServers(),
                            dlq,
                            r -> poisonKey.equals(r.key()),
                            1,
                            Duration.ofSeconds(30)))
                    .as(dlq)
                    .isNotEmpty();
        }
    }

    /**
     * An executor replica dies (SIGKILL): its partitions of the database tasks have no reader until the group's
     * session timeout and a rebalance. Jobs on a database submitted at once (each checked by a task keyed by its own
     * id, so spread over every partition) wait through that window and are accepted; a replica added back leaves the
     * executor's group stable, every partition owned by a running replica.
     */
    @Test
    void shouldAcceptJobsOnADatabaseWhileTheExecutorGroupRecoversFromALostReplica() throws Exception {
        List<Instance> executors = stack.instances(Service.EXECUTOR);
        assertThat(executors).hasSizeGreaterThanOrEqualTo(2);
        int jobs = 8;
        List<String> jobIds = new ArrayList<>();
        ExecutorService submitters = Executors.newFixedThreadPool(jobs);
        try {
            stack.kill(executors.get(0));
            Instant killed = Instant.now();
            List<Future<String>> submitted = new ArrayList<>();
            for (int i = 0; i < jobs; i++) {
                Map<String, Object> job = job(
                        "while the executor group recovers " + i,
                        questions.subList(60 + 2 * i, 62 + 2 * i),
                        predictions);
                int n = i;
                submitted.add(submitters.submit(() -> {
                    try {
                        return client.submitJob(apiKey, job);
                    } finally {
                        System.out.printf(
                                "PipelineReliabilityIT: job %d answered %d ms after %s was killed%n",
                                n, Duration.between(killed, Instant.now()).toMillis(), executors.get(0));
                    }
                }));
            }
            for (Future<String> jobId : submitted) {
                jobIds.add(jobId.get());
            }
        } finally {
            submitters.shutdownNow();
            stack.add(Service.EXECUTOR);
        }
        assertGroupSettled(Service.EXECUTOR, List.of(Topics.SQL_TO_EXECUTE, Topics.DATABASE_TASKS));

        for (String jobId : jobIds) {
            assertEveryItemScoredOnce(jobId, awaitFinished(jobId, Duration.ofMinutes(4)), 2);
        }
    }

    /**
     * The service's consumer group as {@link Stack#add} leaves it: stable, one consumer of each topic per running
     * replica (no member of the killed one left), every partition of each topic owned.
     */
    private static void assertGroupSettled(Service service, List<String> topics) throws Exception {
        try (Admin admin = admin()) {
            ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(service.module()))
                    .all()
                    .get()
                    .get(service.module());
            assertThat(group.groupState()).as("%s's group", service).isEqualTo(GroupState.STABLE);
            for (String topic : topics) {
                List<TopicPartition> owned = new ArrayList<>();
                int owners = 0;
                for (MemberDescription member : group.members()) {
                    List<TopicPartition> its = member.assignment().topicPartitions().stream()
                            .filter(p -> p.topic().equals(topic))
                            .toList();
                    owners += its.isEmpty() ? 0 : 1;
                    owned.addAll(its);
                }
                assertThat(owners)
                        .as("consumers of %s in %s", topic, group)
                        .isEqualTo(stack.instances(service).size());
                assertThat(owned)
                        .as("partitions of %s owned in %s", topic, group)
                        .hasSize(Stack.PARTITIONS)
                        .doesNotHaveDuplicates();
            }
        }
    }

    /** Every executor replica down for a whole job: its items get failed verdicts at the job's own deadline. */
    @Test
    void shouldFailTheItemsAHopNeverAnswersAndCompleteTheJob() {
        stack.kill(Service.EXECUTOR);
        try {
            List<Map<String, String>> few = questions.subList(20, 23);
            // The job's own deadline, far below the stack's: the platform's stays long enough for restarts.
            Map<String, Object> impatient = new HashMap<>(job("executor down", few, predictions));
            impatient.put("stallTimeoutSeconds", STALL_TIMEOUT_SECONDS);
            // Linking-only: a job on a database is checked by the executor when it is submitted (503 while it is
            // down); this one's items still pass the executor's hop, which never answers them.
            impatient.remove("database");
            String jobId = client.submitJob(apiKey, impatient);

            JsonNode status = awaitFinished(jobId, Duration.ofMinutes(2));

            assertEveryItemScoredOnce(jobId, status, few.size());
            assertThat(status.get("failed").asInt()).isEqualTo(few.size());
            assertThat(reasons(jobId))
                    .allMatch(r -> r.startsWith("could not be scored: timed out in the pipeline")
                            && r.endsWith("no verdict " + STALL_TIMEOUT_SECONDS + " s after the job's last progress"));
        } finally {
            stack.restart(Service.EXECUTOR);
        }
    }

    @Test
    void shouldStartEveryGeneratorReplicaWithoutAnErrorInItsLog() {
        assertThat(generatorStartLogs).hasSize(2);
        // Nothing an operator must look into at a normal start: no ERROR line, no stack trace. A WARN of Vert.x's
        // blocked-thread checker, with its stack, is the machine's load (nine JVMs starting at once), not the
        // platform's fault.
        generatorStartLogs.forEach((generator, log) -> {
            assertThat(log)
                    .as("%s's start", generator)
                    .anySatisfy(line -> assertThat(line).contains("started in"));
            assertThat(withoutBlockedThreadWarnings(log))
                    .as("%s's start", generator)
                    .noneSatisfy(line -> assertThat(line).matches(".* ERROR .*|\\s+at .*|.*SRMSG00019.*"));
        });
    }

    /** The log without the blocked-thread checker's warnings and the stack trace each carries. */
    private static List<String> withoutBlockedThreadWarnings(List<String> log) {
        List<String> kept = new ArrayList<>();
        boolean inWarning = false;
        for (String line : log) {
            if (line.contains("[io.ve.co.im.BlockedThreadChecker]")) {
                inWarning = true;
            } else if (!(inWarning && line.matches("\\s+at .*"))) {
                inWarning = false;
                kept.add(line);
            }
        }
        return kept;
    }

    /**
     * Kubernetes stops routing to a pod whose readiness is DOWN: every generator replica reports DOWN when the broker
     * goes away, naming it while the database's check stays UP, then naming the database when it goes too. The
     * class's last test: the platform has neither afterwards.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void shouldReportEveryGeneratorReplicaNotReadyNamingTheBrokerThenTheDatabaseAsEachStops() {
        List<Instance> generators = stack.instances(Service.GENERATOR);
        assertThat(generators).hasSizeGreaterThanOrEqualTo(2);
        for (Instance generator : generators) {
            HttpResponse<String> ready = stack.readiness(generator);
            assertThat(ready.statusCode())
                    .as("%s's readiness at start: %s", generator, ready.body())
                    .isEqualTo(200);
            assertThat(check(ready, "messaging")).isEqualTo("UP");
        }

        stack.kafka().close();
        for (Instance generator : generators) {
            HttpResponse<String> brokerDown = awaitCheckDown(generator, "messaging");
            assertThat(brokerDown.body()).contains("\"status\": \"DOWN\"");
            assertThat(check(brokerDown, "postgresql"))
                    .as("%s's database check while only the broker is down: %s", generator, brokerDown.body())
                    .isEqualTo("UP");
        }

        stack.postgres().close();
        for (Instance generator : generators) {
            HttpResponse<String> databaseDown = awaitCheckDown(generator, "postgresql");
            assertThat(databaseDown.body()).contains("\"status\": \"DOWN\"");
        }
    }

    /** Polls the replica's readiness until it is 503 with the named check DOWN (90 s at most); that answer. */
    private static HttpResponse<String> awaitCheckDown(Instance instance, String name) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        HttpResponse<String> last = stack.readiness(instance);
        while (!(last.statusCode() == 503 && "DOWN".equals(check(last, name)))
                && Instant.now().isBefore(deadline)) {
            sleep(200);
            last = stack.readiness(instance);
        }
        assertThat(last.statusCode())
                .as("%s's readiness after the outage: %s", instance, last.body())
                .isEqualTo(503);
        assertThat(check(last, name))
                .as("%s's %s check after the outage: %s", instance, name, last.body())
                .isEqualTo("DOWN");
        return last;
    }

    /** The status of the readiness check whose name contains {@code name} (any case); null if there is none. */
    private static String check(HttpResponse<String> readiness, String name) {
        try {
            for (JsonNode check :
                    PlatformClient.json().readTree(readiness.body()).path("checks")) {
                if (check.path("name").asText().toLowerCase(Locale.ROOT).contains(name)) {
                    return check.path("status").asText();
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("readiness is not JSON: " + readiness.body(), e);
        }
    }

    /**
     * Waits until, in every hop's consumer group, each consumer of the hop's work topic (as many as its replicas run)
     * holds partitions whose committed offset moved past {@code since}: every replica handles items of the job.
     */
    private static void awaitEveryConsumerAdvancing(String jobId, Map<TopicPartition, Long> since, String what)
            throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        try (Admin admin = admin()) {
            while (true) {
                Map<Service, String> idle = new EnumMap<>(Service.class);
                for (Service hop : HOPS) {
                    String missing = consumersNotAdvancing(admin, hop, since);
                    if (missing != null) {
                        idle.put(hop, missing);
                    }
                }
                if (idle.isEmpty()) {
                    return;
                }
                JsonNode job = client.job(apiKey, jobId);
                if (!"running".equals(job.get("status").asText())
                        || Instant.now().isAfter(deadline)) {
                    throw new AssertionError(what + ": consumers without work at " + job.get("done") + " of "
                            + job.get("total") + " items: " + idle);
                }
                sleep(200);
            }
        }
    }

    /** Null if every consumer of the hop's work topic holds a partition that moved past {@code since}; else why not. */
    private static String consumersNotAdvancing(Admin admin, Service hop, Map<TopicPartition, Long> since)
            throws Exception {
        String topic = WORK_TOPICS.get(hop);
        Map<TopicPartition, Long> now = committedOffsets(admin, hop.module());
        List<String> idle = new ArrayList<>();
        int consumers = 0;
        for (MemberDescription member : admin.describeConsumerGroups(List.of(hop.module()))
                .all()
                .get()
                .get(hop.module())
                .members()) {
            List<TopicPartition> owned = member.assignment().topicPartitions().stream()
                    .filter(p -> p.topic().equals(topic))
                    .toList();
            if (owned.isEmpty()) {
                continue;
            }
            consumers++;
            if (owned.stream().noneMatch(p -> now.getOrDefault(p, 0L) > since.getOrDefault(p, 0L))) {
                idle.add(member.consumerId() + " " + owned);
            }
        }
        int expected = stack.instances(hop).size() * CONSUMERS.get(hop);
        if (consumers != expected) {
            return consumers + " consumers of " + topic + ", not " + expected;
        }
        return idle.isEmpty() ? null : "no progress on " + idle;
    }

    /** The committed offsets of every hop's consumer group. */
    private static Map<TopicPartition, Long> committedOffsets() throws Exception {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        try (Admin admin = admin()) {
            for (Service hop : HOPS) {
                offsets.putAll(committedOffsets(admin, hop.module()));
            }
        }
        return offsets;
    }

    private static Map<TopicPartition, Long> committedOffsets(Admin admin, String group) throws Exception {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get()
                .forEach((partition, offset) -> {
                    if (offset != null) {
                        offsets.put(partition, offset.offset());
                    }
                });
        return offsets;
    }

    private static Admin admin() {
        return Admin.create(Map.of("bootstrap.servers", stack.kafka().bootstrapServers()));
    }

    /**
     * Holds the job's publication: the advisory lock a generator replica takes to publish the job's next items,
     * taken by this test on a connection of its own until that connection is closed.
     */
    private static Connection holdPublication(UUID jobId) throws SQLException {
        Connection connection = stack.postgres().connect(Postgres.PLATFORM_DATABASE);
        int[] keys = JobSql.publicationLock(jobId);
        try (PreparedStatement lock = connection.prepareStatement("SELECT pg_advisory_lock(?, ?)")) {
            lock.setInt(1, keys[0]);
            lock.setInt(2, keys[1]);
            lock.execute();
        }
        return connection;
    }

    /** Each work item once in the inference service's and the scorer's tables, whatever was delivered twice. */
    private static void assertNoDuplicateRows(String jobId, int items) throws SQLException {
        try (Connection db = stack.postgres().connect(Postgres.PLATFORM_DATABASE)) {
            for (String table : List.of("inference.inference_record", "scorer.item_result")) {
                try (PreparedStatement rows = db.prepareStatement(
                        "SELECT count(*), count(DISTINCT workitemid) FROM " + table + " WHERE jobid = ?")) {
                    rows.setObject(1, UUID.fromString(jobId));
                    try (ResultSet r = rows.executeQuery()) {
                        r.next();
                        assertThat(r.getLong(1)).as("rows of %s", table).isEqualTo(items);
                        assertThat(r.getLong(2)).as("work items of %s", table).isEqualTo(items);
                    }
                }
            }
        }
    }

    /** Reads a job's server-sent events to the stream's end; the last one. */
    private static JsonNode lastEvent(String url) throws Exception {
        HttpResponse<Stream<String>> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(url))
                                .header("X-API-Key", apiKey)
                                .header("Accept", "text/event-stream")
                                .timeout(Duration.ofMinutes(3))
                                .build(),
                        HttpResponse.BodyHandlers.ofLines());
        assertThat(response.statusCode()).isEqualTo(200);
        String last = null;
        try (Stream<String> lines = response.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (line.startsWith("data:")) {
                    last = line.substring("data:".length()).trim();
                }
            }
        }
        assertThat(last).as("events of " + url).isNotNull();
        return PlatformClient.json().readTree(last);
    }

    private static void assertEveryItemScoredOnce(String jobId, JsonNode status, int items) {
        assertThat(status.get("status").asText()).as(status.toString()).isEqualTo("completed");
        assertThat(status.get("total").asInt()).isEqualTo(items);
        assertThat(status.get("done").asInt()).as("verdicts counted once each").isEqualTo(items);
        JsonNode results = client.results(apiKey, jobId);
        Set<String> ids = new HashSet<>();
        results.forEach(r -> ids.add(r.get("workItemId").asText()));
        assertThat(results).hasSize(items);
        assertThat(ids).hasSize(items);
    }

    private static List<String> reasons(String jobId) {
        List<String> reasons = new ArrayList<>();
        client.results(apiKey, jobId).forEach(r -> reasons.add(r.path("reason").asText("")));
        return reasons;
    }

    private static KafkaProducer<String, byte[]> producer() {
        Properties p = new Properties();
        p.put("bootstrap.servers", stack.kafka().bootstrapServers());
        return new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    }

    private static Map<String, Object> job(String name, List<Map<String, String>> qs, List<Map<String, String>> preds) {
        Set<String> ids = new HashSet<>();
        qs.forEach(q -> ids.add(q.get("id")));
        return StackDatabases.postgresqlJob(
                name,
                InlineDatabase.postgresql(stack.targets().jdbcUrl("footballdb_v1"), "rel_reader", "rel"),
                "model",
                "gpt-3.5-turbo",
                "questions",
                qs,
                "predictions",
                preds.stream().filter(p -> ids.contains(p.get("questionId"))).toList());
    }

    /** FootballDB v1's 400 questions (train and dev), each replaying its gold SQL as the prediction. */
    private static void loadQuestions() throws Exception {
        Path data = DataDir.resolve().resolve("footballdb/v1");
        questions = new ArrayList<>();
        predictions = new ArrayList<>();
        for (String split : List.of("train", "dev")) {
            PlatformClient.json()
                    .readTree(data.resolve(split + ".json").toFile())
                    .forEach(q -> {
                        String id = split + "-" + q.get("id").asText();
                        questions.add(SpiderQuestions.question(id, q));
                        predictions.add(Map.of(
                                "questionId", id, "predictedSql", q.get("query").asText()));
                    });
        }
    }

    /** Waits until the job is stored and has at least one verdict. */
    private static JsonNode awaitProgress(String jobId) {
        return await(jobId, Duration.ofMinutes(2), s -> s.get("done").asInt() > 0);
    }

    private static JsonNode awaitFinished(String jobId, Duration timeout) {
        return await(
                jobId,
                timeout,
                s -> !Set.of("queued", "running").contains(s.get("status").asText()));
    }

    private static JsonNode await(String jobId, Duration timeout, Predicate<JsonNode> done) {
        Instant deadline = Instant.now().plus(timeout);
        JsonNode last = null;
        while (Instant.now().isBefore(deadline)) {
            try {
                last = client.job(apiKey, jobId);
            } catch (UncheckedIOException e) {
                last = null; // the generator is restarting
            }
            if (last != null && done.test(last)) {
                return last;
            }
            sleep(50);
        }
        throw new AssertionError("job " + jobId + " not there after " + timeout + ": " + last);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
