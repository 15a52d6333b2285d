package dev.snailbench.generator.attack;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.generator.TestTenants;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.testkit.OversizedBody;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * What a tenant could send the generator before: a job named with a million characters (accepted in 30 s, stored,
 * published, echoed back), typos silently dropped; and what a link could do to the web UI (choose where the UI
 * sends the API key) or a report to the page showing it.
 */
@QuarkusTest
@InMemoryTier
class GeneratorAttackTest extends InMemoryTenantTest {

    private static final List<Map<String, String>> QUESTIONS = TestTenants.ONE_QUESTION;
    private static final List<Map<String, String>> PREDICTIONS = TestTenants.ONE_PREDICTION;

    @Test
    void shouldRefuseAJobNameOfAMillionCharactersAtOnce() {
        String key = key();
        Map<String, Object> job = new HashMap<>(TestTenants.job("n".repeat(1_000_000), QUESTIONS, PREDICTIONS));
        long start = System.nanoTime();
        TestTenants.submitJob(key, job)
                .statusCode(400)
                .body("status", equalTo(400))
                .body("field", equalTo("name"))
                .body("error", equalTo("name: is longer than 200 characters"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void shouldRefuseAQuestionOfMoreThanTenThousandCharactersNamingIt() {
        String key = key();
        List<Map<String, String>> questions =
                List.of(Map.of("id", "q1", "question", "q".repeat(10_001), "goldSql", "SELECT 1"));
        TestTenants.submitJob(key, TestTenants.job("long question", questions, PREDICTIONS))
                .statusCode(400)
                .body("field", equalTo("questions[0].question"))
                .body("error", equalTo("questions[0].question: is longer than 10000 characters"));
    }

    @Test
    void shouldNameAnUnknownFieldOfAJobSpecAndSuggestTheKnownOne() {
        String key = key();
        Map<String, Object> job = new HashMap<>(TestTenants.job("typo", QUESTIONS, PREDICTIONS));
        job.put("promptOptoins", Map.of("shots", 3));
        TestTenants.submitJob(key, job)
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", equalTo("unknown field 'promptOptoins' (did you mean 'promptOptions'?)"))
                .body("field", equalTo("promptOptoins"));
        job.remove("promptOptoins");
        job.put("questions", List.of(Map.of("id", "q1", "questoin", "How many?", "goldSql", "SELECT 1")));
        TestTenants.submitJob(key, job)
                .statusCode(400)
                .body("error", equalTo("unknown field 'questions[0].questoin' (did you mean 'question'?)"))
                .body("field", equalTo("questions[0].questoin"));
    }

    @TestHTTPResource("/")
    URI base;

    @Test
    void shouldRefuseAJobSpecBodyBeyondSixteenMegabytes() {
        assertThat(OversizedBody.status(base, "/jobs", "sb_any", 17L * 1024 * 1024))
                .isEqualTo(413);
    }

    @Test
    void shouldGiveTheUiNoScorerAddressUnlessTheOperatorConfiguredOne() {
        given().get("/ui/config").then().statusCode(200).body("scorerUrl", nullValue());
    }

    @Test
    void shouldShowReportsInASandboxedFrame() {
        given().get("/ui/index.html")
                .then()
                .statusCode(200)
                // Scripts never: allow-same-origin alone only lets the page read the report's height.
                .body(containsString("<iframe id=\"report\" title=\"report\" sandbox=\"allow-same-origin\" "
                        + "scrolling=\"no\" hidden></iframe>"));
        // The page's URL no longer chooses where the API key goes.
        given().get("/ui/app.js").then().statusCode(200).body(Matchers.not(containsString("get('scorer')")));
    }
}
