package dev.snailbench.datasets;

import java.nio.file.Path;
import java.util.List;

/**
 * FootballDB's folder in the data directory ({@code footballdb/}), as {@link FootballDbConversion} writes it and the
 * platform's loader and replay jobs read it: per data model {@code vN/db/*.sql}, {@code vN/dev.json},
 * {@code vN/train.json}, and {@code predictions/gpt-3.5-turbo_30shot_vN.json}.
 *
 * @param folder the {@code footballdb} folder
 */
public record FootballDbFiles(Path folder) {

    /** The three data models. */
    public static final List<String> VERSIONS = List.of("v1", "v2", "v3");

    /** FootballDB's folder in this data directory. */
    public static FootballDbFiles in(Path dataDir) {
        return new FootballDbFiles(dataDir.resolve("footballdb"));
    }

    /** The data model's dumps, one {@code .sql} file per table. */
    public Path dumps(String version) {
        return folder.resolve(version).resolve("db");
    }

    /** The data model's 100 dev questions with their gold SQL. */
    public Path devQuestions(String version) {
        return folder.resolve(version).resolve("dev.json");
    }

    /** The data model's largest training split. */
    public Path trainingQuestions(String version) {
        return folder.resolve(version).resolve("train.json");
    }

    /** The SQL gpt-3.5-turbo wrote for the dev questions with 30 examples, as the dataset's authors recorded it. */
    public Path predictions(String version) {
        return folder.resolve("predictions").resolve("gpt-3.5-turbo_30shot_" + version + ".json");
    }
}
