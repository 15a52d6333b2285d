package dev.snailbench.classifier.service;

import dev.snailbench.model.domain.ClassifiedIdentifier;
import dev.snailbench.model.domain.NaturalnessLevel;
import java.util.List;
import java.util.Map;

/** One classified identifier with what the classifier saw in it. */
public record Classification(
        String identifier,
        NaturalnessLevel label,
        Map<String, Double> probabilities,
        List<String> tokens,
        double tokenInDictionaryShare) {

    public ClassifiedIdentifier toClassifiedIdentifier() {
        return new ClassifiedIdentifier(identifier, label, probabilities);
    }
}
