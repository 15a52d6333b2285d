package dev.snailbench.executor.service.qatch;

import dev.snailbench.sql.JdbcSchemaReader;
import java.util.List;
import java.util.Map;

/**
 * What {@link ColumnProfiler} learnt of a schema: the usable columns of every non-empty table (in the schema's
 * order), every table's row count, and the foreign keys between profiled tables.
 */
record ProfiledSchema(
        Map<String, List<ColumnProfile>> profiles,
        Map<String, Long> rowCounts,
        List<JdbcSchemaReader.ForeignKey> foreignKeys) {}
