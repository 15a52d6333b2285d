package dev.snailbench.tenancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.serde.EventJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one answer of every service to a body with a field it does not know, and the event mapper that stays lenient. */
class JsonErrorsTest {

    public record Options(int shots) {}

    public record Register(String name, Map<String, String> options, List<Options> prompts) {}

    private static ObjectMapper strict() {
        ObjectMapper mapper = new ObjectMapper();
        new StrictJson().customize(mapper);
        return mapper;
    }

    private static ApiError answer(String json) {
        JsonProcessingException e =
                catchThrowableOfType(JsonProcessingException.class, () -> strict().readValue(json, Register.class));
        return JsonErrors.body(e);
    }

    @Test
    void shouldNameAnUnknownFieldAndTheKnownOneClosestToIt() {
        assertThat(answer("{\"name\": \"n\", \"optoins\": {}}"))
                .isEqualTo(new ApiError(400, "unknown field 'optoins' (did you mean 'options'?)", "optoins"));
    }

    @Test
    void shouldNameANestedUnknownFieldByItsPath() {
        assertThat(answer("{\"prompts\": [{\"shots\": 1}, {\"shot\": 2}]}"))
                .isEqualTo(new ApiError(
                        400, "unknown field 'prompts[1].shot' (did you mean 'shots'?)", "prompts[1].shot"));
    }

    @Test
    void shouldNameEveryUnknownFieldAtOnceInTheOrderOfTheirPaths() {
        assertThat(answer("{\"nmae\": \"n\", \"prompts\": [{\"shot\": 2, \"x\": {\"deep\": [1]}}], "
                        + "\"optoins\": {}}"))
                .isEqualTo(new ApiError(
                        400,
                        "unknown fields 'nmae' (did you mean 'name'?), "
                                + "'optoins' (did you mean 'options'?), 'prompts[0].shot' (did you mean 'shots'?), 'prompts[0].x'",
                        "nmae"));
    }

    @Test
    void shouldCountUnknownFieldsBeyondTheOnesItNames() {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < 15; i++) {
            json.append(i == 0 ? "" : ", ")
                    .append("\"f")
                    .append((char) ('a' + i))
                    .append("\": ")
                    .append(i);
        }
        ApiError error = answer(json.append("}").toString());
        assertThat(error.error()).startsWith("unknown fields 'fa', 'fb'").endsWith("'fj' and 5 more");
    }

    @Test
    void shouldRefuseUnknownFieldsOfARootListOfObjects() throws Exception {
        JsonProcessingException e = catchThrowableOfType(
                JsonProcessingException.class,
                () -> strict().readValue(
                                "[{\"shots\": 1}, {\"shot\": 2}]",
                                strict().getTypeFactory().constructCollectionType(List.class, Options.class)));
        assertThat(JsonErrors.body(e))
                .isEqualTo(new ApiError(400, "unknown field '[1].shot' (did you mean " + "'shots'?)", "[1].shot"));
    }

    @Test
    void shouldReadAValidBodyAsBefore() throws Exception {
        assertThat(strict().readValue("{\"name\": \"n\", \"prompts\": [{\"shots\": 2}]}", Register.class))
                .isEqualTo(new Register("n", null, List.of(new Options(2))));
    }

    @Test
    void shouldDescribeMalformedJsonAndMistypedValuesWithoutJacksonInternals() {
        ApiError cut = answer("{\"name\": \"n\", \"prompts\": [");
        assertThat(cut.error())
                .startsWith("malformed JSON at line 1, column ")
                .doesNotContain("Source")
                .doesNotContain("REDACTED")
                .doesNotContain("StreamReadFeature");
        ApiError wrongType = answer("{\"prompts\": {\"shots\": 1}}");
        assertThat(wrongType).isEqualTo(new ApiError(400, "prompts: expected a list, got an object", "prompts"));
        assertThat(answer("{\"prompts\": [{\"shots\": [1]}]}").error())
                .isEqualTo("prompts[0].shots: expected a whole number, got a list");
        assertThat(answer("{\"prompts\": [\"x\"]}").error())
                .doesNotContain("dev.snailbench")
                .doesNotContain("JsonErrorsTest")
                .startsWith("prompts[0]: expected an object");
    }

    @Test
    void shouldSuggestNothingWhenNoKnownFieldIsClose() {
        assertThat(answer("{\"colour\": 1}")).isEqualTo(new ApiError(400, "unknown field 'colour'", "colour"));
    }

    @Test
    void shouldNotEchoAFieldNameOfFortyThousandCharacters() {
        // Jackson itself refuses names beyond 50,000 characters (malformed JSON); below that, cut here.
        ApiError error = answer("{\"" + "x".repeat(40_000) + "\": 1}");
        assertThat(error.field()).hasSize(JsonErrors.MAX_NAME + 1).endsWith("…");
        assertThat(error.error()).hasSizeLessThan(200);
    }

    @Test
    void shouldRefuseUnknownFieldsOfATreeBodyTheSameWay() {
        var tree = strict().createObjectNode().put("identifiers", "x").put("identifer", "y");
        InvalidInput e = catchThrowableOfType(InvalidInput.class, () -> JsonErrors.onlyFields(tree, "", "identifiers"));
        assertThat(e.field()).isEqualTo("identifer");
        assertThat(e.getMessage()).isEqualTo("unknown field 'identifer' (did you mean 'identifiers'?)");
        tree.put("colour", 1);
        assertThat(catchThrowableOfType(InvalidInput.class, () -> JsonErrors.onlyFields(tree, "schema", "identifiers"))
                        .getMessage())
                .isEqualTo("unknown fields 'schema.identifer' (did you mean " + "'identifiers'?), 'schema.colour'");
    }

    @Test
    void shouldKeepReadingEventsWithFieldsFromANewerWriter() {
        // Rolling upgrades: Kafka events are read by shared-model's own mapper, which StrictJson does not touch.
        assertThat(EventJson.mapper().isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES))
                .isFalse();
        assertThat(strict().isEnabled(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES))
                .isTrue();
    }

    @Test
    void shouldBoundTextsAndListsNamingTheField() {
        assertThat(ApiLimits.text("short", "name", 10)).isEqualTo("short");
        assertThatThrownBy(() -> ApiLimits.text("x".repeat(11), "name", 10))
                .isInstanceOfSatisfying(
                        InvalidInput.class,
                        e -> assertThat(List.of(e.field(), e.getMessage()))
                                .containsExactly(
                                        "name", "name: has 11 characters; at most 10 characters are accepted"));
        assertThatThrownBy(() -> ApiLimits.count(List.of(1, 2, 3), "models", 2))
                .isInstanceOfSatisfying(
                        InvalidInput.class,
                        e -> assertThat(List.of(e.field(), e.getMessage()))
                                .containsExactly("models", "models: has 3 entries; at most 2 are accepted"));
    }
}
