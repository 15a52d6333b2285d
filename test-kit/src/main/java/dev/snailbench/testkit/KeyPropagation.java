package dev.snailbench.testkit;

import dev.snailbench.model.domain.ApiKeys;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A service's {@code snailbench_tenant_key_propagation_seconds} as its {@code /q/metrics} text shows it: the keys it
 * stored, those stored within the promise ({@link ApiKeys#PROPAGATION}, the timer's bucket there), and their total
 * time from issue to storage.
 */
public record KeyPropagation(long keys, long withinPromise, double seconds) {

    private static final Pattern LINE = Pattern.compile(
            "(?m)^snailbench_tenant_key_propagation_seconds_" + "(count|sum|bucket)(?:\\{([^}]*)})? (\\S+)$");
    private static final String PROMISE_BUCKET = "le=\"" + (ApiKeys.PROPAGATION.toMillis() / 1000.0) + "\"";

    /** Reads it from a service's metrics; fails when the service does not report it. */
    public static KeyPropagation of(String metrics) {
        long keys = -1;
        long within = -1;
        double seconds = -1;
        Matcher m = LINE.matcher(metrics);
        while (m.find()) {
            double value = Double.parseDouble(m.group(3));
            switch (m.group(1)) {
                case "count" -> keys = (long) value;
                case "sum" -> seconds = value;
                default -> {
                    if (m.group(2) != null && m.group(2).contains(PROMISE_BUCKET)) {
                        within = (long) value;
                    }
                }
            }
        }
        if (keys < 0 || within < 0 || seconds < 0) {
            throw new AssertionError("no snailbench_tenant_key_propagation_seconds (count, bucket " + PROMISE_BUCKET
                    + ", sum) in the metrics");
        }
        return new KeyPropagation(keys, within, seconds);
    }

    /** What was added since {@code earlier}. */
    public KeyPropagation since(KeyPropagation earlier) {
        return new KeyPropagation(
                keys - earlier.keys, withinPromise - earlier.withinPromise, seconds - earlier.seconds);
    }

    /** Keys stored later than the promise. */
    public long late() {
        return keys - withinPromise;
    }
}
