package dev.snailbench.executor.service.synthetic;

import dev.snailbench.executor.support.Core;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.testkit.LocalStack;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The synthetic generator's PostgreSQL tests: a database of their own, filled by statements, and a set made on it. */
final class PostgresSuites {

    /** What fills a test database, given a statement on it. */
    @FunctionalInterface
    interface Fill {
        void into(Statement statement) throws SQLException;
    }

    private PostgresSuites() {}

    /** Creates the database on the module's PostgreSQL if it is missing, and fills it. */
    static void create(String database, Fill fill) throws SQLException {
        LocalStack.targets().createDatabase(database);
        try (Connection c = LocalStack.targets().connect(database);
                Statement s = c.createStatement()) {
            fill.into(s);
        }
    }

    /** The set the generator makes on the database's {@code public} schema, in one session as a job's. */
    static SyntheticSuite generate(String database, SyntheticSuite.Options options) throws Exception {
        return generate(database, "public", options);
    }

    /** The set the generator makes on one schema of the database, in one session as a job's. */
    static SyntheticSuite generate(String database, String schema, SyntheticSuite.Options options) throws Exception {
        try (SqlParser parser = new SqlParser(1, Duration.ofSeconds(5))) {
            return Core.executor()
                    .withSession(
                            Core.postgres(database),
                            session -> SyntheticSqlGenerator.generate(session, schema, parser, options));
        }
    }

    /** The pairs of the templates made from one seed. */
    static List<SyntheticSuite.Pair> pairsOf(SyntheticSuite suite, int seedIndex) {
        Set<String> templates = suite.templates().stream()
                .filter(t -> t.frames().stream().anyMatch(f -> f.seedIndex() == seedIndex))
                .map(SyntheticSuite.Template::id)
                .collect(Collectors.toSet());
        return suite.pairs().stream()
                .filter(p -> templates.contains(p.templateId()))
                .toList();
    }
}
