package dev.snailbench.inference.config;

import dev.snailbench.inference.prompt.PromptBuilder;
import dev.snailbench.inference.schema.SchemaCatalog;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The shared data folder (schemas, crosswalks, training sets) as beans; read lazily and cached. */
@ApplicationScoped
public class DataProducers {

    @Produces
    @ApplicationScoped
    SchemaCatalog schemaCatalog(
            @ConfigProperty(name = "snailbench.data-dir", defaultValue = "../shared/data") String dir,
            SqlParser parser) {
        return new SchemaCatalog(Path.of(dir).toAbsolutePath().normalize(), parser);
    }

    @Produces
    @ApplicationScoped
    PromptBuilder promptBuilder(SchemaCatalog schemas, SqlParser parser) {
        return new PromptBuilder(schemas, parser);
    }

    /** The service's one SQL parser: schemas, sample values and denaturalization share its threads. */
    @Produces
    @Singleton
    SqlParser sqlParser(InferenceConfig config) {
        return new SqlParser(config.parser().threads(), config.parser().timeout());
    }

    void closeParser(@Disposes SqlParser parser) {
        parser.close();
    }

    @Produces
    @Singleton
    IdentifierRewriter identifierRewriter(SqlParser parser) {
        return new IdentifierRewriter(parser);
    }
}
