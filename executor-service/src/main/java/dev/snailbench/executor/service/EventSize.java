package dev.snailbench.executor.service;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.serde.EventJson;
import org.jboss.logging.Logger;

/**
 * Keeps an {@link ExecutionCompleted} within the size the producer and the broker accept. The byte cap per result
 * already leaves room for both results; this is the last line for cells whose JSON escaping ({@code \u0001},
 * quotes) made them larger than counted: rows are cut, the result is marked truncated, and the item still
 * reaches the scorer instead of being refused by the broker.
 */
public final class EventSize {

    private static final Logger LOG = Logger.getLogger(EventSize.class);

    private EventSize() {}

    /** The event as JSON of an item of its record ({@code EventJson.writeInRecord}), at most {@code maxBytes} long. */
    public static Fitted fit(ExecutionCompleted event, int maxBytes) {
        byte[] json = EventJson.writeInRecord(event);
        ExecutionCompleted fitted = event;
        while (json.length > maxBytes) {
            ExecutionOutcome gold = fitted.gold();
            ExecutionOutcome predicted = fitted.predicted();
            boolean cutGold = rows(gold) >= rows(predicted);
            ExecutionOutcome larger = cutGold ? gold : predicted;
            if (rows(larger) == 0) {
                throw new IllegalStateException("event of work item " + event.workItemId() + " is " + json.length
                        + " bytes without any row (limit " + maxBytes + ")");
            }
            LOG.warnf(
                    "work item %s: event of %d bytes exceeds %d; cutting the %s result from %d rows",
                    event.workItemId(), json.length, maxBytes, cutGold ? "gold" : "predicted", rows(larger));
            ExecutionOutcome halved = halve(larger);
            fitted = fitted.withResults(cutGold ? halved : gold, cutGold ? predicted : halved);
            json = EventJson.writeInRecord(fitted);
        }
        return new Fitted(fitted, json);
    }

    /** The event that fits and its JSON, serialized once. */
    public record Fitted(ExecutionCompleted event, byte[] json) {}

    private static int rows(ExecutionOutcome outcome) {
        return outcome == null ? 0 : outcome.rows().size();
    }

    private static ExecutionOutcome halve(ExecutionOutcome outcome) {
        return new ExecutionOutcome(
                outcome.status(),
                outcome.columns(),
                outcome.rows().subList(0, outcome.rows().size() / 2),
                true,
                outcome.error(),
                outcome.sqlState(),
                outcome.elapsedSeconds());
    }
}
