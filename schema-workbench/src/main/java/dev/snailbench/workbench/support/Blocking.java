package dev.snailbench.workbench.support;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Runs blocking work (JDBC on target databases, SQL parsing) on the worker pool with a timeout, then hops
 * back onto the caller's Vert.x context so Hibernate Reactive can continue there.
 */
public final class Blocking {

    private Blocking() {}

    public static <T> Uni<T> run(Callable<T> work, Duration timeout) {
        Context ctx = Vertx.currentContext();
        Uni<T> uni = Uni.createFrom()
                .item(() -> {
                    try {
                        return work.call();
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new IllegalStateException(e.getMessage(), e);
                    }
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .ifNoItem()
                .after(timeout)
                .fail();
        return ctx == null ? uni : uni.emitOn(r -> ctx.runOnContext(x -> r.run()));
    }
}
