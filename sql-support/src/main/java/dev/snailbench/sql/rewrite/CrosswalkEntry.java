package dev.snailbench.sql.rewrite;

import dev.snailbench.model.domain.NaturalnessLevel;

/** One identifier of a database under its native name and its Regular / Low / Least renamings. */
public record CrosswalkEntry(Kind kind, String nativeName, String regular, String low, String least) {

    public enum Kind {
        TABLE, COLUMN
    }

    public String name(NaturalnessLevel level) {
        return switch (level) {
            case NATIVE -> nativeName;
            case REGULAR -> regular;
            case LOW -> low;
            case LEAST -> least;
        };
    }
}
