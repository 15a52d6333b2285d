package dev.snailbench.model.domain;

/** How one query's execution ended. */
public enum ExecutionStatus {
    /** Ran and returned a (possibly capped) result. */
    OK,
    /** The database raised an error (message and SQLSTATE kept). */
    ERROR,
    /** The server-side statement timeout fired. */
    TIMEOUT,
    /** Refused before reaching the database (not a single read-only query, for example). */
    REJECTED,
    /** Not attempted: there was no SQL to run (inference failed). */
    NOT_RUN
}
