package dev.snailbench.executor.service.synthetic;

import dev.snailbench.executor.service.TextTables;
import dev.snailbench.executor.service.TeamSession;
import dev.snailbench.executor.service.TextTables;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.executor.service.qatch.ColumnProfile;
import dev.snailbench.model.domain.QatchSuite.TextTable;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite.Counts;
import dev.snailbench.model.domain.SyntheticSuite.Frame;
import dev.snailbench.model.domain.SyntheticSuite.Options;
import dev.snailbench.model.domain.SyntheticSuite.Pair;
import dev.snailbench.model.domain.SyntheticSuite.Template;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.sql.JdbcSchemaReader;
import dev.snailbench.sql.SqlIdentifiers;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.template.SeedTemplate.Kind;
import dev.snailbench.sql.template.SeedTemplate.Slot;
import dev.snailbench.sql.template.SeedTemplate;
import dev.snailbench.sql.template.SeedTemplates;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * ScienceBenchmark's SQL side on a team's database: seeds → templates (typed slots, deduplicated), the slots filled
 * from the data (values of one table taken from one row, so that they go together; aggregated and returned columns
 * replaced by columns of the same table and kind), each filled query run with a timeout, and only those that run,
 * return rows, and differ from the seeds and from each other (by SQL and, per template, by result) are kept.
 * Blocking; deterministic for a seed and a database state.
 */
public final class SyntheticSqlGenerator {

    private static final int SAMPLED_ROWS = 500;
    private static final int ATTEMPTS_PER_PAIR = 4;
    private static final int FAILURES_KEPT = 20;
    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_]*");
    private static final Pattern ID_NAME = Pattern.compile("(?i)^id$|_id$|^id_|[a-z]Id$|[a-z]ID$");

    /** A template, the seeds it came from, and the first seed's query as printed. */
    private record Group(String id, SeedTemplate template, List<Frame> frames, String seedSql) {
    }

    private final TeamSession session;
    private final SqlDialect dialect;
    private final Duration queryTimeout;
    private final Options options;
    private final Random random;
    private final Map<String, Map<String, String>> columnTypes = new HashMap<>();
    private final Map<String, Set<String>> primaryKeys = new HashMap<>();
    private final Map<String, String> tableNames = new HashMap<>();
    private final Set<String> seedSql = new HashSet<>();
    private final Map<String, List<List<String>>> sampledRows = new HashMap<>();
    private final long deadline;

    private int unparsed;
    private int withoutSlots;
    private int unknownTables;
    private int failingSeeds;
    private int candidates;
    private int failed;
    private int timedOut;
    private int empty;
    private int tooLarge;
    private int duplicateSql;
    private int duplicateResult;
    private int sameAsSeed;
    private final List<String> failures = new ArrayList<>();

    private SyntheticSqlGenerator(TeamSession session, Options options) {
        this.session = session;
        this.dialect = session.dialect();
        this.queryTimeout = Duration.ofSeconds(Math.max(1, options.queryTimeoutSeconds()));
        this.options = options;
        this.random = new Random(options.seed());
        this.deadline = System.nanoTime() + options.timeBudgetSeconds() * 1_000_000_000L;
    }

    /**
     * Reads {@code schema} through the team session and generates the pairs; every seed and candidate passes the
     * session's guard and runs in a transaction of its own (a failed one aborts nothing the next one needs).
     */
    public static SyntheticSuite generate(TeamSession session, String schema, SqlParser parser, Options options)
            throws SQLException {
        SyntheticSqlGenerator g = new SyntheticSqlGenerator(session, options);
        Map<String, Set<String>> columnsByTable = g.readSchema(schema);
        List<Group> groups = g.templates(parser, columnsByTable);
        return g.fill(groups);
    }

    private Map<String, Set<String>> readSchema(String schema) throws SQLException {
        Connection catalog = session.catalog();
        SchemaSpec spec = JdbcSchemaReader.read(catalog, schema);
        // Seed SQL names tables without a schema, like the gold SQL of the built-in question sets.
        session.useSchema(schema);
        Map<String, Set<String>> columnsByTable = new HashMap<>();
        for (SchemaSpec.Table t : spec.tables()) {
            Map<String, String> types = new LinkedHashMap<>();
            t.columns().forEach(c -> types.put(c.name(), c.type()));
            columnTypes.put(t.name().toLowerCase(Locale.ROOT), types);
            tableNames.put(t.name().toLowerCase(Locale.ROOT), t.name());
            Set<String> lower = new HashSet<>();
            t.columns().forEach(c -> lower.add(c.name().toLowerCase(Locale.ROOT)));
            columnsByTable.put(t.name().toLowerCase(Locale.ROOT), lower);
            Set<String> pk = new HashSet<>();
            try (ResultSet rs = catalog.getMetaData().getPrimaryKeys(catalog.getCatalog(), schema, t.name())) {
                while (rs.next()) {
                    pk.add(rs.getString("COLUMN_NAME"));
                }
            }
            primaryKeys.put(t.name().toLowerCase(Locale.ROOT), pk);
        }
        return columnsByTable;
    }

    private List<Group> templates(SqlParser parser, Map<String, Set<String>> columnsByTable) {
        Map<String, Group> byText = new LinkedHashMap<>();
        List<SyntheticSuite.Seed> seeds = options.seeds();
        for (int i = 0; i < seeds.size(); i++) {
            SyntheticSuite.Seed seed = seeds.get(i);
            SeedTemplate template;
            String printed;
            try {
                net.sf.jsqlparser.statement.Statement parsed = parser.parse(seed.sql(), dialect);
                printed = parsed.toString();
                // Every seed as the parser prints it: a filled query equal to any of them is no new pair.
                seedSql.add(normalize(printed));
                template = SeedTemplates.of(parsed, seed.question(), columnsByTable);
            } catch (SqlParseException e) {
                unparsed++;
                continue;
            }
            if (template.slots().isEmpty()) {
                withoutSlots++;
                continue;
            }
            if (template.slots().stream().anyMatch(s -> !columnTypes.containsKey(s.table().toLowerCase(Locale.ROOT)))) {
                unknownTables++;
                continue;
            }
            Group group = byText.computeIfAbsent(template.text(),
                    text -> new Group("t" + (byText.size() + 1), template, new ArrayList<>(), printed));
            group.frames().add(new Frame(i, seed.question(), template.slots().stream().map(Slot::spoken).toList()));
        }
        // A template whose own seed fails here (a missing table, a type error) would only make failing queries.
        List<Group> runnable = new ArrayList<>();
        for (Group g : byText.values()) {
            if (runs(g.seedSql())) {
                runnable.add(g);
            } else {
                failingSeeds++;
            }
        }
        return runnable;
    }

    private boolean runs(String sql) {
        try {
            return session.query(sql, queryTimeout, 1, rs -> {
                rs.next();
                return true;
            });
        } catch (SQLException e) {
            note("seed " + sql + " -- " + e.getMessage());
            return false;
        }
    }

    private SyntheticSuite fill(List<Group> groups) {
        List<Pair> pairs = new ArrayList<>();
        Set<String> seenSql = new HashSet<>();
        Map<String, Set<String>> seenResults = new HashMap<>();
        Map<String, Integer> made = new HashMap<>();
        boolean budgetReached = false;
        int maxAttempts = options.maxPerTemplate() * ATTEMPTS_PER_PAIR;
        // Round robin over the templates: a few prolific templates cannot take the whole target.
        outer:
        for (int attempt = 0; attempt < maxAttempts; attempt++) {
            boolean progress = false;
            for (Group g : groups) {
                if (pairs.size() >= options.target()) {
                    break outer;
                }
                if (System.nanoTime() > deadline) {
                    budgetReached = true;
                    break outer;
                }
                if (made.getOrDefault(g.id(), 0) >= options.maxPerTemplate()) {
                    continue;
                }
                progress = true;
                Filled filled = fill(g.template());
                if (filled == null) {
                    continue;
                }
                String normalized = normalize(filled.sql());
                if (seedSql.contains(normalized)) {
                    sameAsSeed++;
                    continue;
                }
                if (!seenSql.add(normalized)) {
                    duplicateSql++;
                    continue;
                }
                candidates++;
                TextTable result = run(filled.sql());
                if (result == null) {
                    continue;
                }
                if (!seenResults.computeIfAbsent(g.id(), k -> new HashSet<>()).add(fingerprint(result))) {
                    duplicateResult++;
                    continue;
                }
                made.merge(g.id(), 1, Integer::sum);
                pairs.add(new Pair("syn-" + (pairs.size() + 1), g.id(), filled.sql(), filled.spoken(), result));
            }
            if (!progress) {
                break;
            }
        }
        List<Template> templates = groups.stream().map(g -> new Template(g.id(), g.template().text(),
                g.template().slots().stream().map(s -> s.kind().name()).toList(), List.copyOf(g.frames()))).toList();
        Counts counts = new Counts(options.seeds().size(), unparsed, withoutSlots, unknownTables, failingSeeds,
                groups.size(),
                candidates, failed, timedOut, empty, tooLarge, duplicateSql, duplicateResult, sameAsSeed, 0, budgetReached,
                List.copyOf(failures));
        return new SyntheticSuite(templates, List.copyOf(pairs), counts);
    }

    private record Filled(String sql, List<String> spoken) {
    }

    /** One random filling of the template's slots, or null when the data offers none. */
    private Filled fill(SeedTemplate template) {
        Map<String, String> sql = new HashMap<>();
        List<String> spoken = new ArrayList<>();
        Map<String, List<String>> rowByTable = new HashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        Set<String> chosen = new HashSet<>();
        for (Slot slot : template.slots()) {
            if (slot.kind() == Kind.VALUE) {
                // Values of one table come from one row; a column compared twice ("not X and not Y") takes its
                // second value from another row, so the two differ.
                int occurrence = seen.merge(slot.table() + "|" + slot.column(), 1, Integer::sum);
                List<String> row = rowByTable.computeIfAbsent(slot.table() + "#" + occurrence,
                        t -> sampleRow(template, slot.table()));
                if (row == null) {
                    return null;
                }
                String value = row.get(valueColumns(template, slot.table()).indexOf(slot.column()));
                String literal = literal(slot, value);
                if (literal == null) {
                    return null;
                }
                sql.put(slot.marker(), literal);
                spoken.add(value);
            } else {
                List<String> alternatives = new ArrayList<>(alternatives(slot));
                if (slot.kind() == Kind.PROJECTION) {
                    // A question asks for something it does not already say: never the column the query pins
                    // ("the club name of the club Tromsø IL") or one it returns already (one column twice).
                    alternatives.removeIf(c -> chosen.contains(c.toLowerCase(Locale.ROOT))
                            || !c.equalsIgnoreCase(slot.column()) && mentioned(template.text(), c));
                }
                if (alternatives.isEmpty()) {
                    return null;
                }
                String column = alternatives.get(random.nextInt(alternatives.size()));
                chosen.add(column.toLowerCase(Locale.ROOT));
                sql.put(slot.marker(), identifier(column));
                spoken.add(SeedTemplates.words(column));
            }
        }
        return new Filled(template.fill(sql), List.copyOf(spoken));
    }

    /** Whether the template's SQL (slots aside) names {@code column} anywhere: filtered, joined or returned. */
    static boolean mentioned(String templateSql, String column) {
        return Pattern.compile("(?i)(?<![\\p{L}\\p{N}_])" + Pattern.quote(column) + "(?![\\p{L}\\p{N}_])")
                .matcher(templateSql).find();
    }

    /** The columns of {@code table} the template's VALUE slots compare, in slot order (distinct). */
    private static List<String> valueColumns(SeedTemplate template, String table) {
        return template.slots().stream().filter(s -> s.kind() == Kind.VALUE && s.table().equals(table))
                .map(Slot::column).distinct().toList();
    }

    /** A row of distinct values of the columns compared on {@code table}: values that occur together. */
    private List<String> sampleRow(SeedTemplate template, String table) {
        List<String> columns = valueColumns(template, table);
        String key = table + "|" + String.join("|", columns);
        List<List<String>> rows = sampledRows.computeIfAbsent(key, k -> readRows(table, columns));
        return rows.isEmpty() ? null : rows.get(random.nextInt(rows.size()));
    }

    private List<List<String>> readRows(String table, List<String> columns) {
        StringBuilder sql = new StringBuilder("SELECT DISTINCT ");
        StringBuilder where = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            String q = IdentifierQuoting.quote(actual(table, columns.get(i)), dialect);
            sql.append(i == 0 ? "" : ", ").append(q);
            where.append(i == 0 ? " WHERE " : " AND ").append(q).append(" IS NOT NULL");
        }
        sql.append(" FROM ").append(IdentifierQuoting.quote(actualTable(table), dialect)).append(where);
        try {
            return session.query(sql.toString(), queryTimeout, SAMPLED_ROWS, rs -> {
                List<List<String>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<String> row = new ArrayList<>(columns.size());
                    for (int i = 1; i <= columns.size(); i++) {
                        row.add(rs.getString(i));
                    }
                    rows.add(row);
                }
                return rows;
            });
        } catch (SQLException e) {
            note("sampling " + table + " " + columns + ": " + e.getMessage());
            return new ArrayList<>();
        }
    }

    /** Columns that could stand where the slot's column is: same table, same kind, never a key. */
    private List<String> alternatives(Slot slot) {
        Map<String, String> types = columnTypes.get(slot.table().toLowerCase(Locale.ROOT));
        Set<String> pk = primaryKeys.getOrDefault(slot.table().toLowerCase(Locale.ROOT), Set.of());
        List<String> out = new ArrayList<>();
        types.forEach((column, type) -> {
            ColumnProfile.Kind kind = ColumnProfile.kindOf(type);
            boolean key = pk.contains(column) || ID_NAME.matcher(column).find();
            boolean fits = slot.kind() == Kind.MEASURE ? kind == ColumnProfile.Kind.NUMERIC && arithmetic(column)
                    : kind != ColumnProfile.Kind.OTHER;
            if (fits && !key) {
                out.add(column);
            }
        });
        return out;
    }

    /**
     * Whether a numeric column accepts SUM/AVG (ScienceBenchmark's enhanced schema): not a year, a date part, a
     * code or a number that labels rather than counts.
     */
    static boolean arithmetic(String column) {
        return dev.snailbench.sql.IdentifierTokens.of(column).tokens().stream().map(t -> t.toLowerCase(Locale.ROOT))
                .noneMatch(NOT_ARITHMETIC::contains);
    }

    private static final Set<String> NOT_ARITHMETIC = Set.of("year", "yr", "date", "time", "month", "day", "code",
            "zip", "phone", "number", "no", "nr", "num", "rank", "ranking", "shirt", "jersey", "id");

    private String literal(Slot slot, String value) {
        if (slot.numeric()) {
            try {
                return new BigDecimal(value.trim()).toPlainString();
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return "'" + (slot.prefix() + value + slot.suffix()).replace("'", "''") + "'";
    }

    private String identifier(String column) {
        return PLAIN.matcher(column).matches() && !SqlIdentifiers.isReserved(column, dialect) ? column
                : IdentifierQuoting.quote(column, dialect);
    }

    /** The table as the schema spells it (the seed may use another case). */
    private String actualTable(String table) {
        return tableNames.getOrDefault(table.toLowerCase(Locale.ROOT), table);
    }

    /** The column as the schema spells it (the seed may use another case). */
    private String actual(String table, String column) {
        Map<String, String> types = columnTypes.getOrDefault(table.toLowerCase(Locale.ROOT), Map.of());
        return types.keySet().stream().filter(c -> c.equalsIgnoreCase(column)).findFirst().orElse(column);
    }

    /** Runs a candidate; null (and counted) when it fails, times out, returns nothing or too much. */
    private TextTable run(String sql) {
        try {
            TextTable result = session.query(sql, queryTimeout, options.maxResultRows() + 1,
                    rs -> TextTables.read(rs, options.maxResultRows()));
            if (result == null) {
                tooLarge++;
            } else if (result.rows().isEmpty()) {
                empty++;
                return null;
            }
            return result;
        } catch (SQLTimeoutException e) {
            timedOut++;
            return null;
        } catch (SQLException e) {
            if ("57014".equals(e.getSQLState())) {
                timedOut++;
            } else {
                failed++;
                note(sql + " -- " + e.getMessage());
            }
            return null;
        }
    }

    private void note(String failure) {
        if (failures.size() < FAILURES_KEPT) {
            failures.add(failure);
        }
    }

    /** The same query whatever its spacing and letter case: for deduplication. */
    static String normalize(String sql) {
        return sql.trim().replaceAll("\\s+", " ").replaceAll(";$", "").toLowerCase(Locale.ROOT);
    }

    /** The result as a bag of rows (order ignored): two queries with the same rows ask the same thing. */
    private static String fingerprint(TextTable result) {
        List<String> rows = new ArrayList<>(result.rows().size());
        result.rows().forEach(r -> rows.add(String.join("\u0001", r.stream().map(String::valueOf).toList())));
        Collections.sort(rows);
        return String.join("\u0002", rows);
    }
}
