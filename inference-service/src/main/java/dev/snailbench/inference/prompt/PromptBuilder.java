package dev.snailbench.inference.prompt;

import dev.snailbench.inference.InferenceException;
import dev.snailbench.inference.schema.LeveledSchema;
import dev.snailbench.inference.schema.LeveledSchema.TableDef;
import dev.snailbench.inference.schema.SchemaCatalog;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.PromptOptions;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.sql.SqlParser;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds the SNAILS zero-shot prompt (instruction naming database and dialect, one {@code #Table (Col Type, …)}
 * line per table at the item's naturalness level, the question with the dialect named), plus the job's options:
 * keys, sample values, k-shot examples, schema subsetting to a token budget. The same item always yields the
 * same string. Blocking (file reads): call on a worker.
 */
public final class PromptBuilder {

    private final SchemaCatalog schemas;
    private final TrainingExamples examples;
    private final SampleValues samples;

    public PromptBuilder(SchemaCatalog schemas, SqlParser parser) {
        this.schemas = schemas;
        this.examples = new TrainingExamples(schemas.dataDir());
        this.samples = new SampleValues(schemas.dataDir(), parser);
    }

    public Prompt build(WorkItem item) {
        return build(item, null);
    }

    /** The prompt on the team's own schema when {@code team} is given (read from its registered database). */
    public Prompt build(WorkItem item, TeamSchema team) {
        if (item.dialect() == null) {
            throw new InferenceException("work item has no dialect");
        }
        LeveledSchema schema = schemas.resolve(item.schemaId(), team);
        PromptOptions options = item.promptOptions();
        NaturalnessLevel level = item.level() == null ? NaturalnessLevel.NATIVE : item.level();
        List<TableDef> tables = moduleTables(schema, item.questionId());
        String shots = options.shots() > 0 ? shots(schema, item, options) : "";
        Map<TableDef, String> lines = new HashMap<>();
        for (TableDef t : tables) {
            lines.put(t, tableLine(schema, t, level, options));
        }
        List<TableDef> shown = tables;
        boolean subset = false;
        if (options.maxPromptTokens() > 0
                && TokenEstimate.of(render(schema, item.dialect(), shown, lines, shots, item.question()))
                        > options.maxPromptTokens()) {
            shown = subset(schema, item, tables, lines, shots, options.maxPromptTokens());
            subset = true;
        }
        String text = render(schema, item.dialect(), shown, lines, shots, item.question());
        return new Prompt(
                text,
                TokenEstimate.of(text),
                shown.stream().map(t -> t.name(NaturalnessLevel.NATIVE)).toList(),
                subset);
    }

    private static String render(
            LeveledSchema schema,
            SqlDialect dialect,
            List<TableDef> tables,
            Map<TableDef, String> lines,
            String shots,
            String question) {
        String d = dialect.displayName();
        StringBuilder p = new StringBuilder();
        p.append("### Write a ")
                .append(d)
                .append(" query for the database ")
                .append(schema.name())
                .append(". It has these ")
                .append(d)
                .append(" tables, with their columns:\n#\n");
        for (TableDef t : tables) {
            p.append(lines.get(t)).append('\n');
        }
        p.append("#\n");
        p.append(shots);
        p.append("### Using ")
                .append(d)
                .append(" syntax, answer this question with one SQL query: ")
                .append(question.strip())
                .append('\n');
        p.append("### ").append(d).append(" query:\n");
        return p.toString();
    }

    private static Map<String, List<String>> limited(Map<String, List<String>> values, int k) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        values.forEach((c, v) -> out.put(c, v.subList(0, Math.min(k, v.size()))));
        return out;
    }

    private String tableLine(LeveledSchema schema, TableDef t, NaturalnessLevel level, PromptOptions options) {
        Map<String, List<String>> values = options.sampleValues() <= 0
                ? Map.of()
                : schema.samples() != null
                        ? limited(
                                schema.samples().getOrDefault(t.name(NaturalnessLevel.NATIVE), Map.of()),
                                options.sampleValues())
                        : samples.of(schema.name(), t.name(NaturalnessLevel.NATIVE), options.sampleValues());
        List<String> parts = new ArrayList<>();
        for (LeveledSchema.ColumnDef c : t.columns()) {
            String part = c.name(level) + " " + c.type();
            List<String> v = values.get(c.name(NaturalnessLevel.NATIVE).toLowerCase());
            if (v != null && !v.isEmpty()) {
                part += " [" + String.join(", ", v) + "]";
            }
            parts.add(part);
        }
        if (options.includeKeys()) {
            if (!t.primaryKey().isEmpty()) {
                parts.add("PRIMARY KEY ("
                        + t.primaryKey().stream()
                                .map(k -> columnAt(t, k, level))
                                .collect(Collectors.joining(", ")) + ")");
            }
            for (LeveledSchema.ForeignKey fk : schema.foreignKeys()) {
                if (fk.table().equalsIgnoreCase(t.name(NaturalnessLevel.NATIVE))) {
                    TableDef ref = table(schema, fk.refTable());
                    parts.add("FOREIGN KEY (" + columnAt(t, fk.column(), level) + ") REFERENCES "
                            + (ref == null ? fk.refTable() : ref.name(level)) + " ("
                            + (ref == null ? fk.refColumn() : columnAt(ref, fk.refColumn(), level)) + ")");
                }
            }
        }
        return "#" + t.name(level) + " (" + String.join(", ", parts) + ")";
    }

    private String shots(LeveledSchema schema, WorkItem item, PromptOptions options) {
        StringBuilder s = new StringBuilder("### Examples of questions and their ")
                .append(item.dialect().displayName())
                .append(" queries:\n");
        for (TrainingExamples.Example e : examples.select(
                schema.name(), item.question(), options.shots(), options.shotSelection(), options.shotSeed())) {
            s.append("### Question: ")
                    .append(e.question().strip())
                    .append('\n')
                    .append(e.sql().strip())
                    .append('\n');
        }
        return s.append("#\n").toString();
    }

    /** SBODemoUS-style schemas list modules; a question id naming one ({@code <db>-<module>:<n>}) gets its tables. */
    private static List<TableDef> moduleTables(LeveledSchema schema, String questionId) {
        if (schema.modules().isEmpty() || questionId == null) {
            return schema.tables();
        }
        for (Map.Entry<String, List<String>> m : schema.modules().entrySet()) {
            if (questionId.startsWith(schema.name() + "-" + m.getKey() + ":")) {
                Set<String> names =
                        m.getValue().stream().map(String::toLowerCase).collect(Collectors.toSet());
                return schema.tables().stream()
                        .filter(t ->
                                names.contains(t.name(NaturalnessLevel.NATIVE).toLowerCase()))
                        .toList();
            }
        }
        return schema.tables();
    }

    /**
     * Keeps the tables most related to the question (shared words with the table's and columns' names), as many
     * as fit the budget, in schema order.
     */
    private static List<TableDef> subset(
            LeveledSchema schema,
            WorkItem item,
            List<TableDef> tables,
            Map<TableDef, String> lines,
            String shots,
            int budget) {
        int fixed = TokenEstimate.of(render(schema, item.dialect(), List.of(), lines, shots, item.question()));
        if (fixed > budget) {
            throw new InferenceException(
                    "the prompt needs " + fixed + " tokens without any table, over the budget of " + budget);
        }
        Set<String> words = Words.of(item.question());
        List<TableDef> ranked = new ArrayList<>(tables);
        Map<TableDef, Double> score = new HashMap<>();
        for (TableDef t : tables) {
            Set<String> names = new LinkedHashSet<>(
                    Words.of(t.name(NaturalnessLevel.NATIVE) + " " + t.name(NaturalnessLevel.REGULAR)));
            double s = 3 * names.stream().filter(words::contains).count();
            for (LeveledSchema.ColumnDef c : t.columns()) {
                s += Words.of(c.name(NaturalnessLevel.NATIVE) + " " + c.name(NaturalnessLevel.REGULAR)).stream()
                        .filter(words::contains)
                        .count();
            }
            score.put(t, s);
        }
        ranked.sort(Comparator.comparingDouble((TableDef t) -> -score.get(t)).thenComparingInt(tables::indexOf));
        Set<TableDef> kept = new LinkedHashSet<>();
        int used = fixed;
        for (TableDef t : ranked) {
            int cost = TokenEstimate.of(lines.get(t) + "\n");
            if (used + cost <= budget) {
                kept.add(t);
                used += cost;
            }
        }
        if (kept.isEmpty()) {
            throw new InferenceException(
                    "no table of " + schema.name() + " fits the prompt budget of " + budget + " tokens");
        }
        return tables.stream().filter(kept::contains).toList();
    }

    private static TableDef table(LeveledSchema schema, String nativeName) {
        return schema.tables().stream()
                .filter(t -> t.name(NaturalnessLevel.NATIVE).equalsIgnoreCase(nativeName))
                .findFirst()
                .orElse(null);
    }

    private static String columnAt(TableDef t, String nativeColumn, NaturalnessLevel level) {
        return t.columns().stream()
                .filter(c -> c.name(NaturalnessLevel.NATIVE).equalsIgnoreCase(nativeColumn))
                .map(c -> c.name(level))
                .findFirst()
                .orElse(nativeColumn);
    }
}
