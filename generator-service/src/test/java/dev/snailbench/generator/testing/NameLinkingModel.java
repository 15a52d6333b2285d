package dev.snailbench.generator.testing;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.FakeOpenAi;
import dev.snailbench.workbench.refiner.ColumnRef;
import dev.snailbench.workbench.refiner.NameLinkingSimulator;
import dev.snailbench.workbench.synthetic.LexicalEmbedder;
import dev.snailbench.workbench.testing.SqlTools;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local OpenAI-compatible chat endpoint (local-stack's {@link FakeOpenAi}, loopback only) whose "model" is the {@link NameLinkingSimulator} —
 * <b>a name-linking simulator, not an LLM</b>. It answers a prompt from what the prompt shows: it reads the
 * question and the tables with their column names off the prompt's {@code #table (column type, …)} lines, and
 * writes the question's gold query (the concept it "knows", on native names) again with every column linked to the
 * closest name that table shows. It is never told which shown name belongs to which column: a prompt on the native
 * names gets the gold query back, a prompt on injected names gets mislinks, a prompt on refined names what those
 * names win back. A question it does not know gets {@code SELECT NULL}.
 */
public final class NameLinkingModel implements AutoCloseable {

    private static final Pattern QUESTION = Pattern.compile("answer this question with one SQL query: (.*)\n");
    private static final Pattern TABLE = Pattern.compile("^#(\\S+) \\((.*)\\)$");

    private final FakeOpenAi server;
    private final List<ColumnRef> nativeColumns;
    private final Map<String, String> goldByQuestion;
    private final SqlDialect dialect;
    private final List<String> prompts = new CopyOnWriteArrayList<>();
    private final Map<String, String> answers = new ConcurrentHashMap<>();

    private NameLinkingModel(List<ColumnRef> nativeColumns, Map<String, String> goldByQuestion, SqlDialect dialect)
            throws IOException {
        this.nativeColumns = List.copyOf(nativeColumns);
        this.goldByQuestion = Map.copyOf(goldByQuestion);
        this.dialect = dialect;
        this.server = FakeOpenAi.start(new FakeOpenAi.Answers() {
            @Override
            public String complete(FakeOpenAi.Seen seen) {
                String prompt = seen.prompt();
                prompts.add(prompt);
                String sql;
                try {
                    sql = answer(prompt);
                } catch (RuntimeException e) {
                    sql = "SELECT NULL";
                }
                answers.put(prompt, sql);
                return "```sql\n" + sql + "\n```";
            }
        });
    }

    /**
     * @param nativeColumns  the database's columns under their native names (the concepts the "model" knows)
     * @param goldByQuestion each question's gold query on native names
     */
    public static NameLinkingModel start(
            List<ColumnRef> nativeColumns, Map<String, String> goldByQuestion, SqlDialect dialect) throws IOException {
        return new NameLinkingModel(nativeColumns, goldByQuestion, dialect);
    }

    /** The OpenAI-compatible base URL ({@code http://127.0.0.1:<port>/v1}). */
    public String baseUrl() {
        return server.baseUrl();
    }

    /** Every prompt received, in order. */
    public List<String> prompts() {
        return List.copyOf(prompts);
    }

    /** Every prompt received → the SQL answered. */
    public Map<String, String> answers() {
        return Map.copyOf(answers);
    }

    /** The simulator's SQL for a prompt: the question's gold query on the names the prompt shows. */
    public String answer(String prompt) {
        Matcher q = QUESTION.matcher(prompt);
        String gold = q.find() ? goldByQuestion.get(q.group(1).strip()) : null;
        if (gold == null) {
            return "SELECT NULL";
        }
        return NameLinkingSimulator.link(nativeColumns, shownNames(prompt), new LexicalEmbedder())
                .predict(SqlTools.REWRITER, gold, dialect);
    }

    /** Lower-case table → the column names a prompt shows for it (keys and sample values left out). */
    public static Map<String, List<String>> shownNames(String prompt) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        for (String line : prompt.split("\n")) {
            Matcher m = TABLE.matcher(line.strip());
            if (!m.matches()) {
                continue;
            }
            List<String> columns = new ArrayList<>();
            for (String part : topLevelParts(m.group(2))) {
                String p = part.strip();
                if (p.startsWith("PRIMARY KEY") || p.startsWith("FOREIGN KEY") || p.isEmpty()) {
                    continue;
                }
                columns.add(p.split("\\s+")[0]);
            }
            names.put(m.group(1).toLowerCase(Locale.ROOT), columns);
        }
        return names;
    }

    /** Splits on commas outside brackets, parentheses and quotes (sample values and types hold commas). */
    private static List<String> topLevelParts(String s) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        StringBuilder current = new StringBuilder();
        for (char ch : s.toCharArray()) {
            if (ch == '\'') {
                quoted = !quoted;
            } else if (!quoted && (ch == '[' || ch == '(')) {
                depth++;
            } else if (!quoted && (ch == ']' || ch == ')')) {
                depth--;
            } else if (!quoted && depth == 0 && ch == ',') {
                parts.add(current.toString());
                current.setLength(0);
                continue;
            }
            current.append(ch);
        }
        parts.add(current.toString());
        return parts;
    }

    @Override
    public void close() {
        server.close();
    }
}
