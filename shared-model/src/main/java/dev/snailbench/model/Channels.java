package dev.snailbench.model;

/**
 * SmallRye Reactive Messaging channel names. A channel is named after the hop it carries; which topic it is
 * bound to is set in each service's configuration (see {@link Topics}).
 */
public final class Channels {

    public static final String TENANTS = "tenants";
    public static final String TENANTS_OUT = "tenants-out";
    public static final String JOB_EVENTS = "job-events";
    public static final String JOB_EVENTS_OUT = "job-events-out";
    public static final String IDENTIFIERS_TO_CLASSIFY = "identifiers-to-classify";
    public static final String IDENTIFIERS_TO_CLASSIFY_OUT = "identifiers-to-classify-out";
    public static final String IDENTIFIERS_CLASSIFIED = "identifiers-classified";
    public static final String IDENTIFIERS_CLASSIFIED_OUT = "identifiers-classified-out";
    public static final String QUERIES_TO_INFER = "queries-to-infer";
    public static final String QUERIES_TO_INFER_OUT = "queries-to-infer-out";
    public static final String SQL_TO_EXECUTE = "sql-to-execute";
    public static final String SQL_TO_EXECUTE_OUT = "sql-to-execute-out";
    public static final String RESULTS_TO_SCORE = "results-to-score";
    public static final String RESULTS_TO_SCORE_OUT = "results-to-score-out";
    public static final String DATABASE_TASKS = "database-tasks";
    public static final String DATABASE_TASKS_OUT = "database-tasks-out";
    public static final String DATABASE_TASK_RESULTS = "database-task-results";
    public static final String DATABASE_TASK_RESULTS_OUT = "database-task-results-out";
    public static final String SCORES = "scores";
    public static final String ITEMS_ABANDONED = "items-abandoned";
    public static final String ITEMS_ABANDONED_OUT = "items-abandoned-out";
    public static final String SCORES_OUT = "scores-out";
    public static final String JOBS_CANCELLED = "jobs-cancelled";
    public static final String JOBS_CANCELLED_OUT = "jobs-cancelled-out";
    public static final String JOBS_ENDED = "jobs-ended";
    public static final String JOBS_ENDED_OUT = "jobs-ended-out";
    public static final String DATABASE_LOGINS_FAILED = "database-logins-failed";
    public static final String DATABASE_LOGINS_FAILED_OUT = "database-logins-failed-out";
    public static final String MODEL_BACKENDS = "model-backends";
    public static final String MODEL_BACKENDS_OUT = "model-backends-out";

    private Channels() {}
}
