package dev.snailbench.model.domain;

/**
 * One crosswalk line: an identifier of a database under its native name and its Regular / Low / Least renamings.
 * {@code kind} is {@code table} or {@code column}. {@code nativeLevel} is the native name's naturalness as the
 * SNAILS crosswalk CSV gives it, kept as written (SNAILS has one {@code UNK} and one empty value, so an import exports
 * unchanged); null where no CSV said.
 */
public record CrosswalkEntry(
        String kind, String nativeName, String nativeLevel, String regular, String low, String least) {

    public static final String TABLE = "table";
    public static final String COLUMN = "column";

    public static CrosswalkEntry table(String nativeName, String regular, String low, String least) {
        return new CrosswalkEntry(TABLE, nativeName, null, regular, low, least);
    }

    public static CrosswalkEntry column(String nativeName, String regular, String low, String least) {
        return new CrosswalkEntry(COLUMN, nativeName, null, regular, low, least);
    }

    public boolean isTable() {
        return TABLE.equalsIgnoreCase(kind);
    }

    /** The name of this identifier at a level (Native is the identifier itself). */
    public String name(NaturalnessLevel level) {
        return switch (level) {
            case NATIVE -> nativeName;
            case REGULAR -> regular;
            case LOW -> low;
            case LEAST -> least;
        };
    }

    public CrosswalkEntry with(NaturalnessLevel level, String name) {
        return switch (level) {
            case NATIVE -> throw new IllegalArgumentException("the native identifier cannot be renamed");
            case REGULAR -> new CrosswalkEntry(kind, nativeName, nativeLevel, name, low, least);
            case LOW -> new CrosswalkEntry(kind, nativeName, nativeLevel, regular, name, least);
            case LEAST -> new CrosswalkEntry(kind, nativeName, nativeLevel, regular, low, name);
        };
    }
}
