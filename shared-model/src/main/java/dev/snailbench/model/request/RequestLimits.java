package dev.snailbench.model.request;

/**
 * The longest texts and lists the platform's APIs take, the same in every service (tenancy-support's
 * {@code ApiLimits} refuses them naming the field; the request records say them in their constraints). Generous for
 * real use (a FootballDB gold query is under 2,000 characters) and small enough that no single field can make a
 * service parse, store or echo megabytes.
 */
public final class RequestLimits {

    /** Names: jobs, tenants, databases, crosswalks, model labels, reviewers. */
    public static final int NAME = 200;
    /** Ids a caller chooses: question ids, schema ids. */
    public static final int ID = 200;
    /** A natural-language question. */
    public static final int QUESTION = 10_000;
    /** One SQL text: gold, predicted, or to analyse. */
    public static final int SQL = 100_000;
    /** A reviewer's note. */
    public static final int NOTE = 10_000;
    /** JDBC URLs, logins and passwords. */
    public static final int CONNECTION = 2_000;
    /** Models one job asks. */
    public static final int MODELS = 20;
    /** Naturalness levels one job asks at (there are four; duplicates are one level). */
    public static final int LEVELS = 8;
    /** Questions of one job (its work items are bounded again by the generator's max-work-items). */
    public static final int QUESTIONS = 100_000;
    /** Recorded predictions of one job (one per question and level). */
    public static final int PREDICTIONS = 4 * QUESTIONS;

    /** The message of a text over its limit. */
    public static final String TOO_LONG = "is longer than {max} characters";
    /** The message of a list over its limit. */
    public static final String TOO_MANY = "has more than {max} entries";

    private RequestLimits() {}
}
