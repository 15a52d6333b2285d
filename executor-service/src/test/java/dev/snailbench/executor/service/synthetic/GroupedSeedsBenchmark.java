package dev.snailbench.executor.service.synthetic;

import dev.snailbench.localstack.FootballDb;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.template.SeedTemplate;
import dev.snailbench.sql.template.SeedTemplates;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import org.junit.jupiter.api.Test;

/**
 * Why the grouped seeds of FootballDB v3's train split give few grouped templates: each seed with a GROUP BY is
 * put in the first class that keeps {@code SeedTemplates} from making a GROUP slot of it (the order below), and
 * the grouped seeds whose template has any slot (so that it can be filled at all) are counted, with the grouped
 * columns the question does not say.
 * <pre>
 * mvn -B -o -q -pl executor-service -am test -Dtest=GroupedSeedsBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * Beyond the in-memory tier: FootballDB v3's columns are read from its database in a real PostgreSQL.
 */
@RealInfrastructure
class GroupedSeedsBenchmark {

    @Test
    void shouldPrintWhyGroupedSeedsGiveNoGroupSlot() throws Exception {
        LocalStack.targetsWithFootballDb();
        Map<String, Set<String>> columnsByTable = new HashMap<>();
        try (Connection c = LocalStack.targets().connect(FootballDb.databaseName("v3"));
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT table_name, column_name FROM information_schema.columns "
                        + "WHERE table_schema = 'exp_v3'")) {
            while (rs.next()) {
                columnsByTable
                        .computeIfAbsent(rs.getString(1).toLowerCase(Locale.ROOT), k -> new HashSet<>())
                        .add(rs.getString(2).toLowerCase(Locale.ROOT));
            }
        }
        List<SyntheticSuite.Seed> seeds = SyntheticSqlGeneratorTest.trainSeeds("v3");
        Map<String, Integer> reasons = new LinkedHashMap<>();
        Map<String, String> examples = new TreeMap<>();
        Map<String, Integer> unsaid = new TreeMap<>();
        int grouped = 0;
        int withSlot = 0;
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            for (SyntheticSuite.Seed seed : seeds) {
                PlainSelect select;
                try {
                    if (!(parser.parse(seed.sql(), SqlDialect.POSTGRESQL) instanceof PlainSelect p)
                            || p.getGroupBy() == null) {
                        continue;
                    }
                    select = p;
                } catch (RuntimeException e) {
                    continue;
                }
                grouped++;
                String reason = reason(select, seed, columnsByTable);
                SeedTemplate template = SeedTemplates.of(
                        parser.parse(seed.sql(), SqlDialect.POSTGRESQL), seed.question(), columnsByTable);
                if (!template.slots().isEmpty()) {
                    withSlot++;
                }
                reasons.merge(reason, 1, Integer::sum);
                if (reason.startsWith("question does not say")) {
                    unsaid.merge(
                            IdentifierQuoting.unquote(((Column) select.getGroupBy()
                                                    .getGroupByExpressionList()
                                                    .get(0))
                                            .getColumnName())
                                    .toLowerCase(Locale.ROOT),
                            1,
                            Integer::sum);
                }
                examples.putIfAbsent(reason, seed.question() + " | " + seed.sql());
            }
        }
        System.out.printf(
                "FootballDB v3 train: %d seeds, %d with GROUP BY, %d of them with any slot%n",
                seeds.size(), grouped, withSlot);
        reasons.forEach((r, n) -> System.out.printf(
                "  %-62s %3d  e.g. %s%n", r, n, examples.get(r).replaceAll("\\s+", " ")));
        System.out.println("  grouped columns the question does not say: " + unsaid);
    }

    private static String reason(PlainSelect select, SyntheticSuite.Seed seed, Map<String, Set<String>> columns) {
        String sql = select.toString().toLowerCase(Locale.ROOT);
        String question = seed.question().toLowerCase(Locale.ROOT);
        if (columns.keySet().stream().noneMatch(t -> sql.contains(t)) || sql.contains("match_fact")) {
            return "names a table the data lacks (match_fact)";
        }
        List<Expression> by = select.getGroupBy().getGroupByExpressionList();
        if (by == null || by.size() != 1 || !(by.get(0) instanceof Column g)) {
            return "groups by several columns or an expression";
        }
        String name = IdentifierQuoting.unquote(g.getColumnName());
        boolean returned = select.getSelectItems().stream()
                .map(SelectItem::getExpression)
                .anyMatch(e -> e instanceof Column c
                        && IdentifierQuoting.unquote(c.getColumnName()).equalsIgnoreCase(name));
        if (!returned) {
            return "does not return the grouped column";
        }
        if (count(sql, name.toLowerCase(Locale.ROOT)) != 2) {
            return "uses the grouped column elsewhere (ORDER BY, WHERE, a join)";
        }
        String words = SeedTemplates.words(name);
        if (count(question, words) == 0) {
            boolean someWord =
                    List.of(words.split(" ")).stream().anyMatch(w -> w.length() > 2 && count(question, w) > 0);
            return someWord ? "question says a word of the column, not its name" : "question does not say the column";
        }
        return "question says the column (a GROUP slot, unless claimed twice)";
    }

    private static int count(String text, String phrase) {
        var m = Pattern.compile("(?<![\\p{L}\\p{N}_])" + Pattern.quote(phrase) + "(?![\\p{L}\\p{N}_])")
                .matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
