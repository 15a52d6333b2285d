package dev.snailbench.workbench.crosswalk;

import dev.snailbench.model.domain.NaturalnessLevel;

/**
 * One crosswalk line: a native identifier and its renamings. {@code nativeLevel} is kept as written
 * (SNAILS has one {@code UNK} and one empty value), so an import exports unchanged.
 */
public record CrosswalkRow(String kind, String identifierNative, String nativeLevel, String regular, String low,
        String least) {

    public static final String TABLE = "table";
    public static final String COLUMN = "column";

    /** The name of this identifier at a level (Native is the identifier itself). */
    public String at(NaturalnessLevel level) {
        return switch (level) {
            case NATIVE -> identifierNative;
            case REGULAR -> regular;
            case LOW -> low;
            case LEAST -> least;
        };
    }

    public CrosswalkRow with(NaturalnessLevel level, String name) {
        return switch (level) {
            case NATIVE -> throw new IllegalArgumentException("the native identifier cannot be renamed");
            case REGULAR -> new CrosswalkRow(kind, identifierNative, nativeLevel, name, low, least);
            case LOW -> new CrosswalkRow(kind, identifierNative, nativeLevel, regular, name, least);
            case LEAST -> new CrosswalkRow(kind, identifierNative, nativeLevel, regular, low, name);
        };
    }
}
