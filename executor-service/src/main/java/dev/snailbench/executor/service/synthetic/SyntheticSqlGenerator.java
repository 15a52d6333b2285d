package dev.snailbench.executor.service.synthetic;

import dev.snailbench.executor.service.TeamSession;
import dev.snailbench.executor.service.TextTables;
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
import dev.snailbench.sql.IdentifierWords;
import dev.snailbench.sql.JdbcSchemaReader;
import dev.snailbench.sql.analysis.Characteristics;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.IdentifierRules;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.template.FrameCheck;
import dev.snailbench.sql.template.QueryChecks;
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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Select;

/**
 * ScienceBenchmark's SQL side on a team's database: seeds → templates (typed slots, deduplicated), the slots filled
 * from the data (values of one table taken from one row, so that they go together; aggregated and returned columns
 * replaced by columns of the same table and kind), each filled query run with a timeout, and only those that run,
 * return rows, and differ from the seeds and from each other (by SQL and, per template, by result) are kept.
 * A filling a person would not ask for is refused and counted per check: a swapped column whose words do not fit the
 * seed question's frame ({@link FrameCheck}), a column returned twice or one the query already names, a predicate
 * true or false by construction ({@link QueryChecks}) or on the data (a bound at the column's minimum or maximum),
 * and an empty change (the seed's SQL, or the seed's result). Templates are filled in strata (grouped, aggregated,
 * plain) up to the seeds' share of each first, so the set keeps the seeds' share of aggregation and GROUP BY as far
 * as the templates allow. Blocking; deterministic for a seed and a database state.
 */
public final class SyntheticSqlGenerator {

    private static final int SAMPLED_ROWS = 500;
    private static final int ATTEMPTS_PER_PAIR = 4;
    private static final int FAILURES_KEPT = 20;
    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_]*");
    private static final Pattern ID_NAME = Pattern.compile("(?i)^id$|_id$|^id_|[a-z]Id$|[a-z]ID$");

    /**
     * A template, the seeds it came from, the first seed's query as printed, its stratum (grouped, aggregated or
     * plain) and the seed's result as a {@link #fingerprint} (null until run; empty when too large to compare).
     */
    private record Group(String id, SeedTemplate template, List<Frame> frames, String seedSql, Stratum stratum,
            String[] seedResult) {
    }

    /** What a query does with its rows, for the set's share of each: the seeds' shares are kept. */
    enum Stratum {
        GROUPED, AGGREGATED, PLAIN;

        static Stratum of(Characteristics c) {
            return c.groupBy() ? GROUPED : c.aggregations() > 0 ? AGGREGATED : PLAIN;
        }
    }

    private final TeamSession session;
    private final Duration queryTimeout;
    private final SqlDialect dialect;
    private final Options options;
    private final Random random;
    private final Map<String, Map<String, String>> columnTypes = new HashMap<>();
    private final Map<String, Set<String>> primaryKeys = new HashMap<>();
    private final Map<String, String> tableNames = new HashMap<>();
    private final Set<String> seedSql = new HashSet<>();
    private final Map<String, List<List<String>>> sampledRows = new HashMap<>();
    private final long deadline;
    private final Map<Stratum, Integer> seedStrata = new EnumMap<>(Stratum.class);
    private final Map<String, BigDecimal[]> ranges = new HashMap<>();
    private final Map<String, Integer> refused = new LinkedHashMap<>();
    private SqlParser parser;

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
    private final List<String> seedRefusals = new ArrayList<>();

    private SyntheticSqlGenerator(TeamSession session, Options options) {
        this.session = session;
        this.dialect = session.dialect();
        this.queryTimeout = Duration.ofSeconds(Math.max(1, options.queryTimeoutSeconds()));
        this.options = options;
        this.random = new Random(options.seed());
        this.deadline = System.nanoTime() + options.timeBudgetSeconds() * 1_000_000_000L;
        for (String check : List.of(FRAME, DUPLICATE_COLUMN, TAUTOLOGY, EMPTY_CHANGE)) {
            refused.put(check, 0);
        }
    }

    static final String FRAME = "frame";
    static final String DUPLICATE_COLUMN = "duplicateColumn";
    static final String TAUTOLOGY = "tautology";
    static final String EMPTY_CHANGE = "emptyChange";

    /**
     * Reads {@code schema} through the team session and generates the pairs; every seed and candidate passes the
     * session's guard and runs in a transaction of its own (a failed one aborts nothing the next one needs).
     */
    public static SyntheticSuite generate(TeamSession session, String schema, SqlParser parser, Options options)
            throws SQLException {
        SyntheticSqlGenerator g = new SyntheticSqlGenerator(session, options);
        g.parser = parser;
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
            Stratum stratum;
            try {
                Statement parsed = parser.parse(seed.sql(), dialect);
                printed = parsed.toString();
                // Every seed as the parser prints it: a filled query equal to any of them is no new pair.
                seedSql.add(normalize(printed));
                stratum = parsed instanceof Select
                        ? Stratum.of(Characteristics.of(parsed)) : Stratum.PLAIN;
                seedStrata.merge(stratum, 1, Integer::sum);
                template = SeedTemplates.of(parsed, seed.question(), columnsByTable);
            } catch (SqlParseException e) {
                unparsed++;
                refuseSeed(i, "not a parseable " + session.dialect().displayName() + " query: "
                        + e.reason());
                continue;
            }
            if (template.slots().isEmpty()) {
                withoutSlots++;
                refuseSeed(i, "nothing in it to vary (no value, measure, projection, aggregate or grouping a "
                        + "template can change)");
                continue;
            }
            List<String> unknown = template.slots().stream().map(s -> s.table())
                    .filter(t -> !columnTypes.containsKey(t.toLowerCase(Locale.ROOT))).distinct().toList();
            if (!unknown.isEmpty()) {
                unknownTables++;
                refuseSeed(i, "names tables the schema does not have: " + String.join(", ", unknown));
                continue;
            }
            Group group = byText.computeIfAbsent(template.text(),
                    text -> new Group("t" + (byText.size() + 1), template, new ArrayList<>(), printed, stratum,
                            new String[1]));
            group.frames().add(new Frame(i, seed.question(), template.slots().stream().map(Slot::spoken).toList()));
        }
        // A template whose own seed fails here (a missing table, a type error) would only make failing queries.
        List<Group> runnable = new ArrayList<>();
        for (Group g : byText.values()) {
            String[] failure = new String[1];
            String result = seedResult(g.seedSql(), failure);
            if (result != null) {
                g.seedResult()[0] = result;
                runnable.add(g);
            } else {
                failingSeeds++;
                g.frames().forEach(f -> refuseSeed(f.seedIndex(), "fails on the database: " + failure[0]));
            }
        }
        return runnable;
    }

    /**
     * The seed's result as a fingerprint ("" when larger than a set keeps), or null when the seed fails here (its
     * reason in {@code failure[0]}).
     */
    private String seedResult(String sql, String[] failure) {
        try {
            TextTable result = session.query(sql, queryTimeout, options.maxResultRows() + 1,
                    rs -> TextTables.read(rs, options.maxResultRows()));
            return result == null ? "" : fingerprint(result);
        } catch (SQLException e) {
            note("seed " + sql + " -- " + e.getMessage());
            failure[0] = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("").strip();
            return null;
        }
    }

    /** Why a seed gave no template, numbered as a person counts them. */
    private void refuseSeed(int index, String why) {
        if (seedRefusals.size() < FAILURES_KEPT) {
            seedRefusals.add("seed " + (index + 1) + ": " + why);
        }
    }

    private SyntheticSuite fill(List<Group> groups) {
        List<Pair> pairs = new ArrayList<>();
        Set<String> seenSql = new HashSet<>();
        Map<String, Set<String>> seenResults = new HashMap<>();
        Map<String, Integer> made = new HashMap<>();
        boolean budgetReached = false;
        int maxAttempts = options.maxPerTemplate() * ATTEMPTS_PER_PAIR;
        Map<Stratum, Integer> quota = quotas();
        Map<Stratum, Integer> filledPerStratum = new EnumMap<>(Stratum.class);
        List<Stratum> strata = new ArrayList<>();
        // Pass 0 fills each stratum up to the seeds' share of it; pass 1 fills the rest of the target from any.
        passes:
        for (int pass = 0; pass < 2; pass++) {
            // Round robin over the templates: a few prolific templates cannot take the whole target.
            for (int attempt = 0; attempt < maxAttempts; attempt++) {
                boolean progress = false;
                for (Group g : groups) {
                    if (pairs.size() >= options.target()) {
                        break passes;
                    }
                    if (System.nanoTime() > deadline) {
                        budgetReached = true;
                        break passes;
                    }
                    if (made.getOrDefault(g.id(), 0) >= options.maxPerTemplate()
                            || pass == 0 && full(g.stratum(), quota, filledPerStratum)) {
                        continue;
                    }
                    progress = true;
                    Filled filled = fill(g);
                    if (filled == null) {
                        continue;
                    }
                    String normalized = normalize(filled.sql());
                    if (seedSql.contains(normalized)) {
                        sameAsSeed++;
                        refuse(EMPTY_CHANGE);
                        continue;
                    }
                    if (!seenSql.add(normalized)) {
                        duplicateSql++;
                        continue;
                    }
                    if (!meaningful(g.template(), filled)) {
                        continue;
                    }
                    candidates++;
                    TextTable result = run(filled.sql());
                    if (result == null) {
                        continue;
                    }
                    // One cell (a count, a name) is often the same for two different questions ("3 wins" for two
                    // teams): only a larger result tells that a filling asks the same thing as another or as the seed.
                    boolean oneCell = result.rows().size() == 1 && result.columns().size() == 1;
                    String fingerprint = fingerprint(result);
                    if (!oneCell && fingerprint.equals(g.seedResult()[0])) {
                        refuse(EMPTY_CHANGE);
                        continue;
                    }
                    if (!oneCell && !seenResults.computeIfAbsent(g.id(), k -> new HashSet<>()).add(fingerprint)) {
                        duplicateResult++;
                        continue;
                    }
                    made.merge(g.id(), 1, Integer::sum);
                    filledPerStratum.merge(g.stratum(), 1, Integer::sum);
                    pairs.add(new Pair("syn-" + (pairs.size() + 1), g.id(), filled.sql(), filled.spoken(), result));
                    strata.add(g.stratum());
                }
                if (!progress) {
                    break;
                }
            }
        }
        List<Template> templates = groups.stream().map(g -> new Template(g.id(), g.template().text(),
                g.template().slots().stream().map(s -> s.kind().name()).toList(), List.copyOf(g.frames()))).toList();
        Counts counts = new Counts(options.seeds().size(), unparsed, withoutSlots, unknownTables, failingSeeds,
                groups.size(),
                candidates, failed, timedOut, empty, tooLarge, duplicateSql, duplicateResult, sameAsSeed, 0, budgetReached,
                List.copyOf(failures), Map.copyOf(refused), List.copyOf(seedRefusals));
        return new SyntheticSuite(templates, interleave(pairs, strata), counts);
    }

    /**
     * The pairs in an order where every prefix keeps the strata's shares of the whole (the next pair is taken from
     * the stratum furthest below its share so far), renumbered: a set that keeps only the first pairs (the
     * generator service asks for a few more than it keeps) keeps the shares too. Within a stratum the order of
     * generation stays.
     */
    static List<Pair> interleave(List<Pair> pairs, List<Stratum> strata) {
        Map<Stratum, ArrayDeque<Pair>> queues = new EnumMap<>(Stratum.class);
        for (int i = 0; i < pairs.size(); i++) {
            queues.computeIfAbsent(strata.get(i), k -> new ArrayDeque<>()).add(pairs.get(i));
        }
        Map<Stratum, Integer> taken = new EnumMap<>(Stratum.class);
        List<Pair> out = new ArrayList<>(pairs.size());
        while (out.size() < pairs.size()) {
            Stratum next = null;
            double lowest = Double.MAX_VALUE;
            for (Stratum s : Stratum.values()) {
                if (queues.containsKey(s) && !queues.get(s).isEmpty()) {
                    double ratio = taken.getOrDefault(s, 0) / (double) (taken.getOrDefault(s, 0) + queues.get(s).size());
                    if (ratio < lowest) {
                        lowest = ratio;
                        next = s;
                    }
                }
            }
            Pair p = queues.get(next).poll();
            taken.merge(next, 1, Integer::sum);
            out.add(new Pair("syn-" + (out.size() + 1), p.templateId(), p.sql(), p.spoken(), p.expected()));
        }
        return List.copyOf(out);
    }

    /** Pairs per stratum for the seeds' share of it (rounded up): the first pass stops each stratum there. */
    private Map<Stratum, Integer> quotas() {
        int seeds = seedStrata.values().stream().mapToInt(Integer::intValue).sum();
        Map<Stratum, Integer> quota = new EnumMap<>(Stratum.class);
        for (Stratum s : Stratum.values()) {
            quota.put(s, seeds == 0 ? options.target()
                    : (int) Math.ceil(options.target() * (double) seedStrata.getOrDefault(s, 0) / seeds));
        }
        return quota;
    }

    /**
     * Whether a stratum has its share in the first pass. Grouped queries aggregate too: what the grouped templates
     * cannot fill of their share, the aggregated ones may, so the set keeps at least the seeds' share of aggregation.
     */
    private static boolean full(Stratum stratum, Map<Stratum, Integer> quota, Map<Stratum, Integer> filled) {
        int grouped = filled.getOrDefault(Stratum.GROUPED, 0);
        return switch (stratum) {
            case GROUPED -> grouped >= quota.get(Stratum.GROUPED);
            case AGGREGATED -> filled.getOrDefault(Stratum.AGGREGATED, 0) + grouped
                    >= quota.get(Stratum.AGGREGATED) + quota.get(Stratum.GROUPED);
            case PLAIN -> filled.getOrDefault(Stratum.PLAIN, 0) >= quota.get(Stratum.PLAIN);
        };
    }

    private void refuse(String check) {
        refused.merge(check, 1, Integer::sum);
    }

    /**
     * The filled query's static checks (a tautology by construction, a column returned twice) and its range
     * comparisons against the data: {@code year >= 1930} where 1930 is the column's minimum holds for every row.
     */
    private boolean meaningful(SeedTemplate template, Filled filled) {
        Statement parsed;
        try {
            parsed = parser.parse(filled.sql(), dialect);
        } catch (RuntimeException e) {
            return true; // the database decides: a query the parser cannot read may still run
        }
        if (!QueryChecks.duplicateColumns(parsed).isEmpty()) {
            refuse(DUPLICATE_COLUMN);
            return false;
        }
        if (!QueryChecks.tautologies(parsed).isEmpty()) {
            refuse(TAUTOLOGY);
            return false;
        }
        for (int k = 0; k < template.slots().size(); k++) {
            Slot slot = template.slots().get(k);
            if (slot.kind() == Kind.VALUE && slot.numeric() && slot.prefix().isEmpty() && slot.suffix().isEmpty()
                    && boundless(slot, filled.spoken().get(k))) {
                refuse(TAUTOLOGY);
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code column op value} holds for every row with a value, or for none: a bound at the column's
     * minimum or maximum, or any comparison on a column with one value.
     */
    private boolean boundless(Slot slot, String value) {
        BigDecimal v;
        try {
            v = new BigDecimal(value.trim());
        } catch (NumberFormatException e) {
            return false;
        }
        BigDecimal[] range = ranges.computeIfAbsent(slot.table() + "|" + slot.column(),
                k -> range(slot.table(), slot.column()));
        if (range == null) {
            return false;
        }
        BigDecimal min = range[0];
        BigDecimal max = range[1];
        return switch (slot.operator()) {
            case ">=" -> v.compareTo(min) <= 0 || v.compareTo(max) > 0;
            case "<=" -> v.compareTo(max) >= 0 || v.compareTo(min) < 0;
            case ">" -> v.compareTo(min) < 0 || v.compareTo(max) >= 0;
            case "<" -> v.compareTo(max) > 0 || v.compareTo(min) <= 0;
            default -> min.compareTo(max) == 0;
        };
    }

    /** MIN and MAX of a numeric column, or null when it has no numeric values or cannot be read. */
    private BigDecimal[] range(String table, String column) {
        String q = IdentifierQuoting.quote(actual(table, column), dialect);
        try {
            return session.query("SELECT MIN(" + q + "), MAX(" + q + ") FROM "
                    + IdentifierQuoting.quote(actualTable(table), dialect), queryTimeout, 1, rs -> {
                if (rs.next() && rs.getString(1) != null && rs.getString(2) != null) {
                    return new BigDecimal[] {new BigDecimal(rs.getString(1).trim()),
                        new BigDecimal(rs.getString(2).trim())};
                }
                return null;
            });
        } catch (SQLException | NumberFormatException e) {
            note("range " + table + "." + column + ": " + e.getMessage());
        }
        return null;
    }

    private record Filled(String sql, List<String> spoken) {
    }

    /** One random filling of the template's slots, or null when the data offers none. */
    private Filled fill(Group group) {
        SeedTemplate template = group.template();
        Map<String, String> sql = new HashMap<>();
        List<String> spoken = new ArrayList<>();
        Map<String, List<String>> rowByTable = new HashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        Set<String> chosen = new HashSet<>();
        for (int k = 0; k < template.slots().size(); k++) {
            Slot slot = template.slots().get(k);
            if (slot.kind() == Kind.AGGREGATE) {
                String function = SeedTemplates.AGGREGATES.get(random.nextInt(SeedTemplates.AGGREGATES.size()));
                String word = SeedTemplates.aggregateWord(slot.operator(), slot.spoken(), function);
                if (word == null) {
                    return null;
                }
                sql.put(slot.marker(), function);
                spoken.add(word);
            } else if (slot.kind() == Kind.VALUE) {
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
                String column = swap(group, k, chosen);
                if (column == null) {
                    return null;
                }
                chosen.add(column.toLowerCase(Locale.ROOT));
                sql.put(slot.marker(), identifier(column));
                spoken.add(SeedTemplates.words(column));
            }
        }
        return new Filled(template.fill(sql), List.copyOf(spoken));
    }

    /**
     * The column for swap slot {@code k}: a random one of the slot's alternatives; one a person would not ask for
     * is refused (and counted) and another drawn from those that pass: for a returned or grouped column, none the
     * query returns already or pins ("the club name of the club Tromsø IL"); for every swap, one whose words fit
     * every seed question's frame where the old column was said. Null when none passes.
     */
    private String swap(Group group, int k, Set<String> chosen) {
        Slot slot = group.template().slots().get(k);
        List<String> alternatives = alternatives(slot);
        if (alternatives.isEmpty()) {
            return null;
        }
        String proposed = alternatives.get(random.nextInt(alternatives.size()));
        String why = refusal(group, k, proposed, chosen);
        if (why == null) {
            return proposed;
        }
        refuse(why);
        List<String> passing = alternatives.stream().filter(c -> refusal(group, k, c, chosen) == null).toList();
        return passing.isEmpty() ? null : passing.get(random.nextInt(passing.size()));
    }

    /** The check {@code column} fails in slot {@code k}, or null. */
    private String refusal(Group group, int k, String column, Set<String> chosen) {
        Slot slot = group.template().slots().get(k);
        if (slot.kind() != Kind.MEASURE && (chosen.contains(column.toLowerCase(Locale.ROOT))
                || !column.equalsIgnoreCase(slot.column()) && mentioned(group.template().text(), column))) {
            return DUPLICATE_COLUMN;
        }
        boolean numeric = ColumnProfile.kindOf(columnTypes.get(slot.table().toLowerCase(Locale.ROOT)).get(column))
                == ColumnProfile.Kind.NUMERIC;
        for (Frame frame : group.frames()) {
            if (FrameCheck.misfit(frame.question(), frame.spoken().get(k), column, numeric) != null) {
                return FRAME;
            }
        }
        return null;
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
            boolean fits = switch (slot.kind()) {
                case MEASURE -> kind == ColumnProfile.Kind.NUMERIC && arithmetic(column);
                // One groups by a label, a place or a time, not by a measure ("per attendance").
                case GROUP -> kind != ColumnProfile.Kind.OTHER && FrameCheck.role(column,
                        kind == ColumnProfile.Kind.NUMERIC) != FrameCheck.Role.QUANTITY;
                default -> kind != ColumnProfile.Kind.OTHER;
            };
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
        return IdentifierWords.of(column).tokens().stream().map(t -> t.toLowerCase(Locale.ROOT))
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
        return PLAIN.matcher(column).matches() && !IdentifierRules.isReserved(column, dialect) ? column
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
