package dev.snailbench.generator.service;

import dev.snailbench.generator.config.DataConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which schemas have a crosswalk, i.e. can be shown to a model at Regular, Low or Least level. The built-in
 * ones are the SNAILS databases' crosswalks in the data directory.
 */
@ApplicationScoped
public class CrosswalkCatalog {

    private final DataConfig data;

    public CrosswalkCatalog(DataConfig data) {
        this.data = data;
    }

    public boolean exists(String schemaId) {
        if (schemaId == null || !schemaId.matches("[A-Za-z0-9_\\-]+")) {
            return false;
        }
        return Files.isRegularFile(Path.of(data.dataDir()).resolve("snails/crosswalks").resolve(schemaId + ".csv"));
    }
}
