package dev.snailbench.model.domain;

import java.util.Map;

/** An identifier with its naturalness label and class probabilities. */
public record ClassifiedIdentifier(String identifier, NaturalnessLevel label, Map<String, Double> probabilities) {}
