package dev.snailbench.classifier.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.snailbench.classifier.InMemoryTier;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

@QuarkusTest
@InMemoryTier
class SchemaNaturalnessResourceTest extends InMemoryTenantTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void shouldAssessAllNineSnailsSchemasAndPrintTheirNaturalness() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(DataDir.resolve().resolve("snails/schema"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(files).hasSize(9);
        StringBuilder table = new StringBuilder(String.format(
                "%-32s %7s %9s %7s %7s %7s%n", "schema", "idents", "combined", "Regular", "Low", "Least"));
        for (Path file : files) {
            JsonNode schema = MAPPER.readTree(file.toFile());
            int expected = 0;
            for (JsonNode t : schema.get("tables")) {
                expected += 1 + t.get("columns").size();
            }
            JsonPath report = given().header("X-API-Key", key())
                    .contentType(ContentType.JSON)
                    .body(Files.readString(file))
                    .when()
                    .post("/schemas/naturalness")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(report.getInt("identifiers")).as(file.toString()).isEqualTo(expected);
            assertThat(report.getList("tables")).hasSize(schema.get("tables").size());
            Map<String, Float> shares = report.getMap("shares");
            double sum =
                    shares.values().stream().mapToDouble(Float::doubleValue).sum();
            assertThat(sum).isBetween(0.999, 1.001);
            double combined = report.getDouble("combinedNaturalness");
            assertThat(combined).isEqualTo(shares.get("Regular") + 0.5 * shares.get("Low"), Offset.offset(1e-5));
            table.append(String.format(
                    "%-32s %7d %9.3f %7.3f %7.3f %7.3f%n",
                    report.getString("database"),
                    report.getInt("identifiers"),
                    combined,
                    shares.get("Regular"),
                    shares.get("Low"),
                    shares.get("Least")));
        }
        System.out.println("SNAILS schema naturalness (native identifiers, this model):\n" + table);
    }

    @Test
    void shouldRateTheRegularVersionOfASchemaMoreNaturalThanItsLeastVersion() throws IOException {
        JsonNode schema = MAPPER.readTree(
                DataDir.resolve().resolve("snails/schema/ATBI.json").toFile());
        double regular = combinedOfLevel(schema, "Regular");
        double least = combinedOfLevel(schema, "Least");
        assertThat(regular).isGreaterThan(0.8);
        assertThat(least).isLessThan(regular - 0.3);
    }

    @Test
    void shouldReportPerTableSharesAndLabelsForPlainStringNames() {
        String body = """
                {"tables": [
                  {"name": "customer_orders", "columns": ["order_id", "customer_name", "DfltSlp"]},
                  {"name": "AdCtTxIRWT", "columns": [{"name": "CSI22"}]}
                ]}""";
        JsonPath report = given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(body)
                .when()
                .post("/schemas/naturalness")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(report.getInt("identifiers")).isEqualTo(6);
        assertThat(report.getString("tables[0].label")).isEqualTo("Regular");
        assertThat(report.getList("tables[0].columns.name")).containsExactly("order_id", "customer_name", "DfltSlp");
        assertThat(report.getString("tables[0].columns[2].label")).isEqualTo("Least");
        assertThat(report.getString("tables[1].label")).isEqualTo("Least");
        assertThat(report.getDouble("tables[1].shares.Least")).isEqualTo(1.0);
        assertThat(report.getDouble("tables[1].combinedNaturalness")).isEqualTo(0.0);
        assertThat(report.getDouble("tables[0].combinedNaturalness")).isGreaterThan(0.5);
    }

    @Test
    void shouldNameTheOffendingFieldOfAMalformedSchema() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"tables\": [{\"name\": \"t\", \"columns\": [\"a\", 3]}]}")
                .when()
                .post("/schemas/naturalness")
                .then()
                .statusCode(400)
                .body("error", containsString("tables[0].columns[1]"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"tables\": [{\"name\": {\"Regular\": \"x\"}, \"columns\": []}]}")
                .when()
                .post("/schemas/naturalness")
                .then()
                .statusCode(400)
                .body("error", equalTo("tables[0].name.Native must be a non-empty string"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"tables\": []}")
                .when()
                .post("/schemas/naturalness")
                .then()
                .statusCode(400)
                .body("error", containsString("tables"));
    }

    /** The schema with the names of one level given as plain strings. */
    private static double combinedOfLevel(JsonNode schema, String level) {
        ObjectNode body = MAPPER.createObjectNode();
        var tables = body.putArray("tables");
        for (JsonNode t : schema.get("tables")) {
            ObjectNode table =
                    tables.addObject().put("name", t.get("name").get(level).asText());
            var columns = table.putArray("columns");
            t.get("columns").forEach(c -> columns.add(c.get("name").get(level).asText()));
        }
        return given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body(body.toString())
                .when()
                .post("/schemas/naturalness")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getDouble("combinedNaturalness");
    }
}
