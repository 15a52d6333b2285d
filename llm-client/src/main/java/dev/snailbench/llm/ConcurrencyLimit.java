package dev.snailbench.llm;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayDeque;

/**
 * At most {@code max} calls in flight; later callers wait in order. A waiter resumes on its own Vert.x context,
 * not on the thread of the call that released the permit (Hibernate Reactive needs the original context).
 */
public final class ConcurrencyLimit {

    private final int max;
    private final ArrayDeque<Runnable> waiters = new ArrayDeque<>();
    private int inFlight;

    public ConcurrencyLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, was " + max);
        }
        this.max = max;
    }

    public Uni<Void> acquire() {
        return Uni.createFrom().emitter(emitter -> {
            Context ctx = Vertx.currentContext();
            Runnable grant =
                    ctx == null ? () -> emitter.complete(null) : () -> ctx.runOnContext(x -> emitter.complete(null));
            boolean now;
            synchronized (this) {
                now = inFlight < max;
                if (now) {
                    inFlight++;
                } else {
                    waiters.add(grant);
                }
            }
            if (now) {
                emitter.complete(null);
            }
        });
    }

    public void release() {
        Runnable next;
        synchronized (this) {
            next = waiters.poll();
            if (next == null) {
                inFlight--;
            }
        }
        if (next != null) {
            next.run(); // the permit passes straight to the next waiter
        }
    }

    public synchronized int inFlight() {
        return inFlight;
    }
}
