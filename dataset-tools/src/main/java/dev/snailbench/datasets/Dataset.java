package dev.snailbench.datasets;

import java.util.List;
import java.util.Locale;

/**
 * One public dataset: the repository it comes from, the commit the data folder was prepared from, and the
 * conversion that writes its folder. The URL and the commit can be overridden ({@code -Dsnailbench.data.<name>.url},
 * {@code SNAILBENCH_DATA_<NAME>_URL}, and likewise {@code .commit}), e.g. to fetch from a mirror.
 */
record Dataset(String name, String repository, String url, String commit, Conversion conversion) {

    static List<Dataset> all() {
        return List.of(
                configured("snails", "KyleLuoma/SNAILS", "b90658b1", new SnailsConversion()),
                configured(
                        "footballdb",
                        "jf87/FootballDB",
                        "877f3b63e0f3b2ff21bec5370a26a221ddbf8dd3",
                        new FootballDbConversion()),
                configured("qatch", "spapicchio/QATCH", "ae47e449", new QatchConversion()));
    }

    static Dataset configured(String name, String repository, String commit, Conversion conversion) {
        return new Dataset(
                name,
                repository,
                setting(name, "url", "https://github.com/" + repository + ".git"),
                setting(name, "commit", commit),
                conversion);
    }

    Dataset at(String otherUrl, String otherCommit) {
        return new Dataset(name, repository, otherUrl, otherCommit, conversion);
    }

    /** The commit as the data README names it (8 hex digits). */
    String shortCommit() {
        return commit.length() > 8 ? commit.substring(0, 8) : commit;
    }

    private static String setting(String name, String key, String fallback) {
        String property = System.getProperty("snailbench.data." + name + "." + key);
        if (property != null && !property.isBlank()) {
            return property;
        }
        String env =
                System.getenv("SNAILBENCH_DATA_" + name.toUpperCase(Locale.ROOT) + "_" + key.toUpperCase(Locale.ROOT));
        return env != null && !env.isBlank() ? env : fallback;
    }
}
