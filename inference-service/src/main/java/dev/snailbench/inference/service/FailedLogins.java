package dev.snailbench.inference.service;

import dev.snailbench.model.event.DatabaseLoginFailed;
import dev.snailbench.model.event.InferenceRequested;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * The jobs' database logins that stopped working, as the executor told them (database-logins-failed): an item of such
 * a job on such a database is sent on without asking its model, failing with the login's reason. Bounded (the oldest
 * go first); thread-safe. The consumer of the channel extends it (a consumer group of its own per process, read from
 * the start, so every replica knows every failed login).
 */
public class FailedLogins {

    private static final Logger LOG = Logger.getLogger(FailedLogins.class);

    /** Reasons by job and database ({@link DatabaseLoginFailed#key()}). */
    private final Map<String, String> reasons;

    public FailedLogins(int maxEntries) {
        this.reasons = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                return size() > maxEntries;
            }
        };
    }

    /** Fails (to the channel's dead-letter topic) for an event without its job, database or reason. */
    public void add(DatabaseLoginFailed event) {
        if (event == null
                || event.jobId() == null
                || event.database() == null
                || event.database().isBlank()
                || event.reason() == null
                || event.reason().isBlank()) {
            throw new IllegalArgumentException("DatabaseLoginFailed " + (event == null ? "" : event.eventId())
                    + " lacks jobId, database or reason");
        }
        boolean added;
        synchronized (reasons) {
            added = reasons.putIfAbsent(event.key(), event.reason()) == null;
        }
        if (added) {
            LOG.infof(
                    "job %s of tenant %s: %s; its remaining items on that database are not asked of a model",
                    event.jobId(), event.tenantId(), event.reason());
        }
    }

    /** Failed logins known (jobs and databases). */
    public int size() {
        synchronized (reasons) {
            return reasons.size();
        }
    }

    /** Why the request's model is not asked (its job's login on its database failed), or null to ask it. */
    public String reason(InferenceRequested request) {
        if (request == null
                || request.jobId() == null
                || request.item() == null
                || request.item().database() == null) {
            return null;
        }
        String key = request.jobId() + "|"
                + DatabaseLoginFailed.databaseKey(request.item().database());
        synchronized (reasons) {
            return reasons.get(key);
        }
    }
}
