package dev.snailbench.scorer.service.sql;

import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.sql.analysis.SqlParser;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

/** The service's one {@link SqlParser}, sized and timed from configuration. */
@ApplicationScoped
public class SqlParsers {

    private final SqlParser parser;

    public SqlParsers(ScorerConfig config) {
        this.parser = new SqlParser(config.parserThreads(), config.parseTimeout());
    }

    public SqlParser parser() {
        return parser;
    }

    @PreDestroy
    void close() {
        parser.close();
    }
}
