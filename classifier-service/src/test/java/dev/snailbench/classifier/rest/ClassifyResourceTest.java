package dev.snailbench.classifier.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import dev.snailbench.classifier.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@InMemoryTier
class ClassifyResourceTest extends InMemoryTenantTest {

    /** Both endpoints sit behind the key filter: a request its authenticator refuses is a 401 naming the header. */
    @Test
    void shouldRefuseCallersWithoutAValidKey() {
        given().contentType(ContentType.JSON)
                .body(Map.of("identifiers", List.of("VgHt")))
                .post("/classify")
                .then()
                .statusCode(401)
                .body("field", equalTo("X-API-Key"));
        given().header("X-API-Key", "sb_not-a-key")
                .contentType(ContentType.JSON)
                .body(Map.of("tables", List.of()))
                .post("/schemas/naturalness")
                .then()
                .statusCode(401)
                .body("field", equalTo("X-API-Key"));
    }

    @Test
    void shouldClassifyIdentifiersInInputOrderWithProbabilitiesAndTokens() {
        JsonPath json = given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("identifiers", List.of("service_name", "AdCtTxIRWT", "ModelYear", "VgHt", "CSI22")))
                .when()
                .post("/classify")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(json.getList("results.identifier"))
                .containsExactly("service_name", "AdCtTxIRWT", "ModelYear", "VgHt", "CSI22");
        assertThat(json.getList("results.label")).containsExactly("Regular", "Least", "Regular", "Least", "Least");
        assertThat(json.getList("results[0].tokens")).containsExactly("service", "name");
        assertThat(json.getDouble("results[0].tokenInDictionaryShare")).isEqualTo(1.0);
        assertThat(json.getDouble("results[1].tokenInDictionaryShare")).isLessThan(0.5);
        Map<String, Float> probabilities = json.getMap("results[2].probabilities");
        assertThat(probabilities).containsOnlyKeys("Regular", "Low", "Least");
        assertThat(probabilities.values().stream()
                        .mapToDouble(Float::doubleValue)
                        .sum())
                .isBetween(0.999, 1.001);
        assertThat(probabilities.get("Regular")).isGreaterThan(0.5f);
        assertThat(json.getString("modelVersion")).startsWith("naturalness-");
    }

    @Test
    void shouldAcceptExactlyTheMaximumBatch() {
        List<String> identifiers = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            identifiers.add("Column" + i);
        }
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("identifiers", identifiers))
                .when()
                .post("/classify")
                .then()
                .statusCode(200)
                .body("results.size()", equalTo(10_000))
                .body("results[9999].identifier", equalTo("Column9999"));
    }

    @Test
    void shouldRefuseMoreThanTenThousandIdentifiersWith413() {
        List<String> identifiers = new ArrayList<>();
        for (int i = 0; i < 10_001; i++) {
            identifiers.add("c" + i);
        }
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(Map.of("identifiers", identifiers))
                .when()
                .post("/classify")
                .then()
                .statusCode(413)
                .body("error", containsString("10001"))
                .body("error", containsString("at most 10000"));
    }

    @Test
    void shouldNameTheIndexOfAnEmptyIdentifier() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"identifiers\": [\"ok\", \"fine\", \"  \"]}")
                .when()
                .post("/classify")
                .then()
                .statusCode(400)
                .body("error", equalTo("identifiers[2] is empty"));
    }

    @Test
    void shouldNameTheIndexOfANonStringIdentifier() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"identifiers\": [\"ok\", 42]}")
                .when()
                .post("/classify")
                .then()
                .statusCode(400)
                .body("error", containsString("identifiers[1] must be a string"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"identifiers\": [null]}")
                .when()
                .post("/classify")
                .then()
                .statusCode(400)
                .body("error", containsString("identifiers[0] must be a string"));
    }

    @Test
    void shouldRefuseABodyWithoutAnIdentifiersArray() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"names\": []}")
                .when()
                .post("/classify")
                .then()
                .statusCode(400)
                .body("error", containsString("identifiers"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"identifiers\": \"ModelYear\"}")
                .when()
                .post("/classify")
                .then()
                .statusCode(400)
                .body("error", containsString("array"));
    }

    @Test
    void shouldReportTheModelsValidationScores() {
        given().header("X-API-Key", key())
                .when()
                .get("/model")
                .then()
                .statusCode(200)
                .body("modelVersion", containsString("naturalness-"))
                .body("validationAccuracy", greaterThanOrEqualTo(0.89f))
                .body("validationMacroF1", greaterThanOrEqualTo(0.85f))
                .body("labels", equalTo(List.of("Regular", "Low", "Least")))
                .body("confusionMatrix.Regular.size()", equalTo(3))
                .body("executionProvider", equalTo("cpu"))
                .body("trainingDate", containsString("T"))
                .body("trainedOn", containsString("validation rows"))
                .body("crossFittedAccuracy", greaterThanOrEqualTo(0.89f))
                .body("crossFittedConfusionMatrix.Least.size()", equalTo(3));
    }
}
