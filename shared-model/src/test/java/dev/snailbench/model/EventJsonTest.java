package dev.snailbench.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.EvaluationOptions;
import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.Prediction;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.model.event.ItemAbandoned;
import dev.snailbench.model.event.ItemScored;
import dev.snailbench.model.event.ItemsScored;
import dev.snailbench.model.event.JobSubmitted;
import dev.snailbench.model.serde.AbandonedItemsDeserializer;
import dev.snailbench.model.serde.EventDeserializer;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.model.serde.EventSerializer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EventJsonTest {

    private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);

    @Test
    void shouldRoundTripAWorkItemEventThroughTheKafkaSerde() {
        UUID jobId = UUID.randomUUID();
        ModelRef model = ModelRef.replay("gpt");
        WorkItem item = new WorkItem(
                WorkItem.idFor(jobId, "db", "q1", model, NaturalnessLevel.NATIVE),
                "q1",
                "How many?",
                "SELECT 1",
                SqlDialect.POSTGRESQL,
                new DatabaseRef(SqlDialect.POSTGRESQL, "jdbc:postgresql://h/db", "u", "sealed", null),
                model,
                NaturalnessLevel.NATIVE,
                null,
                null,
                "SELECT 1");
        InferenceBatch event = InferenceBatch.of(jobId, "t1", null, List.of(item));

        byte[] bytes = new EventSerializer().serialize("topic", event);
        InferenceBatch back = new EventDeserializer.OfInferenceBatch().deserialize("topic", bytes);

        assertThat(back).isEqualTo(event);
        assertThat(new String(bytes, StandardCharsets.UTF_8))
                .contains("\"level\":\"Native\"", "\"dialect\":\"postgresql\"");
        assertThat(back.key()).isEqualTo(item.workItemId().toString());
    }

    @Test
    void shouldSendTheTeamSchemaOnceForAllTheItemsOfARecordAndGiveItToEachOfThem() {
        UUID jobId = UUID.randomUUID();
        TeamSchema schema = new TeamSchema(
                "football",
                new DatabaseSchema(
                        "PostgreSQL",
                        "football",
                        List.of(new DatabaseSchema.Table(
                                "public",
                                "club_with_a_long_recognisable_name",
                                "TABLE",
                                List.of(new DatabaseSchema.Column(
                                        "club_id", "int4", ResultColumn.ValueType.NUMBER, false, List.of("1"))),
                                List.of("club_id"),
                                List.of())),
                        false),
                List.of());
        List<WorkItem> items = List.of(item(jobId, "q1"), item(jobId, "q2"), item(jobId, "q3"));

        byte[] bytes = EventJson.write(InferenceBatch.of(jobId, "t1", schema, items));
        InferenceBatch back = new EventDeserializer.OfInferenceBatch().deserialize("topic", bytes);

        String json = new String(bytes, StandardCharsets.UTF_8);
        assertThat(json.split("club_with_a_long_recognisable_name", -1)).hasSize(2);
        assertThat(back.withSchema()).extracting(r -> r.item().questionId()).containsExactly("q1", "q2", "q3");
        assertThat(back.withSchema()).allSatisfy(r -> {
            assertThat(r.schema()).isEqualTo(schema);
            assertThat(r.jobId()).isEqualTo(jobId);
            assertThat(r.tenantId()).isEqualTo("t1");
        });
    }

    @Test
    void shouldReadEveryWorkItemOfADeadLetteredRecordAsAnAbandonment() {
        UUID jobId = UUID.randomUUID();
        byte[] batch =
                EventJson.write(InferenceBatch.of(jobId, "t1", null, List.of(item(jobId, "q1"), item(jobId, "q2"))));
        byte[] single = EventJson.write(InferenceBatch.of(jobId, "t1", null, List.of(item(jobId, "q3")))
                .withSchema()
                .get(0));

        List<ItemAbandoned> fromBatch = new AbandonedItemsDeserializer().deserialize("t", batch);
        List<ItemAbandoned> fromSingle = new AbandonedItemsDeserializer().deserialize("t", single);

        assertThat(fromBatch).extracting(a -> a.item().questionId()).containsExactly("q1", "q2");
        assertThat(fromBatch).allSatisfy(a -> {
            assertThat(a.jobId()).isEqualTo(jobId);
            assertThat(a.tenantId()).isEqualTo("t1");
            assertThat(a.workItemId()).isEqualTo(a.item().workItemId());
        });
        assertThat(fromSingle).extracting(a -> a.item().questionId()).containsExactly("q3");
        assertThat(new AbandonedItemsDeserializer().deserialize("t", "[]".getBytes(StandardCharsets.UTF_8)))
                .isEmpty();
        assertThatThrownBy(() ->
                        new AbandonedItemsDeserializer().deserialize("t", "{not json".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldCarryAJobsVerdictsInOneRecordEachWithItsReasonCutToTheLengthTheGeneratorCounts() {
        UUID jobId = UUID.randomUUID();
        String databaseMessage = "ERROR 42P01 relation does not exist: " + "x".repeat(5_000);
        List<ItemScored> verdicts = List.of(
                new ItemScored(
                        UUID.randomUUID(),
                        jobId,
                        "t1",
                        UUID.randomUUID(),
                        Instant.now(),
                        1,
                        "q1",
                        true,
                        true,
                        false,
                        "match"),
                new ItemScored(
                        UUID.randomUUID(),
                        jobId,
                        "t1",
                        UUID.randomUUID(),
                        Instant.now(),
                        1,
                        "q2",
                        false,
                        false,
                        true,
                        databaseMessage));

        ItemsScored record = ItemsScored.of(verdicts);
        byte[] bytes = EventJson.write(record);
        ItemsScored back = new EventDeserializer.OfItemsScored().deserialize("topic", bytes);

        assertThat(back.jobId()).isEqualTo(jobId);
        assertThat(back.tenantId()).isEqualTo("t1");
        assertThat(back.key()).isEqualTo(verdicts.get(0).workItemId().toString());
        assertThat(back.verdicts()).containsExactlyElementsOf(verdicts);
        assertThat(back.verdicts().get(1).reason())
                .hasSize(ItemScored.REASON_LENGTH)
                .startsWith("ERROR 42P01 relation does not exist: x")
                .endsWith("…");
        assertThat(new String(bytes, StandardCharsets.UTF_8)).doesNotContain("\"items\"");
    }

    private static WorkItem item(UUID jobId, String questionId) {
        ModelRef model = ModelRef.replay("gpt");
        return new WorkItem(
                WorkItem.idFor(jobId, "db", questionId, model, NaturalnessLevel.NATIVE),
                questionId,
                "How many?",
                "SELECT 1",
                SqlDialect.POSTGRESQL,
                null,
                model,
                NaturalnessLevel.NATIVE,
                null,
                null,
                "SELECT 1");
    }

    @Test
    void shouldCarryTheQuestionsHardnessLabelWithTheWorkItem() {
        UUID jobId = UUID.randomUUID();
        ModelRef model = ModelRef.replay("gpt");
        WorkItem item = new WorkItem(
                UUID.randomUUID(),
                "q1",
                "How many?",
                "SELECT 1",
                SqlDialect.POSTGRESQL,
                null,
                model,
                NaturalnessLevel.NATIVE,
                null,
                null,
                "SELECT 1",
                "job",
                null,
                "hard");

        InferenceRequested back = EventJson.read(
                new EventSerializer().serialize("topic", InferenceRequested.of(jobId, "t1", item)),
                InferenceRequested.class);

        assertThat(back.item().labelledHardness()).isEqualTo("hard");
    }

    @Test
    void shouldReadAWorkItemOfAnOlderWriterWithoutAHardnessLabel() {
        // An event as services wrote it before the label existed: no labelledHardness field at all.
        String json = "{\"eventId\":\"" + UUID.randomUUID() + "\",\"jobId\":\"" + UUID.randomUUID()
                + "\",\"tenantId\":\"t1\",\"workItemId\":\"5b0c1b2e-8d8e-3c4b-9a51-3f4b8f0c2d11\","
                + "\"occurredAt\":\"2026-11-20T10:00:00Z\",\"schemaVersion\":1,\"item\":{"
                + "\"workItemId\":\"5b0c1b2e-8d8e-3c4b-9a51-3f4b8f0c2d11\",\"questionId\":\"q1\","
                + "\"question\":\"How many?\",\"goldSql\":\"SELECT 1\",\"dialect\":\"postgresql\","
                + "\"database\":null,\"model\":{\"label\":\"gpt\",\"backend\":\"replay\"},\"level\":\"Native\","
                + "\"promptOptions\":null,\"schemaId\":null,\"recordedPrediction\":\"SELECT 1\","
                + "\"jobName\":\"old job\",\"schemaVariant\":null},\"schema\":null}";

        InferenceRequested event = EventJson.read(json.getBytes(StandardCharsets.UTF_8), InferenceRequested.class);

        assertThat(event.item().questionId()).isEqualTo("q1");
        assertThat(event.item().jobName()).isEqualTo("old job");
        assertThat(event.item().labelledHardness()).isNull();
        // Nor had it the evaluation options: the platform's linking, gold screening flagging.
        assertThat(event.item().evaluation()).isEqualTo(EvaluationOptions.DEFAULT);
    }

    @Test
    void shouldCarryTheEvaluationOptionsAndTheScreeningVerdictAndReadTheirAbsenceAsTheDefaults() {
        WorkItem item = new WorkItem(
                UUID.randomUUID(),
                "q1",
                "How many?",
                "SELECT 1",
                SqlDialect.POSTGRESQL,
                null,
                ModelRef.replay("gpt"),
                NaturalnessLevel.NATIVE,
                null,
                null,
                "SELECT 1",
                "job",
                null,
                null,
                new EvaluationOptions(EvaluationOptions.Linking.SNAILS, EvaluationOptions.GoldScreening.EXCLUDE));
        ExecutionCompleted completed = new ExecutionCompleted(
                UUID.randomUUID(),
                UUID.randomUUID(),
                "t1",
                item.workItemId(),
                Instant.now(),
                1,
                item,
                null,
                null,
                null,
                "LIMIT 1 cuts through ties");

        String json = new String(EventJson.write(completed), StandardCharsets.UTF_8);
        ExecutionCompleted back = EventJson.read(json.getBytes(StandardCharsets.UTF_8), ExecutionCompleted.class);

        assertThat(json).contains("\"evaluation\":{\"linking\":\"snails\",\"goldScreening\":\"exclude\"}");
        assertThat(back.item().evaluation()).isEqualTo(item.evaluation());
        assertThat(back.goldNondeterministic()).isEqualTo("LIMIT 1 cuts through ties");
        String older = json.replace(",\"goldNondeterministic\":\"LIMIT 1 cuts through ties\"", "")
                .replace(",\"evaluation\":{\"linking\":\"snails\",\"goldScreening\":\"exclude\"}", "");
        ExecutionCompleted old = EventJson.read(older.getBytes(StandardCharsets.UTF_8), ExecutionCompleted.class);
        assertThat(old.goldNondeterministic()).isNull();
        assertThat(old.item().evaluation()).isEqualTo(EvaluationOptions.DEFAULT);
    }

    @Test
    void shouldCarryTheExecutorsReadingOfTheSqlSortedAndReadItsAbsenceAsNone() {
        SqlFacts read = new SqlFacts(
                new SqlFacts.Gold(true, "hard", Set.of("t:team", "c:year", "c:name"), null),
                new SqlFacts.Predicted(Set.of("t:team", "c:name"), "tokens", 2));
        ExecutionCompleted completed = new ExecutionCompleted(
                UUID.randomUUID(),
                UUID.randomUUID(),
                "t1",
                UUID.randomUUID(),
                Instant.now(),
                1,
                null,
                null,
                null,
                null,
                null,
                read);

        String json = new String(EventJson.write(completed), StandardCharsets.UTF_8);
        ExecutionCompleted back = EventJson.read(json.getBytes(StandardCharsets.UTF_8), ExecutionCompleted.class);

        assertThat(back.sql()).isEqualTo(read);
        // Listed on an item's result in this order, whatever set the JSON was read into.
        assertThat(back.sql().gold().identifiers()).containsExactly("c:name", "c:year", "t:team");
        String older = json.substring(0, json.indexOf(",\"sql\":")) + "}";
        assertThat(EventJson.read(older.getBytes(StandardCharsets.UTF_8), ExecutionCompleted.class)
                        .sql())
                .isNull();
    }

    @Test
    void shouldAcceptAHardnessLabelInAnyCaseAndNameTheLabelsForAnyOtherValue() {
        assertThat(new Question("q", "?", "SELECT 1", " Extra ").hardness()).isEqualTo("extra");
        assertThat(new Question("q", "?", "SELECT 1").hardness()).isNull();
        assertThatThrownBy(() -> Question.hardnessLabel("very hard"))
                .hasMessageContaining("easy, medium, hard or extra");
        assertThatThrownBy(() -> Question.hardnessLabel("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldReadAJobSentCompressedAsTheJobThatWasSentAtAFractionOfItsSize() {
        List<Question> questions = new ArrayList<>();
        List<Prediction> predictions = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            questions.add(new Question(
                    "q" + i,
                    "How many clubs played in season " + i + "?",
                    "SELECT count(*) FROM club WHERE season = " + i));
            predictions.add(new Prediction("q" + i, "SELECT count(club_id) FROM club WHERE season = " + i));
        }
        JobSubmitted job = JobSubmitted.of(
                UUID.randomUUID(),
                "t1",
                new JobSpec(
                        "replay",
                        null,
                        SqlDialect.POSTGRESQL,
                        List.of(ModelRef.replay("m")),
                        List.of(NaturalnessLevel.NATIVE, NaturalnessLevel.LEAST),
                        null,
                        null,
                        questions,
                        predictions,
                        null,
                        null,
                        600));

        byte[] gzip = EventJson.writeGzip(job);

        assertThat(EventJson.isGzip(gzip)).isTrue();
        assertThat(gzip.length).isLessThan(EventJson.write(job).length / 3);
        assertThat(new EventDeserializer.OfJobSubmitted().deserialize("topic", gzip))
                .isEqualTo(job);
        // An earlier producer's plain JSON stays readable on the same topic.
        assertThat(new EventDeserializer.OfJobSubmitted().deserialize("topic", EventJson.write(job)))
                .isEqualTo(job);
    }

    @Test
    void shouldRefuseACutOffCompressedEventAsNotAValidEvent() {
        JobSubmitted job = JobSubmitted.of(
                UUID.randomUUID(),
                "t1",
                new JobSpec(
                        "replay",
                        null,
                        SqlDialect.POSTGRESQL,
                        List.of(ModelRef.replay("m")),
                        null,
                        null,
                        null,
                        List.of(new Question("q1", "?", "SELECT 1")),
                        List.of(new Prediction("q1", "SELECT 1"))));
        byte[] gzip = EventJson.writeGzip(job);

        assertThatThrownBy(() -> new EventDeserializer.OfJobSubmitted()
                        .deserialize("topic", Arrays.copyOf(gzip, gzip.length / 2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a valid JobSubmitted");
    }

    @Test
    void shouldRefuseAnEventFromANewerSchemaVersion() {
        String json = "{\"eventId\":\"" + UUID.randomUUID() + "\",\"tenantId\":\"t\",\"schemaVersion\":99}";
        assertThatThrownBy(() -> new EventDeserializer.OfInferenceBatch()
                        .deserialize("t", json.getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("schema version 99");
    }

    @Test
    void shouldGiveTheSameWorkItemIdForTheSameSpec() {
        UUID job = UUID.randomUUID();
        assertThat(WorkItem.idFor(job, "db", "q", ModelRef.replay("m"), NaturalnessLevel.LOW))
                .isEqualTo(WorkItem.idFor(job, "db", "q", ModelRef.replay("m"), NaturalnessLevel.LOW))
                .isNotEqualTo(WorkItem.idFor(job, "db", "q", ModelRef.replay("m"), NaturalnessLevel.LEAST));
    }

    @Test
    void shouldOpenOnlyWithTheKeyThatSealed() {
        SecretCipher cipher = new SecretCipher(KEY);
        String sealed = cipher.seal("s3cret");
        assertThat(sealed).doesNotContain("s3cret");
        assertThat(cipher.open(sealed)).isEqualTo("s3cret");
        byte[] other = new byte[32];
        other[0] = 1;
        assertThatThrownBy(() -> new SecretCipher(Base64.getEncoder().encodeToString(other)).open(sealed))
                .hasMessageContaining("cannot be opened");
    }

    @Test
    void shouldNameTheAcceptedValuesOfAnUnknownLevel() {
        assertThatThrownBy(() -> NaturalnessLevel.fromLabel("Lowest"))
                .hasMessageContaining("Native, Regular, Low or Least");
        assertThat(NaturalnessLevel.fromLabel("least")).isEqualTo(NaturalnessLevel.LEAST);
    }

    @Test
    void shouldReadEveryOptionAsWrittenAndAsATeamMayWriteItAndNameTheValuesOfAnUnknownOne() throws Exception {
        for (NaturalnessLevel level : NaturalnessLevel.values()) {
            assertThat(EventJson.mapper().readValue(EventJson.write(level), NaturalnessLevel.class))
                    .isEqualTo(level);
            assertThat(NaturalnessLevel.fromLabel(" " + level.label().toUpperCase() + " "))
                    .isEqualTo(level);
        }
        for (SqlDialect dialect : SqlDialect.values()) {
            assertThat(EventJson.mapper().readValue(EventJson.write(dialect), SqlDialect.class))
                    .isEqualTo(dialect);
            assertThat(SqlDialect.fromId(" " + dialect.id().toUpperCase() + " "))
                    .isEqualTo(dialect);
        }
        for (EvaluationOptions.Linking linking : EvaluationOptions.Linking.values()) {
            assertThat(EventJson.mapper().readValue(EventJson.write(linking), EvaluationOptions.Linking.class))
                    .isEqualTo(linking);
            assertThat(EvaluationOptions.Linking.fromId(linking.name() + " ")).isEqualTo(linking);
        }
        for (EvaluationOptions.GoldScreening screening : EvaluationOptions.GoldScreening.values()) {
            assertThat(EventJson.mapper().readValue(EventJson.write(screening), EvaluationOptions.GoldScreening.class))
                    .isEqualTo(screening);
            assertThat(EvaluationOptions.GoldScreening.fromId("Flag").id()).isEqualTo("flag");
        }
        assertThatThrownBy(() -> SqlDialect.fromId("mysql")).hasMessageContaining("postgresql or sqlserver");
        assertThatThrownBy(() -> EvaluationOptions.GoldScreening.fromId("sometimes"))
                .hasMessageContaining("off or flag or exclude");
        assertThatThrownBy(() -> EvaluationOptions.Linking.fromId(null)).hasMessageContaining("platform or snails");
    }
}
