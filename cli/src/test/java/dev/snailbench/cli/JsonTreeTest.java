package dev.snailbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The streaming reader's trees are the ones {@code ObjectMapper.readTree} makes, node types included. */
class JsonTreeTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void shouldReadTheSameTreeAsObjectMapper() throws IOException {
        List<String> texts = List.of(
                "[{\"jobId\":\"7f0c\",\"done\":100,\"failed\":0,\"reason\":null,\"outcome\":\"some-failed\"}]",
                "{\"a\":{\"b\":[1,2,[3,{}]],\"c\":[]},\"t\":true,\"f\":false,\"n\":null}",
                "{\"int\":2147483647,\"long\":2147483648,\"big\":123456789012345678901234567890,\"neg\":-7}",
                "{\"double\":0.1,\"exp\":1e3,\"negExp\":-2.5E-3,\"accuracy\":0.6666666666666666}",
                "{\"text\":\"caf\\u00e9 \\\"quoted\\\"\\n\\ttab\",\"emoji\":\"\uD83D\uDC0C\"}",
                "{\"repeated\":1,\"repeated\":2}",
                "{\"first\":1} {\"second\":2}",
                "\"just text\"",
                "42",
                "  [ ]  ");
        for (String text : texts) {
            JsonNode read = JsonTree.read(text);
            JsonNode expected = MAPPER.readTree(text);
            assertThat(read).as(text).isEqualTo(expected);
            assertThat(read.toPrettyString()).as(text).isEqualTo(expected.toPrettyString());
            assertThat(types(read)).as(text).isEqualTo(types(expected));
        }
    }

    @Test
    void shouldRefuseTextThatIsNotJson() {
        for (String text : List.of("not json", "{\"a\":", "[1,2", "{\"a\" 1}", "<html>502 Bad Gateway</html>")) {
            assertThatThrownBy(() -> JsonTree.read(text)).as(text).isInstanceOf(IOException.class);
        }
        assertThat(PlatformClient.tree("<html>502</html>").path("error").asText())
                .isEqualTo("<html>502</html>");
        assertThat(PlatformClient.tree("  ").isEmpty()).isTrue();
    }

    /** Every node's class, depth first (what a command reads back with asInt, asLong, asText...). */
    private static String types(JsonNode node) {
        StringBuilder sb = new StringBuilder(node.getClass().getSimpleName());
        if (node.isObject()) {
            node.fields()
                    .forEachRemaining(
                            e -> sb.append(' ').append(e.getKey()).append('=').append(types(e.getValue())));
        } else if (node.isArray()) {
            node.forEach(child -> sb.append(' ').append(types(child)));
        }
        return sb.toString();
    }
}
