package dev.snailbench.model.domain;

import java.util.List;

/**
 * One query's execution in canonical form: every cell is text (null for SQL NULL) whose format depends on
 * the column's {@link ResultColumn.ValueType}. {@code truncated} says a row or byte cap cut the result.
 */
public record ExecutionOutcome(
        ExecutionStatus status,
        List<ResultColumn> columns,
        List<List<String>> rows,
        boolean truncated,
        String error,
        String sqlState,
        double elapsedSeconds) {

    public ExecutionOutcome {
        columns = columns == null ? List.of() : List.copyOf(columns);
        rows = rows == null ? List.of() : rows;
    }

    public static ExecutionOutcome failed(
            ExecutionStatus status, String error, String sqlState, double elapsedSeconds) {
        return new ExecutionOutcome(status, List.of(), List.of(), false, error, sqlState, elapsedSeconds);
    }

    /** Why neither query of an item ran when its job names no database (a linking-only job). */
    public static final String LINKING_ONLY = "not run: the job names no database (linking only)";

    public static ExecutionOutcome notRun(String why) {
        return failed(ExecutionStatus.NOT_RUN, why, null, 0);
    }

    public boolean ok() {
        return status == ExecutionStatus.OK;
    }
}
