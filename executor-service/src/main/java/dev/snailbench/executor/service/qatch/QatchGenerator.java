package dev.snailbench.executor.service.qatch;

import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.executor.service.TextTables;
import dev.snailbench.model.domain.QatchCategory;
import dev.snailbench.model.domain.QatchSuite.Options;
import dev.snailbench.model.domain.QatchSuite.TextTable;
import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.JdbcSchemaReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import org.jboss.logging.Logger;

/**
 * QATCH-Generate on a team's own tables: profiles every column (type, row count, nulls, distinct values,
 * a sorted sample of values), then fills each category with template tests drawn with a seeded random
 * generator, executes each SQL to store its expected result, and keeps only tests whose result has at
 * most {@code maxResultRows} rows. Same database, seed and options → the same tests. Blocking (JDBC).
 */
public final class QatchGenerator {

    private static final Logger LOG = Logger.getLogger(QatchGenerator.class);
    private static final int ATTEMPTS_PER_TEST = 25;
    private static final int SAMPLE_VALUES = 200;

    /** @param orderColumn the column the SQL orders by (ORDER_BY tests), or null when it has no ORDER BY */
    private record Candidate(String question, String sql, String orderColumn) {

        Candidate(String question, String sql) {
            this(question, sql, null);
        }
    }

    private final Connection connection;
    private final SqlDialect dialect;
    private final Options options;
    private final Random random;
    private final Map<String, List<ColumnProfile>> profiles = new LinkedHashMap<>();
    private final Map<String, Long> rowCounts = new LinkedHashMap<>();
    private List<JdbcSchemaReader.ForeignKey> foreignKeys = List.of();

    private QatchGenerator(Connection connection, SqlDialect dialect, Options options) {
        this.connection = connection;
        this.dialect = dialect;
        this.options = options;
        this.random = new Random(options.seed());
    }

    /** Reads {@code schema} through {@code connection} (expected read-only) and generates the tests. */
    public static QatchSuite generate(Connection connection, String schema, SqlDialect dialect, Options options)
            throws SQLException {
        QatchGenerator g = new QatchGenerator(connection, dialect, options);
        g.profile(schema);
        return g.fill();
    }

    private void profile(String schema) throws SQLException {
        SchemaSpec spec = JdbcSchemaReader.read(connection, schema);
        if (dialect == SqlDialect.POSTGRESQL) {
            // Generated SQL names tables without a schema, like the gold SQL of the built-in question sets.
            connection.setSchema(schema);
        }
        Set<String> wanted = options.tables() == null || options.tables().isEmpty() ? null : Set.copyOf(options.tables());
        if (wanted != null) {
            Set<String> known = new HashSet<>(spec.tables().stream().map(SchemaSpec.Table::name).toList());
            List<String> unknown = wanted.stream().filter(t -> !known.contains(t)).sorted().toList();
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("no such tables in schema " + schema + ": " + unknown);
            }
        }
        List<String> tableNames = new ArrayList<>();
        for (SchemaSpec.Table t : spec.tables()) {
            if (wanted == null || wanted.contains(t.name())) {
                profileTable(schema, t);
                tableNames.add(t.name());
            }
        }
        foreignKeys = JdbcSchemaReader.foreignKeys(connection, schema, tableNames).stream()
                .filter(fk -> profiles.containsKey(fk.table()) && profiles.containsKey(fk.refTable())).toList();
    }

    private void profileTable(String schema, SchemaSpec.Table table) throws SQLException {
        Set<String> pk = new HashSet<>();
        try (ResultSet rs = connection.getMetaData().getPrimaryKeys(connection.getCatalog(), schema, table.name())) {
            while (rs.next()) {
                pk.add(rs.getString("COLUMN_NAME"));
            }
        }
        List<SchemaSpec.Column> usable = table.columns().stream()
                .filter(c -> ColumnProfile.kindOf(c.type()) != ColumnProfile.Kind.OTHER).toList();
        StringBuilder sql = new StringBuilder("SELECT count(*)");
        for (SchemaSpec.Column c : usable) {
            String q = q(c.name());
            sql.append(", count(").append(q).append("), count(DISTINCT ").append(q).append(')');
        }
        sql.append(" FROM ").append(q(table.name()));
        long rows;
        List<long[]> counts = new ArrayList<>();
        try (Statement s = statement(); ResultSet rs = s.executeQuery(sql.toString())) {
            rs.next();
            rows = rs.getLong(1);
            for (int i = 0; i < usable.size(); i++) {
                counts.add(new long[] {rs.getLong(2 + 2 * i), rs.getLong(3 + 2 * i)});
            }
        }
        rowCounts.put(table.name(), rows);
        if (rows == 0) {
            return;
        }
        List<ColumnProfile> columns = new ArrayList<>();
        for (int i = 0; i < usable.size(); i++) {
            SchemaSpec.Column c = usable.get(i);
            List<String> values = new ArrayList<>();
            try (Statement s = statement()) {
                s.setMaxRows(SAMPLE_VALUES);
                try (ResultSet rs = s.executeQuery("SELECT DISTINCT " + q(c.name()) + " FROM " + q(table.name())
                        + " WHERE " + q(c.name()) + " IS NOT NULL ORDER BY 1")) {
                    while (rs.next()) {
                        values.add(rs.getString(1));
                    }
                }
            }
            columns.add(new ColumnProfile(table.name(), c.name(), ColumnProfile.kindOf(c.type()),
                    pk.contains(c.name()), rows, counts.get(i)[0], counts.get(i)[1], List.copyOf(values)));
        }
        profiles.put(table.name(), List.copyOf(columns));
    }

    private QatchSuite fill() {
        List<QatchSuite.Test> tests = new ArrayList<>();
        Map<QatchCategory, Integer> made = new EnumMap<>(QatchCategory.class);
        Set<String> seen = new HashSet<>();
        int tooLarge = 0;
        List<String> failed = new ArrayList<>();
        for (QatchCategory category : QatchCategory.values()) {
            int wanted = options.wanted(category);
            int n = 0;
            for (int attempt = 0; attempt < wanted * ATTEMPTS_PER_TEST && n < wanted; attempt++) {
                Optional<Candidate> candidate = candidate(category);
                if (candidate.isEmpty() || !seen.add(candidate.get().sql())) {
                    continue;
                }
                TextTable result;
                try {
                    result = TextTables.inOneOrder(execute(candidate.get().sql()), candidate.get().orderColumn());
                } catch (SQLException e) {
                    LOG.warnf("generated %s SQL failed: %s (%s)", category.id(), candidate.get().sql(), e.getMessage());
                    failed.add(candidate.get().sql() + " -- " + e.getMessage());
                    continue;
                }
                if (result == null) {
                    tooLarge++;
                    continue;
                }
                n++;
                tests.add(new QatchSuite.Test("qatch-" + category.id() + "-" + n, category, candidate.get().question(),
                        candidate.get().sql(), result));
            }
            made.put(category, n);
        }
        return new QatchSuite(List.copyOf(tests), ids(made), profiles.size(), tooLarge, List.copyOf(failed));
    }

    private Optional<Candidate> candidate(QatchCategory category) {
        return switch (category) {
            case PROJECT -> project();
            case DISTINCT -> column(c -> c.isCategorical(options.categoricalMaxDistinct())
                    || c.kind() == ColumnProfile.Kind.TEXT).map(c -> new Candidate(
                    "List the different " + c.words() + " values in the " + words(c.table()) + " table.",
                    "SELECT DISTINCT " + q(c.name()) + " FROM " + q(c.table())));
            case ORDER_BY -> column(ColumnProfile::isOrdered).map(c -> {
                boolean asc = random.nextBoolean();
                return new Candidate("Show all the rows of the " + words(c.table()) + " table sorted by "
                        + c.words() + (asc ? " in ascending order." : " in descending order."),
                        "SELECT * FROM " + q(c.table()) + " ORDER BY " + q(c.name()) + (asc ? " ASC" : " DESC"),
                        c.name());
            });
            case SELECT -> select();
            case SIMPLE_AGGREGATION -> aggregation();
            case JOIN -> join();
            case GROUP_BY -> groupBy();
            case HAVING -> having();
            case NULL -> column(c -> true).map(c -> {
                boolean isNull = c.hasNulls() && random.nextBoolean();
                return new Candidate("How many rows of the " + words(c.table()) + " table "
                        + (isNull ? "have no " : "have a ") + c.words() + "?",
                        "SELECT count(*) FROM " + q(c.table()) + " WHERE " + q(c.name())
                                + (isNull ? " IS NULL" : " IS NOT NULL"));
            });
            case NEGATED -> negated();
        };
    }

    private Optional<Candidate> project() {
        Optional<String> table = table(t -> true);
        if (table.isEmpty()) {
            return Optional.empty();
        }
        List<ColumnProfile> cols = new ArrayList<>(profiles.get(table.get()));
        if (cols.size() < 3 || random.nextInt(3) == 0) {
            return Optional.of(new Candidate("Show all the information in the " + words(table.get()) + " table.",
                    "SELECT * FROM " + q(table.get())));
        }
        java.util.Collections.shuffle(cols, random);
        List<ColumnProfile> picked = cols.subList(0, 2 + random.nextInt(Math.min(2, cols.size() - 2)));
        return Optional.of(new Candidate("Show the " + and(picked.stream().map(ColumnProfile::words).toList())
                + " of every row in the " + words(table.get()) + " table.",
                "SELECT " + String.join(", ", picked.stream().map(c -> q(c.name())).toList()) + " FROM "
                        + q(table.get())));
    }

    private Optional<Candidate> select() {
        return column(c -> !c.values().isEmpty()).map(c -> {
            String op;
            if (c.kind() == ColumnProfile.Kind.NUMERIC || c.kind() == ColumnProfile.Kind.TEMPORAL) {
                op = List.of("=", "!=", "<", ">", "<=", ">=").get(random.nextInt(6));
            } else {
                op = random.nextBoolean() ? "=" : "!=";
            }
            String v = pick(c.values());
            return new Candidate("Show the rows of the " + words(c.table()) + " table whose " + c.words() + " "
                    + opWords(op) + " " + display(c, v) + ".",
                    "SELECT * FROM " + q(c.table()) + " WHERE " + q(c.name()) + " " + op + " " + literal(c, v));
        });
    }

    private Optional<Candidate> aggregation() {
        int kind = random.nextInt(3);
        if (kind == 0) {
            return table(t -> true).map(t -> new Candidate("How many rows does the " + words(t) + " table have?",
                    "SELECT count(*) FROM " + q(t)));
        }
        if (kind == 1) {
            return column(c -> c.isCategorical(options.categoricalMaxDistinct()) || c.kind() == ColumnProfile.Kind.TEXT)
                    .map(c -> new Candidate("How many different " + c.words() + " values does the " + words(c.table())
                            + " table have?", "SELECT count(DISTINCT " + q(c.name()) + ") FROM " + q(c.table())));
        }
        return column(ColumnProfile::isMeasure).map(c -> {
            String[] f = List.of(new String[] {"min", "smallest"}, new String[] {"max", "largest"},
                    new String[] {"avg", "average"}).get(random.nextInt(3));
            return new Candidate("What is the " + f[1] + " " + c.words() + " in the " + words(c.table()) + " table?",
                    "SELECT " + f[0] + "(" + q(c.name()) + ") FROM " + q(c.table()));
        });
    }

    private Optional<Candidate> join() {
        if (foreignKeys.isEmpty()) {
            return Optional.empty();
        }
        JdbcSchemaReader.ForeignKey fk = foreignKeys.get(random.nextInt(foreignKeys.size()));
        Optional<ColumnProfile> left = pickFrom(profiles.get(fk.table()), c -> !c.isId());
        Optional<ColumnProfile> right = pickFrom(profiles.get(fk.refTable()), c -> !c.isId());
        if (left.isEmpty() || right.isEmpty()) {
            return Optional.empty();
        }
        String sql = "SELECT a." + q(left.get().name()) + ", b." + q(right.get().name()) + " FROM " + q(fk.table())
                + " AS a JOIN " + q(fk.refTable()) + " AS b ON a." + q(fk.column()) + " = b." + q(fk.refColumn());
        String question = "For every row of the " + words(fk.table()) + " table, show its " + left.get().words()
                + " and the " + right.get().words() + " of its " + words(fk.refTable());
        if (rowCounts.getOrDefault(fk.table(), 0L) > options.maxResultRows()) {
            // Too many rows to store: narrow to one value of a column of the referenced table.
            Optional<ColumnProfile> filter = pickFrom(profiles.get(fk.refTable()),
                    c -> !c.values().isEmpty() && c.kind() != ColumnProfile.Kind.BOOLEAN);
            if (filter.isEmpty()) {
                return Optional.empty();
            }
            String v = pick(filter.get().values());
            sql += " WHERE b." + q(filter.get().name()) + " = " + literal(filter.get(), v);
            question += ", for the " + words(fk.refTable()) + " whose " + filter.get().words() + " is "
                    + display(filter.get(), v);
        }
        return Optional.of(new Candidate(question + ".", sql));
    }

    private Optional<Candidate> groupBy() {
        Optional<ColumnProfile> group = column(c -> c.isCategorical(options.categoricalMaxDistinct()));
        if (group.isEmpty()) {
            return Optional.empty();
        }
        ColumnProfile g = group.get();
        Optional<ColumnProfile> measure = random.nextBoolean()
                ? pickFrom(profiles.get(g.table()), c -> c.isMeasure() && !c.name().equals(g.name()))
                : Optional.empty();
        if (measure.isEmpty()) {
            return Optional.of(new Candidate("For each " + g.words() + " in the " + words(g.table())
                    + " table, how many rows are there?", "SELECT " + q(g.name()) + ", count(*) FROM " + q(g.table())
                    + " GROUP BY " + q(g.name())));
        }
        String[] f = List.of(new String[] {"avg", "average"}, new String[] {"sum", "total"},
                new String[] {"min", "smallest"}, new String[] {"max", "largest"}).get(random.nextInt(4));
        return Optional.of(new Candidate("For each " + g.words() + " in the " + words(g.table()) + " table, what is the "
                + f[1] + " " + measure.get().words() + "?", "SELECT " + q(g.name()) + ", " + f[0] + "("
                + q(measure.get().name()) + ") FROM " + q(g.table()) + " GROUP BY " + q(g.name())));
    }

    private Optional<Candidate> having() {
        Optional<ColumnProfile> group = column(c -> c.isCategorical(options.categoricalMaxDistinct()));
        if (group.isEmpty()) {
            return Optional.empty();
        }
        ColumnProfile g = group.get();
        Optional<ColumnProfile> measure = random.nextBoolean()
                ? pickFrom(profiles.get(g.table()), c -> c.isMeasure() && !c.name().equals(g.name()))
                : Optional.empty();
        String agg;
        String what;
        if (measure.isEmpty()) {
            agg = "count(*)";
            what = "number of rows";
        } else {
            boolean avg = random.nextBoolean();
            agg = (avg ? "avg(" : "sum(") + q(measure.get().name()) + ")";
            what = (avg ? "average " : "total ") + measure.get().words();
        }
        // QATCH compares each group with the mean over all groups.
        String meanSql = "SELECT avg(v) FROM (SELECT " + agg + " AS v FROM " + q(g.table()) + " GROUP BY "
                + q(g.name()) + ") AS per_group";
        String mean;
        try (Statement s = statement(); ResultSet rs = s.executeQuery(meanSql)) {
            if (!rs.next() || rs.getBigDecimal(1) == null) {
                return Optional.empty();
            }
            mean = rs.getBigDecimal(1).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        } catch (SQLException e) {
            LOG.warnf("mean over groups failed: %s (%s)", meanSql, e.getMessage());
            return Optional.empty();
        }
        boolean above = random.nextBoolean();
        return Optional.of(new Candidate("Which " + g.words() + " values in the " + words(g.table()) + " table have a "
                + what + (above ? " above " : " below ") + mean + ", the mean over all " + g.words() + " values?",
                "SELECT " + q(g.name()) + " FROM " + q(g.table()) + " GROUP BY " + q(g.name()) + " HAVING " + agg
                        + (above ? " > " : " < ") + mean));
    }

    private Optional<Candidate> negated() {
        return column(c -> c.values().size() >= 2).map(c -> {
            int form = random.nextInt(3);
            if (form == 0 && c.kind() == ColumnProfile.Kind.TEXT) {
                String v = pick(c.values());
                String prefix = v.substring(0, Math.min(2, v.length()));
                return new Candidate("Show the rows of the " + words(c.table()) + " table whose " + c.words()
                        + " does not start with '" + prefix + "'.", "SELECT * FROM " + q(c.table()) + " WHERE "
                        + q(c.name()) + " NOT LIKE " + text(prefix.replace("%", "").replace("_", "") + "%"));
            }
            if (form == 1 && c.kind() != ColumnProfile.Kind.BOOLEAN) {
                String v1 = pick(c.values());
                String v2 = pick(c.values());
                if (v1.equals(v2)) {
                    return null;
                }
                return new Candidate("Show the rows of the " + words(c.table()) + " table whose " + c.words()
                        + " is neither " + display(c, v1) + " nor " + display(c, v2) + ".", "SELECT * FROM "
                        + q(c.table()) + " WHERE " + q(c.name()) + " NOT IN (" + literal(c, v1) + ", " + literal(c, v2)
                        + ")");
            }
            String v = pick(c.values());
            boolean range = c.kind() == ColumnProfile.Kind.NUMERIC || c.kind() == ColumnProfile.Kind.TEMPORAL;
            String op = range ? ">" : "=";
            return new Candidate("Show the rows of the " + words(c.table()) + " table whose " + c.words() + " is not "
                    + (range ? "greater than " : "") + display(c, v) + ".", "SELECT * FROM " + q(c.table())
                    + " WHERE NOT (" + q(c.name()) + " " + op + " " + literal(c, v) + ")");
        });
    }

    private TextTable execute(String sql) throws SQLException {
        try (Statement s = statement()) {
            s.setMaxRows(options.maxResultRows() + 1);
            try (ResultSet rs = s.executeQuery(sql)) {
                return TextTables.read(rs, options.maxResultRows());
            }
        }
    }

    private Statement statement() throws SQLException {
        Statement s = connection.createStatement();
        s.setQueryTimeout(options.queryTimeoutSeconds());
        return s;
    }

    private Optional<String> table(Predicate<String> filter) {
        List<String> tables = profiles.keySet().stream().filter(filter).toList();
        return tables.isEmpty() ? Optional.empty() : Optional.of(tables.get(random.nextInt(tables.size())));
    }

    private Optional<ColumnProfile> column(Predicate<ColumnProfile> filter) {
        return pickFrom(profiles.values().stream().flatMap(List::stream).toList(), filter);
    }

    private Optional<ColumnProfile> pickFrom(List<ColumnProfile> columns, Predicate<ColumnProfile> filter) {
        List<ColumnProfile> ok = columns.stream().filter(filter).toList();
        return ok.isEmpty() ? Optional.empty() : Optional.of(ok.get(random.nextInt(ok.size())));
    }

    private String pick(List<String> values) {
        return values.get(random.nextInt(values.size()));
    }

    private String q(String name) {
        return IdentifierQuoting.quote(name, dialect);
    }

    private String literal(ColumnProfile c, String v) {
        return switch (c.kind()) {
            case NUMERIC -> new BigDecimal(v).toPlainString();
            case BOOLEAN -> dialect == SqlDialect.POSTGRESQL ? (isTrue(v) ? "true" : "false") : (isTrue(v) ? "1" : "0");
            default -> text(v);
        };
    }

    private static boolean isTrue(String v) {
        return v.equalsIgnoreCase("t") || v.equalsIgnoreCase("true") || v.equals("1");
    }

    private static String text(String v) {
        return "'" + v.replace("'", "''") + "'";
    }

    private static String display(ColumnProfile c, String v) {
        return switch (c.kind()) {
            case NUMERIC -> v;
            case BOOLEAN -> isTrue(v) ? "true" : "false";
            default -> "'" + v + "'";
        };
    }

    private static String opWords(String op) {
        return switch (op) {
            case "=" -> "is";
            case "!=" -> "is not";
            case "<" -> "is less than";
            case ">" -> "is greater than";
            case "<=" -> "is at most";
            case ">=" -> "is at least";
            default -> throw new IllegalArgumentException(op);
        };
    }

    private static String and(List<String> parts) {
        return parts.size() == 1 ? parts.get(0)
                : String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }

    /** An identifier as words: "home_team_goals" → "home team goals", "PlayerName" → "player name". */
    static String words(String identifier) {
        return String.join(" ", dev.snailbench.sql.IdentifierTokens.of(identifier).tokens())
                .toLowerCase(Locale.ROOT);
    }

    private static Map<String, Integer> ids(Map<QatchCategory, Integer> counts) {
        Map<String, Integer> byId = new LinkedHashMap<>();
        counts.forEach((category, n) -> byId.put(category.id(), n));
        return byId;
    }
}
