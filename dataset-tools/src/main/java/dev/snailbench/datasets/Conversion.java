package dev.snailbench.datasets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a {@link Dataset}'s folder from a checkout of its repository. */
interface Conversion {

    /**
     * Writes into {@code out} (the dataset's folder) from {@code checkout}; returns what of the data folder's
     * layout it does not produce, one line each (empty when complete).
     */
    List<String> convert(Path checkout, Path out) throws IOException;

    /**
     * What a reader of the written files should know although they were produced, one line each (e.g. a
     * conversion that could not be checked against the real source files).
     */
    default List<String> caveats() {
        return List.of();
    }

    /** Whether the conversion produces anything at all (when not, the repository is not even fetched). */
    default boolean producesFiles() {
        return true;
    }

    /** A path the conversion reads from the checkout, or an {@link IOException} saying it is not there. */
    static Path require(Path p) throws IOException {
        if (!Files.exists(p)) {
            throw new IOException("the repository has no " + p.getFileName() + " where expected (" + p + ")");
        }
        return p;
    }
}
