package dev.snailbench.workbench.crosswalk;

import java.util.List;

/**
 * What a crosswalk build could not do as asked or changed on the way: identifiers that are not Regular but
 * kept their native name at Regular (no expansion requested), names changed to stay unique per table, and
 * names that are reserved words (kept, always quoted in generated SQL).
 */
public record BuildReport(
        List<String> keptNativeAtRegular, List<String> renamedOnCollision, List<String> reservedWords) {}
