package dev.snailbench.datasets;

import java.nio.file.Path;
import java.util.List;

/**
 * spapicchio/QATCH to {@code qatch/}: not available. {@code metric_cases.json} holds test vectors whose expected
 * values were computed by running QATCH's Python metric code on cases gathered from its tests and docstrings;
 * that cannot be reproduced here without Python and QATCH's dependencies, so nothing is written rather than
 * something different.
 */
final class QatchConversion implements Conversion {

    @Override
    public List<String> convert(Path checkout, Path out) {
        return notes();
    }

    static List<String> notes() {
        return List.of(
                "qatch/metric_cases.json is not produced: its expected values were computed by running "
                        + "QATCH's Python metric code, which this command does not do; copy it from an existing data directory");
    }

    @Override
    public boolean producesFiles() {
        return false;
    }
}
