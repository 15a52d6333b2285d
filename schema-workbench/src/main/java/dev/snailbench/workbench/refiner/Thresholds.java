package dev.snailbench.workbench.refiner;

/**
 * Detection thresholds on the semantic similarity score (SSS, a cosine): a name is irregular when
 * SSS(name, canonical) &lt; {@code irregular}; two differently named columns are synonyms when SSS of their
 * canonical names &ge; {@code synonym}; two same-named columns are homonyms when SSS of their descriptions &lt;
 * {@code homonym}. The defaults are the paper's.
 */
public record Thresholds(double irregular, double synonym, double homonym) {

    public static final Thresholds PAPER = new Thresholds(0.60, 0.90, 0.75);
}
