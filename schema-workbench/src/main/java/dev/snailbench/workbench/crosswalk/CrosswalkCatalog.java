package dev.snailbench.workbench.crosswalk;

import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which schemas have a crosswalk, i.e. can be shown to a model at Regular, Low or Least level. The built-in
 * ones are the SNAILS databases' crosswalks in the data directory.
 */
@ApplicationScoped
public class CrosswalkCatalog {

    private final Path dataDir;

    /** @param dataDir the prepared datasets (SNAILS, FootballDB, QATCH), never copied into the project */
    public CrosswalkCatalog(
            @ConfigProperty(name = "snailbench.data-dir", defaultValue = "../shared/data") String dataDir) {
        this.dataDir = Path.of(dataDir);
    }

    public boolean exists(String schemaId) {
        if (schemaId == null || !schemaId.matches("[A-Za-z0-9_\\-]+")) {
            return false;
        }
        return Files.isRegularFile(dataDir.resolve("snails/crosswalks").resolve(schemaId + ".csv"));
    }
}
