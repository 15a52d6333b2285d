package dev.snailbench.model.delivery;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Retries a consumer's handling of one record while the failure may be transient (the platform database or the
 * broker restarting), before the record is nacked to the dead-letter topic. Safe because every consumer is
 * idempotent: handling a record again finds what the first attempt stored. Refusals of the record itself
 * ({@link IllegalArgumentException}: missing ids, invalid content) are not retried. While it retries, the
 * partition waits: back-pressure, not loss.
 */
public final class Redelivery {

    /** Attempts after the first; with the back-off below they span about 30 s, a database or broker restart. */
    static final int RETRIES = 12;

    private static final Logger LOG = Logger.getLogger(Redelivery.class);

    private Redelivery() {}

    /**
     * Runs {@code handling} on the caller's Vert.x context (Hibernate Reactive needs it), again on each retry.
     *
     * @param what names the record in the log line of each retry (e.g. "work item …")
     */
    public static <T> Uni<T> withRetries(String what, Supplier<Uni<T>> handling) {
        return withRetries(what, Vertx.currentContext(), handling);
    }

    /**
     * Runs {@code handling} on {@code context}, again on each retry: for callers that get here from a callback
     * completed elsewhere (a dead-letter send acknowledged on the producer's thread), whose current context is no
     * longer the record's own.
     */
    public static <T> Uni<T> withRetries(String what, Context context, Supplier<Uni<T>> handling) {
        Executor onContext = context == null ? Runnable::run : task -> context.runOnContext(ignored -> task.run());
        return Uni.createFrom()
                .<T>deferred(() -> handling.get())
                .runSubscriptionOn(onContext)
                .onFailure(Redelivery::mayBeTransient)
                .invoke(e -> LOG.warnf("%s: attempt failed, retrying: %s", what, e.toString()))
                .onFailure(Redelivery::mayBeTransient)
                .retry()
                .withBackOff(Duration.ofMillis(250), Duration.ofSeconds(4))
                .atMost(RETRIES);
    }

    static boolean mayBeTransient(Throwable e) {
        return !(e instanceof IllegalArgumentException);
    }
}
