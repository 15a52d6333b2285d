package dev.snailbench.generator.config;

import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The service's one {@link SqlParser} and the syntax-tree renamer built on it, shared by every caller. */
public class SqlParserProducer {

    @Produces
    @Singleton
    SqlParser sqlParser(SqlParserConfig config) {
        return new SqlParser(config.threads(), config.timeout());
    }

    void close(@Disposes SqlParser parser) {
        parser.close();
    }

    @Produces
    @Singleton
    IdentifierRewriter identifierRewriter(SqlParser parser) {
        return new IdentifierRewriter(parser);
    }
}
