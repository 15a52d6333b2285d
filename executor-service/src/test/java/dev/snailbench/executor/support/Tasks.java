package dev.snailbench.executor.support;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.Topics;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.serde.EventJson;
import dev.snailbench.testkit.DatabaseRegistration;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.TenantKeys;
import dev.snailbench.testkit.TopicClient;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Database tasks as the generator asks them: a registered database, a task on the real topic, its one answer. */
public final class Tasks {

    private static TopicClient topics;

    private Tasks() {}

    /** One client for the module's task tests, closed when the JVM exits. */
    private static synchronized TopicClient topics() {
        if (topics == null) {
            topics = new TopicClient();
            TopicClient client = topics;
            Runtime.getRuntime().addShutdownHook(new Thread(client::close, "task-topics-close"));
        }
        return topics;
    }

    /** Registers a database of the teams' PostgreSQL through the REST API, with an admin login if asked. */
    public static UUID register(TenantKeys.Tenant tenant, String database, boolean admin) {
        // A tenant's database names are unique: one registration per call, whatever it registers.
        Map<String, Object> body = DatabaseRegistration.postgresql(
                database + " " + UUID.randomUUID(),
                LocalStack.targets().jdbcUrl(database),
                Postgres.USER,
                Postgres.PASSWORD);
        if (admin) {
            body.put("adminUser", Postgres.USER);
            body.put("adminPassword", Postgres.PASSWORD);
        }
        String id = given().header(ApiKeys.HEADER, tenant.apiKey())
                .contentType(ContentType.JSON)
                .body(body)
                .post("/databases")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        return UUID.fromString(id);
    }

    /** Sends the task and waits for its answer on the real broker. */
    public static DatabaseTaskCompleted ask(DatabaseTaskRequested task) {
        send(task);
        return answerTo(task);
    }

    /** Sends the task without waiting. */
    public static void send(DatabaseTaskRequested task) {
        topics().send(Topics.DATABASE_TASKS, task.key(), EventJson.write(task));
    }

    /** Waits for the answer to a task sent before. */
    public static DatabaseTaskCompleted answerTo(DatabaseTaskRequested task) {
        List<ConsumerRecord<String, byte[]>> answers = Answers.get()
                .await(
                        Topics.DATABASE_TASK_RESULTS,
                        r -> task.taskId().toString().equals(r.key()),
                        found -> !found.isEmpty(),
                        Duration.ofSeconds(120));
        assertThat(answers).as("answer to task " + task.taskId()).hasSize(1);
        return EventJson.read(answers.get(0).value(), DatabaseTaskCompleted.class);
    }
}
