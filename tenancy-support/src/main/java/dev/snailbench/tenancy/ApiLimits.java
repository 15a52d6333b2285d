package dev.snailbench.tenancy;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.request.RequestLimits;
import java.util.Collection;

/**
 * The longest texts and lists the platform's APIs take, the same in every service (shared-model's
 * {@link RequestLimits}, which the request records' constraints say too), and the 400 that names the field beyond
 * them. Generous for real use (a FootballDB gold query is under 2,000 characters) and small enough that no
 * single field can make a service parse, store or echo megabytes. Request bodies as a whole are bounded by each
 * service's {@code quarkus.http.limits.max-body-size} (413).
 */
public final class ApiLimits {

    /** Names: jobs, tenants, databases, crosswalks, model labels, reviewers. */
    public static final int NAME = RequestLimits.NAME;
    /** Ids a caller chooses: question ids, schema ids. */
    public static final int ID = RequestLimits.ID;
    /** A natural-language question. */
    public static final int QUESTION = RequestLimits.QUESTION;
    /** One SQL text: gold, predicted, or to analyse. */
    public static final int SQL = RequestLimits.SQL;
    /** A reviewer's note. */
    public static final int NOTE = RequestLimits.NOTE;
    /** Models one job asks. */
    public static final int MODELS = RequestLimits.MODELS;
    /** Questions of one job (its work items are bounded again by the generator's max-work-items). */
    public static final int QUESTIONS = RequestLimits.QUESTIONS;
    /** Recorded predictions of one job (one per question and level). */
    public static final int PREDICTIONS = RequestLimits.PREDICTIONS;

    private ApiLimits() {}

    /** The value, or a 400 naming the field when it is longer than {@code max} characters (null passes). */
    public static String text(String value, String field, int max) {
        if (value != null && value.length() > max) {
            throw tooLong(field, value.length() + " characters", max + " characters");
        }
        return value;
    }

    /** The list, or a 400 naming the field when it has more than {@code max} entries (null passes). */
    public static <C extends Collection<?>> C count(C values, String field, int max) {
        if (values != null && values.size() > max) {
            throw tooLong(field, values.size() + " entries", Integer.toString(max));
        }
        return values;
    }

    /** What is wrong, after the field: {@code has 1000000 characters; at most 200 characters are accepted}. */
    public static String problem(String has, String limit) {
        return "has " + has + "; at most " + limit + " are accepted";
    }

    private static InvalidInput tooLong(String field, String has, String limit) {
        return InvalidInput.of(field, problem(has, limit));
    }
}
