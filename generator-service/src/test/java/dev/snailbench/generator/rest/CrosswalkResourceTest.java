package dev.snailbench.generator.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.generator.TestTenants;
import dev.snailbench.generator.testing.CrosswalkExports;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Crosswalks over HTTP; beyond the in-memory tier: SNAILS' nine stored in PostgreSQL and exported byte for byte. */
@QuarkusTest
@RealInfrastructure
class CrosswalkResourceTest {

    private String key;

    @BeforeEach
    void registerTenant() {
        key = TestTenants.create("tenant-" + UUID.randomUUID());
    }

    @Test
    void shouldExportEverySnailsCrosswalkExactlyAsImported() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(DataDir.resolve().resolve("snails/crosswalks"))) {
            files = s.filter(p -> p.toString().endsWith(".csv")).sorted().toList();
        }
        assertThat(files).hasSize(9);
        for (Path f : files) {
            String csv = Files.readString(f, StandardCharsets.UTF_8);
            String id = given().header("X-API-Key", key)
                    .contentType("text/csv")
                    .body(csv)
                    .queryParam("name", f.getFileName().toString())
                    .when()
                    .post("/crosswalks")
                    .then()
                    .statusCode(201)
                    .body("status", equalTo("ready"))
                    .body("entryCount", equalTo((int) csv.lines().count() - 1))
                    .extract()
                    .path("id");
            String exported = CrosswalkExports.csvText(key, id);
            assertThat(exported).as(f.getFileName().toString()).isEqualTo(csv);
        }
        given().header("X-API-Key", key)
                .when()
                .get("/crosswalks")
                .then()
                .statusCode(200)
                .body("size()", equalTo(9));
    }

    @Test
    void shouldRefuseCallsWithoutAnApiKey() {
        given().contentType("text/csv")
                .body("kind,identifier_native,native_level,regular,low,least\n")
                .queryParam("name", "x")
                .when()
                .post("/crosswalks")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo("X-API-Key"))
                .body("error", containsString("X-API-Key"));
        given().when()
                .get("/crosswalks")
                .then()
                .statusCode(401)
                .body("status", equalTo(401))
                .body("field", equalTo("X-API-Key"))
                .body("error", containsString("X-API-Key"));
    }

    @Test
    void shouldNotShowOneTenantsCrosswalkToAnother() {
        String id = given().header("X-API-Key", key)
                .contentType("text/csv")
                .body("kind,identifier_native,native_level,regular,low,least\ntable,Srvy,Low,Survey,Srvy,SV\n")
                .queryParam("name", "mine")
                .when()
                .post("/crosswalks")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        String someoneElse = TestTenants.create("someone-else");
        given().header("X-API-Key", someoneElse)
                .when()
                .get("/crosswalks/" + id)
                .then()
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(id));
        CrosswalkExports.csv(someoneElse, id)
                .statusCode(404)
                .body("status", equalTo(404))
                .body("error", containsString(id));
    }

    @Test
    void shouldNameTheBadLineOfAnImport() {
        given().header("X-API-Key", key)
                .contentType("text/csv")
                .body("kind,identifier_native,native_level,regular,low,least\ntable,A,Low,A,A,A\nview,B,Low,B,B,B\n")
                .queryParam("name", "bad")
                .when()
                .post("/crosswalks")
                .then()
                .statusCode(400)
                .body("error", containsString("line 3"));
        given().header("X-API-Key", key)
                .contentType("text/csv")
                .body("kind,identifier_native\n")
                .queryParam("name", "bad")
                .when()
                .post("/crosswalks")
                .then()
                .statusCode(400)
                .body("error", containsString("header"));
        given().header("X-API-Key", key)
                .contentType("text/csv")
                .body("kind,identifier_native,native_level,regular,low,least\n")
                .when()
                .post("/crosswalks")
                .then()
                .statusCode(400)
                .body("field", equalTo("name"));
    }
}
