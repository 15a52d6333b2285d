package dev.snailbench.workbench.crosswalk;

import dev.snailbench.model.domain.SchemaSpec;

/**
 * A crosswalk build as requested: the schema to rename, the dialect names must be valid in, and whether
 * Regular names come from an LLM expansion ({@code expandWithLlm}) and Low/Least from the LLM instead of the rules; {@code dataDictionary} is an uploaded description of
 * the database given to the expansion.
 */
public record CrosswalkBuildSpec(
        String name,
        String dialect,
        SchemaSpec schema,
        boolean expandWithLlm,
        boolean abbreviateWithLlm,
        String dataDictionary) {}
