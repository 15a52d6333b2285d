package dev.snailbench.workbench.synthetic;

import dev.snailbench.model.domain.SyntheticSuite;
import java.util.List;

/** Hand-written templates for the tests of the questions written from frames. */
final class Templates {

    private Templates() {}

    /** Template {@code t1} (SQL {@code x}) of a value slot and a returned column, phrased by the frames given. */
    static SyntheticSuite.Template valueAndProjection(SyntheticSuite.Frame... frames) {
        return new SyntheticSuite.Template("t1", "x", List.of("VALUE", "PROJECTION"), List.of(frames));
    }
}
