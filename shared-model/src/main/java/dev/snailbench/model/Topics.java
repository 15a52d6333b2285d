package dev.snailbench.model;

import java.util.List;

/**
 * Kafka topic names, one per hop. Services set them explicitly in their configuration and tests use these
 * constants, so a rename happens in exactly one place.
 */
public final class Topics {

    /** Tenants created by the generator; every service that authenticates API keys keeps its own copy. */
    public static final String TENANTS = "snailbench.tenants";
    /** Job lifecycle: submitted specs, consumed by the generator itself (listen-to-yourself, no dual write). */
    public static final String JOB_EVENTS = "snailbench.job-events";
    /** Batches of identifiers whose naturalness should be classified. */
    public static final String IDENTIFIERS_TO_CLASSIFY = "snailbench.identifiers.to-classify";
    /** Classified identifiers, answering {@link #IDENTIFIERS_TO_CLASSIFY}. */
    public static final String IDENTIFIERS_CLASSIFIED = "snailbench.identifiers.classified";
    /** Work items waiting for a model to write SQL. */
    public static final String QUERIES_TO_INFER = "snailbench.queries.to-infer";
    /** Gold and predicted SQL (native names) waiting to run on the target database. */
    public static final String SQL_TO_EXECUTE = "snailbench.sql.to-execute";
    /** Gold and predicted result sets waiting to be compared. */
    public static final String RESULTS_TO_SCORE = "snailbench.results.to-score";
    /**
     * Work items that will get no regular verdict: abandoned by the generator's watchdog (no verdict before the
     * deadline). The scorer records a failed verdict for each, as it does for the dead-lettered work items of
     * {@link #WORK_ITEM_DEAD_LETTERS}.
     */
    public static final String ITEMS_ABANDONED = "snailbench.items.abandoned";
    /**
     * Work on a team's registered database asked of the executor by the generator (describe a schema, generate a
     * QATCH suite, create natural views): the executor is the only service that connects to teams' databases.
     */
    public static final String DATABASE_TASKS = "snailbench.database.tasks";
    /**
     * The executor's answers to {@link #DATABASE_TASKS}; every generator replica reads them all (its own consumer
     * group) and completes the requests it is waiting for.
     */
    public static final String DATABASE_TASK_RESULTS = "snailbench.database.task-results";
    /**
     * Jobs cancelled by their tenant (compacted, key job id): every executor and inference replica reads it whole into
     * its set of cancelled jobs and skips their items still in flight, so a cancellation reaches every hop.
     */
    public static final String JOBS_CANCELLED = "snailbench.jobs.cancelled";
    /**
     * Jobs that have every verdict (compacted, key job id): every executor replica reads it whole and releases the
     * registered databases the job used, so they can be deleted at once.
     */
    public static final String JOBS_ENDED = "snailbench.jobs.ended";
    /**
     * A job's database login that stopped working mid-job (compacted, key job and database), published by the executor:
     * every inference replica reads it whole and sends the job's remaining items on that database on without a model
     * call, each failing with the login's reason.
     */
    public static final String DATABASE_LOGINS_FAILED = "snailbench.jobs.database-logins-failed";

    /**
     * The model backends the inference service is configured with ({@code ModelBackendsAnnounced}, one key, compacted):
     * the generator refuses a job naming another backend at submission.
     */
    public static final String MODEL_BACKENDS = "snailbench.inference.backends";
    /** Final verdict per work item; the generator counts job progress from it. */
    public static final String SCORES = "snailbench.scores";

    /** The dead-letter topics whose records are work items: each one still gets a (failed) verdict. */
    public static final List<String> WORK_ITEM_DEAD_LETTERS = List.of(
            QUERIES_TO_INFER + ".dlq.inference", SQL_TO_EXECUTE + ".dlq.executor", RESULTS_TO_SCORE + ".dlq.scorer");

    private Topics() {}

    /** The pipeline stage a work-item topic (or its dead-letter topic) feeds, as reasons name it. */
    public static String stageOf(String topic) {
        if (topic.startsWith(QUERIES_TO_INFER)) {
            return "inference";
        }
        if (topic.startsWith(SQL_TO_EXECUTE)) {
            return "execution";
        }
        if (topic.startsWith(RESULTS_TO_SCORE)) {
            return "scoring";
        }
        return topic;
    }

    /** The dead-letter topic of one consuming channel: {@code <topic>.dlq.<consumer>}. */
    public static String deadLetter(String topic, String consumer) {
        return topic + ".dlq." + consumer;
    }
}
