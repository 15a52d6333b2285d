package dev.snailbench.inference.config;

import dev.snailbench.inference.prompt.PromptBuilder;
import dev.snailbench.inference.schema.SchemaCatalog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.nio.file.Path;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The shared data folder (schemas, crosswalks, training sets) as beans; read lazily and cached. */
@ApplicationScoped
public class DataProducers {

    @Produces
    @ApplicationScoped
    SchemaCatalog schemaCatalog(@ConfigProperty(name = "snailbench.data-dir", defaultValue = "../shared/data") String dir) {
        return new SchemaCatalog(Path.of(dir).toAbsolutePath().normalize());
    }

    @Produces
    @ApplicationScoped
    PromptBuilder promptBuilder(SchemaCatalog schemas) {
        return new PromptBuilder(schemas);
    }
}
