package dev.snailbench.executor.service.qatch;

import dev.snailbench.executor.service.TeamSession;
import dev.snailbench.executor.service.TextTables;
import dev.snailbench.model.domain.QatchCategory;
import dev.snailbench.model.domain.QatchSuite;
import dev.snailbench.model.domain.QatchSuite.Options;
import dev.snailbench.model.domain.QatchSuite.TextTable;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * QATCH-Generate on a team's own tables: profiles every column ({@link ColumnProfiler}), then fills each category
 * with template tests ({@link QatchTemplates}), runs each SQL to store its expected result ({@link QatchQueries},
 * through the session's guard and runner), and keeps only tests whose result has at most {@code maxResultRows}
 * rows. Same database, seed and options → the same tests. Blocking (JDBC).
 */
public final class QatchGenerator {

    private static final Logger LOG = Logger.getLogger(QatchGenerator.class);
    private static final int ATTEMPTS_PER_TEST = 25;

    private final QatchTemplates templates;
    private final QatchQueries queries;
    private final Options options;

    QatchGenerator(QatchTemplates templates, QatchQueries queries, Options options) {
        this.templates = templates;
        this.queries = queries;
        this.options = options;
    }

    /** Reads {@code schema} through the team session and generates the tests. */
    public static QatchSuite generate(TeamSession session, String schema, Options options) throws SQLException {
        QatchQueries queries = new QatchQueries(session, options.queryTimeoutSeconds());
        ProfiledSchema profiled = new ColumnProfiler(session, queries).profile(schema, options);
        QatchTemplates templates = new QatchTemplates(profiled, options, session.dialect(), queries);
        return new QatchGenerator(templates, queries, options)
                .fill(profiled.profiles().size());
    }

    /** Draws candidates per category until each has what the options ask for, and writes them as tests. */
    QatchSuite fill(int tablesProfiled) {
        List<QatchSuite.Test> tests = new ArrayList<>();
        Map<QatchCategory, Integer> made = new EnumMap<>(QatchCategory.class);
        Set<String> seen = new HashSet<>();
        int tooLarge = 0;
        List<String> failed = new ArrayList<>();
        for (QatchCategory category : QatchCategory.values()) {
            int wanted = options.wanted(category);
            int n = 0;
            for (int attempt = 0; attempt < wanted * ATTEMPTS_PER_TEST && n < wanted; attempt++) {
                Optional<QatchTemplates.Candidate> candidate = templates.candidate(category);
                if (candidate.isEmpty() || !seen.add(candidate.get().sql())) {
                    continue;
                }
                TextTable result;
                try {
                    result = TextTables.inOneOrder(
                            queries.result(candidate.get().sql(), options.maxResultRows()),
                            candidate.get().orderColumn());
                } catch (SQLException e) {
                    LOG.warnf(
                            "generated %s SQL failed: %s (%s)",
                            category.id(), candidate.get().sql(), e.getMessage());
                    failed.add(candidate.get().sql() + " -- " + e.getMessage());
                    continue;
                }
                if (result == null) {
                    tooLarge++;
                    continue;
                }
                n++;
                tests.add(new QatchSuite.Test(
                        "qatch-" + category.id() + "-" + n,
                        category,
                        candidate.get().question(),
                        candidate.get().sql(),
                        result));
            }
            made.put(category, n);
        }
        return new QatchSuite(List.copyOf(tests), ids(made), tablesProfiled, tooLarge, List.copyOf(failed));
    }

    private static Map<String, Integer> ids(Map<QatchCategory, Integer> counts) {
        Map<String, Integer> byId = new LinkedHashMap<>();
        counts.forEach((category, n) -> byId.put(category.id(), n));
        return byId;
    }
}
