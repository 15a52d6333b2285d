package dev.snailbench.executor.messaging;

import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.model.Channels;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.event.DatabaseLoginFailed;
import dev.snailbench.model.event.ExecutionCompleted;
import dev.snailbench.model.event.ExecutionRequested;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.Record;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.jboss.logging.Logger;

/**
 * Tells the inference service that a job's database login stopped working (database-logins-failed, compacted, key job
 * and database): at the first item of the job on that database whose connection failed authentication. An
 * unreachable server is not a login failure: its circuit pauses connections and closes again, and the job's later
 * items still ask their model. The inference service sends the job's remaining items on that database on without
 * asking their model. Once per job and database in this replica; another replica that meets the
 * same failure sends it again, which the compacted topic and the inference service's set absorb.
 */
@ApplicationScoped
public class LoginFailurePublisher {

    private static final Logger LOG = Logger.getLogger(LoginFailurePublisher.class);

    /** Jobs and databases told about, the oldest forgotten first. */
    static final int REMEMBERED = 10_000;

    private final MutinyEmitter<Record<String, DatabaseLoginFailed>> emitter;
    private final Set<String> told =
            Collections.synchronizedSet(Collections.newSetFromMap(new LinkedHashMap<>(16, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > REMEMBERED;
                }
            }));

    public LoginFailurePublisher(
            @Channel(Channels.DATABASE_LOGINS_FAILED_OUT) MutinyEmitter<Record<String, DatabaseLoginFailed>> emitter) {
        this.emitter = emitter;
    }

    /**
     * Publishes the item's login failure, the first time for its job and database; completes at once otherwise. A
     * failed send is logged and tried again with the job's next failing item, never the item's failure.
     */
    public Uni<Void> check(ExecutionRequested request, Target target, ExecutionCompleted completed) {
        if (request.jobId() == null || request.item() == null || request.item().database() == null) {
            return Uni.createFrom().voidItem();
        }
        String failure = loginFailure(completed.gold());
        if (failure == null) {
            failure = loginFailure(completed.predicted());
        }
        if (failure == null) {
            return Uni.createFrom().voidItem();
        }
        DatabaseLoginFailed event = DatabaseLoginFailed.of(
                request.jobId(),
                request.tenantId(),
                request.item().database(),
                "the database login \"" + target.user() + "\" failed: " + failure);
        if (!told.add(event.key())) {
            return Uni.createFrom().voidItem();
        }
        LOG.infof(
                "job %s: the login of database %s failed; its remaining items are sent on without a model call",
                request.jobId(), event.database());
        return emitter.send(Record.of(event.key(), event)).onFailure().recoverWithUni(e -> {
            told.remove(event.key());
            LOG.warnf("could not tell that job %s's database login failed: %s", request.jobId(), e.toString());
            return Uni.createFrom().voidItem();
        });
    }

    /** The outcome's error when its connection failed authentication (SQLSTATE class 28); null otherwise. */
    private static String loginFailure(ExecutionOutcome outcome) {
        if (outcome == null || outcome.ok() || outcome.sqlState() == null) {
            return null;
        }
        return outcome.sqlState().startsWith("28") ? outcome.error() : null;
    }
}
