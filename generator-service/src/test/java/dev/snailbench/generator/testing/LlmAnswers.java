package dev.snailbench.generator.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.snailbench.testkit.FakeOpenAi;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the platform's fake OpenAI-compatible server ({@link FakeOpenAi}, loopback) answers this module's
 * prompts. Chat completions answer the crosswalk prompts deterministically: expansions are the identifier's words
 * in PascalCase ({@code team_id → TeamId}), abbreviations keep each word's first two letters ({@code team_id → TeId}). A request
 * for candidate questions gets {@link #CANDIDATES} of them, one marked {@code CENTER}; {@code /v1/embeddings} gives
 * that one the shared direction the others lean towards, so it is the one closest to their centroid.
 * Schema-Refiner's package prompts get a description and canonical name per column, and its embeddings (model
 * {@link #WORD_MODEL}) a hashed bag of words.
 */
public class LlmAnswers implements FakeOpenAi.Answers {

    /** The embeddings model name for which the fake embeds words (a hashed bag of words), not questions. */
    public static final String WORD_MODEL = "fake-words";
    /** Candidate questions the fake writes for each query. */
    public static final int CANDIDATES = 8;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String complete(FakeOpenAi.Seen seen) {
        String user = seen.prompt();
        if (user.startsWith("Describe each column")) {
            return semanticPackages(user);
        }
        if (user.contains("different questions for this query")) {
            return questions(user);
        }
        boolean expand = user.startsWith("Rename");
        ObjectNode answer = JSON.createObjectNode();
        for (String line : user.split("\n")) {
            if (line.startsWith("- ")) {
                String id = line.substring(2).split(" ")[0];
                answer.put(id, rename(id, expand));
            }
        }
        return "```json\n" + answer + "\n```";
    }

    @Override
    public float[] embed(String model, String text) {
        return WORD_MODEL.equals(model) ? FakeOpenAi.wordVector(text) : embedding(text);
    }

    /**
     * Schema-Refiner's packages: for each listed {@code - table.column (…)}, the column's words as its canonical
     * name (snake_case) and a description naming its table ({@code the player name recorded for each player}).
     */
    static String semanticPackages(String prompt) {
        ObjectNode answer = JSON.createObjectNode();
        for (String line : prompt.split("\n")) {
            if (line.startsWith("- ") && line.contains(".")) {
                String ref = line.substring(2).split(" ")[0];
                String table = ref.substring(0, ref.indexOf('.'));
                String column = ref.substring(ref.indexOf('.') + 1);
                String words = String.join(" ", column.split("[_\\s]+|(?<=[a-z])(?=[A-Z])"))
                        .toLowerCase(Locale.ROOT);
                answer.putObject(ref)
                        .put("description", "the " + words + " recorded for each " + table)
                        .put("canonical", words.replace(' ', '_'));
            }
        }
        return "```json\n" + answer + "\n```";
    }

    /** Eight questions for the prompt's last query; the fifth is the one the embeddings put at the centre. */
    static String questions(String prompt) {
        String[] lines = prompt.split("\n");
        String sql = "";
        for (String line : lines) {
            if (line.startsWith("SQL: ")) {
                sql = line.substring(5);
            }
        }
        var array = JSON.createArrayNode();
        for (int k = 0; k < CANDIDATES; k++) {
            array.add((k == 4 ? "CENTER " : "Variant " + k + " ") + "question for: " + sql);
        }
        return array.toString();
    }

    /** {@code CENTER} → u; {@code Variant k} → u + e_k: each variant is nearer u than to the others. */
    static float[] embedding(String text) {
        float[] v = new float[CANDIDATES + 1];
        v[0] = 1;
        Matcher m = Pattern.compile("^Variant (\\d+) ").matcher(text);
        if (m.find()) {
            v[1 + Integer.parseInt(m.group(1))] = 1;
        }
        return v;
    }

    static String rename(String identifier, boolean expand) {
        StringBuilder b = new StringBuilder();
        for (String word : identifier.split("[_\\s]+|(?<=[a-z])(?=[A-Z])")) {
            if (word.isEmpty()) {
                continue;
            }
            String w = expand ? word : word.substring(0, Math.min(2, word.length()));
            b.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1).toLowerCase(Locale.ROOT));
        }
        return b.toString();
    }
}
