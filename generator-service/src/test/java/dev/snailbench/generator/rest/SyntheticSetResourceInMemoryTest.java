package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.snailbench.generator.InMemoryTier;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.testkit.InMemoryTenant;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.workbench.repository.SyntheticPair;
import dev.snailbench.workbench.repository.SyntheticSet;
import dev.snailbench.workbench.synthetic.SyntheticSets;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * The workbench's {@code /synthetic-sets} with the sets mocked: a request's seed pairs, seed 42, offline questions,
 * minilm embeddings and one question per query unless given, 201 with the set's Location and its pairs; a bad
 * request's field named before anything is generated (no seeds, a blank seed question, no LLM configured, keep out of
 * range); the list and one set of the caller's tenant. Generating on a database the executor reads is
 * {@code SyntheticSetResourceTest}'s (real stack).
 */
@QuarkusTest
@InMemoryTier
class SyntheticSetResourceInMemoryTest extends InMemoryTenantTest {

    @InjectMock
    SyntheticSets sets;

    private final UUID database = UUID.randomUUID();

    @Test
    void shouldGenerateASetFromTheGivenSeedsWithTheDefaults() {
        SyntheticSets.Stored stored = stored();
        when(sets.generate(any(), any())).thenReturn(Uni.createFrom().item(stored));

        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        " synthetic ",
                        "databaseId",
                        database.toString(),
                        "nativeSchema",
                        "public",
                        "target",
                        3,
                        "seeds",
                        Map.of(
                                "items",
                                List.of(Map.of("question", "How many clubs?", "sql", "SELECT count(*) FROM club")))))
                .post("/synthetic-sets")
                .then()
                .statusCode(201)
                .header("Location", endsWith("/synthetic-sets/" + stored.set().id))
                .body("pairCount", equalTo(1))
                .body("questions[0].candidates[1]", equalTo("Count the clubs"))
                .body("questions[0].expected[0][0]", equalTo(12));

        ArgumentCaptor<SyntheticSets.Request> request = ArgumentCaptor.forClass(SyntheticSets.Request.class);
        verify(sets).generate(eq(InMemoryTenant.TENANT), request.capture());
        assertThat(request.getValue())
                .isEqualTo(new SyntheticSets.Request(
                        "synthetic",
                        database,
                        "public",
                        List.of(new SyntheticSuite.Seed("How many clubs?", "SELECT count(*) FROM club")),
                        42L,
                        3,
                        "offline",
                        "minilm",
                        1));
    }

    @Test
    void shouldNameTheFieldOfABadRequestBeforeGeneratingAnything() {
        Map<String, Object> base = Map.of("name", "s", "databaseId", database.toString(), "nativeSchema", "public");
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(base)
                .post("/synthetic-sets")
                .then()
                .statusCode(400)
                .body("field", equalTo("seeds"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(with(base, "seeds", Map.of("items", List.of(Map.of("question", " ", "sql", "SELECT 1")))))
                .post("/synthetic-sets")
                .then()
                .statusCode(400)
                .body("field", equalTo("seeds.items[0].question"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(with(
                        with(base, "seeds", Map.of("items", List.of(Map.of("question", "q", "sql", "SELECT 1")))),
                        "questions",
                        "llm"))
                .post("/synthetic-sets")
                .then()
                .statusCode(400)
                .body("field", equalTo("questions"))
                .body("error", containsString("no LLM is configured"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(with(base, "keep", 3))
                .post("/synthetic-sets")
                .then()
                .statusCode(400)
                .body("field", equalTo("keep"));
        given().contentType(ContentType.JSON)
                .body(base)
                .post("/synthetic-sets")
                .then()
                .statusCode(401);
        verify(sets, never()).generate(any(), any());
    }

    @Test
    void shouldListAndServeTheTenantsSetsAndAnswerAnUnknownOne404() {
        SyntheticSets.Stored stored = stored();
        when(sets.list(InMemoryTenant.TENANT)).thenReturn(Uni.createFrom().item(List.of(stored.set())));
        when(sets.get(InMemoryTenant.TENANT, stored.set().id))
                .thenReturn(Uni.createFrom().item(stored));
        UUID unknown = UUID.randomUUID();
        when(sets.get(InMemoryTenant.TENANT, unknown))
                .thenReturn(Uni.createFrom().failure(new NotFound("no synthetic set " + unknown)));

        given().header("X-API-Key", key())
                .get("/synthetic-sets")
                .then()
                .statusCode(200)
                .body("[0].id", equalTo(stored.set().id.toString()))
                .body("[0].pairCount", equalTo(1));
        given().header("X-API-Key", key())
                .get("/synthetic-sets/" + stored.set().id)
                .then()
                .statusCode(200)
                .body("questions[0].goldSql", equalTo("SELECT count(*) FROM club"));
        given().header("X-API-Key", key())
                .get("/synthetic-sets/" + unknown)
                .then()
                .statusCode(404)
                .body("error", equalTo("no synthetic set " + unknown));
    }

    private static Map<String, Object> with(Map<String, Object> body, String field, Object value) {
        Map<String, Object> copy = new HashMap<>(body);
        copy.put(field, value);
        return copy;
    }

    private SyntheticSets.Stored stored() {
        SyntheticSet set = new SyntheticSet();
        set.id = UUID.randomUUID();
        set.tenantId = InMemoryTenant.TENANT;
        set.name = "synthetic";
        set.databaseId = database;
        set.nativeSchema = "public";
        set.dialect = "postgresql";
        set.seed = 42;
        set.pairCount = 1;
        set.createdAt = Instant.parse("2026-01-01T00:00:00Z");
        SyntheticPair pair = new SyntheticPair();
        pair.setId = set.id;
        pair.questionId = "syn-1";
        pair.templateId = "t1";
        pair.question = "How many clubs are there?";
        pair.candidates = "[\"How many clubs are there?\", \"Count the clubs\"]";
        pair.goldSql = "SELECT count(*) FROM club";
        pair.hardness = "easy";
        pair.expectedResult = "[[12]]";
        pair.expectedRowCount = 1;
        return new SyntheticSets.Stored(set, Map.of("pairs", 1), List.of(pair));
    }
}
