package dev.snailbench.scorer.config;

import dev.snailbench.sql.SqlParser;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The service's one {@link SqlParser}, sized and timed from configuration and shared by every caller. */
public class SqlParserProducer {

    @Produces
    @Singleton
    SqlParser sqlParser(ScorerConfig config) {
        return new SqlParser(config.parserThreads(), config.parseTimeout());
    }

    void close(@Disposes SqlParser parser) {
        parser.close();
    }
}
