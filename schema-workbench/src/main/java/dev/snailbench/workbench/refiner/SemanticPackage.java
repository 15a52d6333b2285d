package dev.snailbench.workbench.refiner;

/** What a column means: a one-line description and a canonical (natural, snake_case) name. */
public record SemanticPackage(ColumnRef column, String description, String canonicalName) {}
