package dev.snailbench.executor.service.qatch;

import static dev.snailbench.executor.service.qatch.QuestionWording.and;
import static dev.snailbench.executor.service.qatch.QuestionWording.display;
import static dev.snailbench.executor.service.qatch.QuestionWording.isTrue;
import static dev.snailbench.executor.service.qatch.QuestionWording.opWords;
import static dev.snailbench.executor.service.qatch.QuestionWording.words;

import dev.snailbench.model.domain.QatchCategory;
import dev.snailbench.model.domain.QatchSuite.Options;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.JdbcSchemaReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import org.jboss.logging.Logger;

/**
 * QATCH's templates, filled from a {@link ProfiledSchema}: for a category, a question and its SQL on columns and
 * values drawn with the seeded random generator (so the same profile and seed give the same candidates). HAVING asks
 * the database for the mean over groups it compares with.
 */
final class QatchTemplates {

    private static final Logger LOG = Logger.getLogger(QatchTemplates.class);

    /** @param orderColumn the column the SQL orders by (ORDER_BY tests), or null when it has no ORDER BY */
    record Candidate(String question, String sql, String orderColumn) {

        Candidate(String question, String sql) {
            this(question, sql, null);
        }
    }

    private final ProfiledSchema schema;
    private final Options options;
    private final SqlDialect dialect;
    private final QatchQueries queries;
    private final Random random;

    QatchTemplates(ProfiledSchema schema, Options options, SqlDialect dialect, QatchQueries queries) {
        this.schema = schema;
        this.options = options;
        this.dialect = dialect;
        this.queries = queries;
        this.random = new Random(options.seed());
    }

    /** A candidate test of {@code category}, or empty when the schema offers none this time. */
    Optional<Candidate> candidate(QatchCategory category) {
        return switch (category) {
            case PROJECT -> project();
            case DISTINCT ->
                column(c -> c.isCategorical(options.categoricalMaxDistinct()) || c.kind() == ColumnProfile.Kind.TEXT)
                        .map(c -> new Candidate(
                                "List the different " + c.words() + " values in the " + words(c.table()) + " table.",
                                "SELECT DISTINCT " + q(c.name()) + " FROM " + q(c.table())));
            case ORDER_BY ->
                column(ColumnProfile::isOrdered).map(c -> {
                    boolean asc = random.nextBoolean();
                    return new Candidate(
                            "Show all the rows of the " + words(c.table()) + " table sorted by " + c.words()
                                    + (asc ? " in ascending order." : " in descending order."),
                            "SELECT * FROM " + q(c.table()) + " ORDER BY " + q(c.name()) + (asc ? " ASC" : " DESC"),
                            c.name());
                });
            case SELECT -> select();
            case SIMPLE_AGGREGATION -> aggregation();
            case JOIN -> join();
            case GROUP_BY -> groupBy();
            case HAVING -> having();
            case NULL ->
                column(c -> true).map(c -> {
                    boolean isNull = c.hasNulls() && random.nextBoolean();
                    return new Candidate(
                            "How many rows of the " + words(c.table()) + " table " + (isNull ? "have no " : "have a ")
                                    + c.words() + "?",
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
        List<ColumnProfile> cols = new ArrayList<>(schema.profiles().get(table.get()));
        if (cols.size() < 3 || random.nextInt(3) == 0) {
            return Optional.of(new Candidate(
                    "Show all the information in the " + words(table.get()) + " table.",
                    "SELECT * FROM " + q(table.get())));
        }
        Collections.shuffle(cols, random);
        List<ColumnProfile> picked = cols.subList(0, 2 + random.nextInt(Math.min(2, cols.size() - 2)));
        return Optional.of(new Candidate(
                "Show the " + and(picked.stream().map(ColumnProfile::words).toList()) + " of every row in the "
                        + words(table.get()) + " table.",
                "SELECT "
                        + String.join(
                                ", ", picked.stream().map(c -> q(c.name())).toList()) + " FROM " + q(table.get())));
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
            return new Candidate(
                    "Show the rows of the " + words(c.table()) + " table whose " + c.words() + " " + opWords(op) + " "
                            + display(c, v) + ".",
                    "SELECT * FROM " + q(c.table()) + " WHERE " + q(c.name()) + " " + op + " " + literal(c, v));
        });
    }

    private Optional<Candidate> aggregation() {
        int kind = random.nextInt(3);
        if (kind == 0) {
            return table(t -> true)
                    .map(t -> new Candidate(
                            "How many rows does the " + words(t) + " table have?", "SELECT count(*) FROM " + q(t)));
        }
        if (kind == 1) {
            return column(c -> c.isCategorical(options.categoricalMaxDistinct()) || c.kind() == ColumnProfile.Kind.TEXT)
                    .map(c -> new Candidate(
                            "How many different " + c.words() + " values does the " + words(c.table()) + " table have?",
                            "SELECT count(DISTINCT " + q(c.name()) + ") FROM " + q(c.table())));
        }
        return column(ColumnProfile::isMeasure).map(c -> {
            String[] f = List.of(new String[] {"min", "smallest"}, new String[] {"max", "largest"}, new String[] {
                        "avg", "average"
                    })
                    .get(random.nextInt(3));
            return new Candidate(
                    "What is the " + f[1] + " " + c.words() + " in the " + words(c.table()) + " table?",
                    "SELECT " + f[0] + "(" + q(c.name()) + ") FROM " + q(c.table()));
        });
    }

    private Optional<Candidate> join() {
        if (schema.foreignKeys().isEmpty()) {
            return Optional.empty();
        }
        JdbcSchemaReader.ForeignKey fk =
                schema.foreignKeys().get(random.nextInt(schema.foreignKeys().size()));
        Optional<ColumnProfile> left = pickFrom(schema.profiles().get(fk.table()), c -> !c.isId());
        Optional<ColumnProfile> right = pickFrom(schema.profiles().get(fk.refTable()), c -> !c.isId());
        if (left.isEmpty() || right.isEmpty()) {
            return Optional.empty();
        }
        String sql = "SELECT a." + q(left.get().name()) + ", b." + q(right.get().name()) + " FROM " + q(fk.table())
                + " AS a JOIN " + q(fk.refTable()) + " AS b ON a." + q(fk.column()) + " = b." + q(fk.refColumn());
        String question = "For every row of the " + words(fk.table()) + " table, show its "
                + left.get().words() + " and the " + right.get().words() + " of its " + words(fk.refTable());
        if (schema.rowCounts().getOrDefault(fk.table(), 0L) > options.maxResultRows()) {
            // Too many rows to store: narrow to one value of a column of the referenced table.
            Optional<ColumnProfile> filter = pickFrom(
                    schema.profiles().get(fk.refTable()),
                    c -> !c.values().isEmpty() && c.kind() != ColumnProfile.Kind.BOOLEAN);
            if (filter.isEmpty()) {
                return Optional.empty();
            }
            String v = pick(filter.get().values());
            sql += " WHERE b." + q(filter.get().name()) + " = " + literal(filter.get(), v);
            question += ", for the " + words(fk.refTable()) + " whose "
                    + filter.get().words() + " is " + display(filter.get(), v);
        }
        return Optional.of(new Candidate(question + ".", sql));
    }

    private Optional<Candidate> groupBy() {
        return grouping().map(this::groupBy);
    }

    private Candidate groupBy(Grouping grouping) {
        ColumnProfile g = grouping.group();
        Optional<ColumnProfile> measure = grouping.measure();
        if (measure.isEmpty()) {
            return new Candidate(
                    "For each " + g.words() + " in the " + words(g.table()) + " table, how many rows are there?",
                    "SELECT " + q(g.name()) + ", count(*) FROM " + q(g.table()) + " GROUP BY " + q(g.name()));
        }
        String[] f = List.of(
                        new String[] {"avg", "average"},
                        new String[] {"sum", "total"},
                        new String[] {"min", "smallest"},
                        new String[] {"max", "largest"})
                .get(random.nextInt(4));
        return new Candidate(
                "For each " + g.words() + " in the " + words(g.table()) + " table, what is the " + f[1] + " "
                        + measure.get().words() + "?",
                "SELECT " + q(g.name()) + ", " + f[0] + "(" + q(measure.get().name()) + ") FROM " + q(g.table())
                        + " GROUP BY " + q(g.name()));
    }

    private Optional<Candidate> having() {
        return grouping().flatMap(this::having);
    }

    private Optional<Candidate> having(Grouping grouping) {
        ColumnProfile g = grouping.group();
        Optional<ColumnProfile> measure = grouping.measure();
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
        String meanSql = "SELECT avg(v) FROM (SELECT " + agg + " AS v FROM " + q(g.table()) + " GROUP BY " + q(g.name())
                + ") AS per_group";
        String mean;
        try {
            Optional<BigDecimal> value = queries.number(meanSql);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            mean = value.get()
                    .setScale(2, RoundingMode.HALF_UP)
                    .stripTrailingZeros()
                    .toPlainString();
        } catch (SQLException e) {
            LOG.warnf("mean over groups failed: %s (%s)", meanSql, e.getMessage());
            return Optional.empty();
        }
        boolean above = random.nextBoolean();
        return Optional.of(new Candidate(
                "Which " + g.words() + " values in the " + words(g.table()) + " table have a " + what
                        + (above ? " above " : " below ") + mean + ", the mean over all " + g.words() + " values?",
                "SELECT " + q(g.name()) + " FROM " + q(g.table()) + " GROUP BY " + q(g.name()) + " HAVING " + agg
                        + (above ? " > " : " < ") + mean));
    }

    private Optional<Candidate> negated() {
        return column(c -> c.values().size() >= 2).map(c -> {
            int form = random.nextInt(3);
            if (form == 0 && c.kind() == ColumnProfile.Kind.TEXT) {
                String v = pick(c.values());
                String prefix = v.substring(0, Math.min(2, v.length()));
                return new Candidate(
                        "Show the rows of the " + words(c.table()) + " table whose " + c.words()
                                + " does not start with '" + prefix + "'.",
                        "SELECT * FROM " + q(c.table()) + " WHERE " + q(c.name()) + " NOT LIKE "
                                + text(prefix.replace("%", "").replace("_", "") + "%"));
            }
            if (form == 1 && c.kind() != ColumnProfile.Kind.BOOLEAN) {
                String v1 = pick(c.values());
                String v2 = pick(c.values());
                if (v1.equals(v2)) {
                    return null;
                }
                return new Candidate(
                        "Show the rows of the " + words(c.table()) + " table whose " + c.words() + " is neither "
                                + display(c, v1) + " nor " + display(c, v2) + ".",
                        "SELECT * FROM "
                                + q(c.table()) + " WHERE " + q(c.name()) + " NOT IN (" + literal(c, v1) + ", "
                                + literal(c, v2)
                                + ")");
            }
            String v = pick(c.values());
            boolean range = c.kind() == ColumnProfile.Kind.NUMERIC || c.kind() == ColumnProfile.Kind.TEMPORAL;
            String op = range ? ">" : "=";
            return new Candidate(
                    "Show the rows of the " + words(c.table()) + " table whose " + c.words() + " is not "
                            + (range ? "greater than " : "") + display(c, v) + ".",
                    "SELECT * FROM " + q(c.table()) + " WHERE NOT (" + q(c.name()) + " " + op + " " + literal(c, v)
                            + ")");
        });
    }

    /** A categorical column to group by and, half the time, a measure of its table to aggregate. */
    private record Grouping(ColumnProfile group, Optional<ColumnProfile> measure) {}

    private Optional<Grouping> grouping() {
        return column(c -> c.isCategorical(options.categoricalMaxDistinct()))
                .map(g -> new Grouping(
                        g,
                        random.nextBoolean()
                                ? pickFrom(
                                        schema.profiles().get(g.table()),
                                        c -> c.isMeasure() && !c.name().equals(g.name()))
                                : Optional.empty()));
    }

    private Optional<String> table(Predicate<String> filter) {
        List<String> tables = schema.profiles().keySet().stream().filter(filter).toList();
        return tables.isEmpty() ? Optional.empty() : Optional.of(tables.get(random.nextInt(tables.size())));
    }

    private Optional<ColumnProfile> column(Predicate<ColumnProfile> filter) {
        return pickFrom(
                schema.profiles().values().stream().flatMap(List::stream).toList(), filter);
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

    private static String text(String v) {
        return "'" + v.replace("'", "''") + "'";
    }
}
