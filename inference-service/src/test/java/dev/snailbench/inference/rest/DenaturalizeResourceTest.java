package dev.snailbench.inference.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.inference.InMemoryTier;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

@QuarkusTest
@InMemoryTier
class DenaturalizeResourceTest extends InMemoryTenantTest {

    private static final String CROSSWALK = """
            [{"kind": "table", "native": "tbl_Trees", "regular": "Trees", "low": "Trs", "least": "T"},
             {"kind": "column", "native": "Ht", "regular": "Height_Meters", "low": "Hgt_m", "least": "Ht"},
             {"kind": "column", "native": "Height", "regular": "Height", "low": "Hght", "least": "H"}]""";

    @Test
    void shouldReturnNativeSqlWithWhatWasReplacedAndWhatWasUnknown() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT [Hght], Hgt_m AS h, Width FROM Trs WHERE Hght > 'Hght'", "dialect": "sqlserver",
                 "level": "Low", "crosswalk": %s}""".formatted(CROSSWALK))
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(200)
                .body("sql", equalTo("SELECT [Height], Ht AS h, Width FROM tbl_Trees WHERE Height > 'Hght'"))
                .body("replaced.from", contains("Trs", "Hght", "Hgt_m"))
                .body("replaced.to", contains("tbl_Trees", "Height", "Ht"))
                .body("unknown", contains("Width"))
                .body("method", equalTo("parsed"));
    }

    @Test
    void shouldRewriteSqlThatDoesNotParseTokenByTokenAndSaySo() {
        // "! =" is refused by the parser: the names around it are still mapped back, never inside the literal.
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT t.Hght, Hgt_m h FROM Trs t WHERE Hght ! = 'Hght' -- Hgt_m", "dialect": "sqlserver",
                 "level": "Low", "crosswalk": %s}""".formatted(CROSSWALK))
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(200)
                .body("method", equalTo("tokens"))
                .body("sql", equalTo("SELECT t.Height, Ht h FROM tbl_Trees t WHERE Height ! = 'Hght' -- Hgt_m"))
                .body("replaced.from", contains("Hght", "Hgt_m", "Trs"));
    }

    @Test
    void shouldWorkOnPostgresqlSql() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT \\"Hght\\" FROM T LIMIT 3", "dialect": "postgresql", "level": "Least",
                 "crosswalk": %s}""".formatted(CROSSWALK))
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(200)
                .body("sql", equalTo("SELECT \"Hght\" FROM tbl_Trees LIMIT 3"))
                .body("unknown", contains("Hght"));
    }

    @Test
    void shouldRejectBadInputNamingTheField() {
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT 1", "dialect": "oracle", "level": "Low", "crosswalk": []}""")
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(400)
                .body("error", equalTo("dialect: unknown dialect 'oracle' (expected postgresql or sqlserver)"))
                .body("field", equalTo("dialect"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT 1", "dialect": "sqlserver", "level": "Native", "crosswalk": []}""")
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(400)
                .body("error", containsString("level must be Regular, Low or Least"))
                .body("field", equalTo("level"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"sql": "SELECT 1", "dialect": "sqlserver", "level": "Low",
                 "crosswalk": [{"kind": "table", "native": "a", "low": "b"}, {"kind": "view", "native": "x"}]}""")
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(400)
                .body("error", equalTo("crosswalk[1].kind must be table or column, was view"))
                .body("field", equalTo("crosswalk[1].kind"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("""
                {"dialect": "sqlserver", "level": "Low", "crosswalk": []}""")
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(400)
                .body("error", equalTo("sql is required"))
                .body("field", equalTo("sql"));
        given().header("X-API-Key", key())
                .contentType(ContentType.JSON)
                .body("{\"sql\": ")
                .when()
                .post("/denaturalize")
                .then()
                .statusCode(400)
                .body("status", equalTo(400))
                .body("error", containsString("JSON"));
    }
}
